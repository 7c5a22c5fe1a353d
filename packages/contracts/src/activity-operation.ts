import { z } from 'zod';
import { grantedMembershipSchema, vipDataSchema } from './membership';

/*
 * Seasonal promotions and compensations (docs/product.md #what-nimbus-is and #screens-and-routes: christmas, black-friday,
 * compensation, the activity-end route middleware). The config host publishes when each ends
 * (`POST /config/v1/activity_operation`, `values.activity_operation`); the web app closes an
 * ended activity's page, and the server refuses a compensation claimed after its end.
 */

/** The promotion pages, by the last segment of their path (`/activity/<name>`). */
export const seasonalActivities = ['christmas', 'black-friday', 'compensation'] as const;
export type SeasonalActivity = (typeof seasonalActivities)[number];

/** Lower-case letters, digits and `_`: a compensation type (`aliyun_accident_202409`). */
export const compensationTypePattern = /^[a-z0-9_]{1,64}$/;

const instantSchema = z.iso.datetime({ offset: true });

/** One promotion's schedule: it is over from `ends_at` on. */
export const activityWindowSchema = z.object({
  /** RFC 3339; from this instant on the activity's page leads to /activity-end. */
  ends_at: instantSchema,
});
export type ActivityWindow = z.infer<typeof activityWindowSchema>;

/** One compensation: who may claim it, how many days it grants and until when. */
export const compensationOfferSchema = z.object({
  /** Premium days the compensation grants. */
  days: z.number().int().min(1).max(366),
  /** Only members who signed up before this instant (those the incident touched) may claim. */
  joined_before: instantSchema,
  /** RFC 3339; from this instant on it can no longer be claimed. */
  ends_at: instantSchema,
});
export type CompensationOffer = z.infer<typeof compensationOfferSchema>;

/** `values.activity_operation` of the config host. */
export const activityOperationSchema = z.object({
  /** The seasonal promotions by name (`christmas`, `black-friday`); a missing one is not over. */
  activities: z.record(z.string(), activityWindowSchema),
  /** The compensations by type; the compensation page names one in `?type=`. */
  compensations: z.record(z.string().regex(compensationTypePattern), compensationOfferSchema),
});
export type ActivityOperation = z.infer<typeof activityOperationSchema>;

/** Whether an activity or compensation that ends at `endsAt` is over at `now` (epoch ms). */
export function isWindowOver(window: { ends_at: string } | undefined, now: number): boolean {
  return window !== undefined && now >= Date.parse(window.ends_at);
}

/**
 * Whether the page of a promotion is over: a seasonal promotion at its `ends_at`; the
 * compensation page when the compensation its link names has ended (an unknown type is not
 * "over": the page says it does not exist).
 */
export function isActivityOver(
  operation: ActivityOperation,
  activity: SeasonalActivity,
  now: number,
  compensationType?: string,
): boolean {
  if (activity === 'compensation') {
    return (
      compensationType !== undefined && isWindowOver(operation.compensations[compensationType], now)
    );
  }
  return isWindowOver(operation.activities[activity], now);
}

/** `POST /vip/v1/activity/compensate` by a member (`{type}`): the days received and the VIP state. */
export const compensationClaimAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  granted: grantedMembershipSchema,
  data: vipDataSchema,
});
export type CompensationClaimAnswer = z.infer<typeof compensationClaimAnswerSchema>;
