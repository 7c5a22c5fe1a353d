import { z } from 'zod';
import { pageLimitSchema } from './paging';
import { actionPath } from './shield';
import { compensationTypePattern } from '../activity-operation';
import { grantedMembershipSchema, vipDataSchema } from '../membership';

/** A count, as every count of the API: a decimal string (docs/api.md#conventions). */
const countSchema = z.string().regex(/^\d{1,16}$/, 'a decimal count');

/*
 * Membership activities (docs/api.md#account-and-membership): invitations and the free trial, membership tasks and their
 * rewards, the referral page, compensations and unsubscribe links.
 */

/** The scenes whose membership tasks `GET /vip/v1/task/status?scene=` lists. */
export const activityScenes = ['beginner', 'invite'] as const;
export type ActivityScene = (typeof activityScenes)[number];

/**
 * Membership tasks: a thing a member does in the drive that earns premium days once
 * (`POST /vip/v1/activity/rewardVip` with the task as `type`).
 */
export const activityTaskTypes = [
  'upload_file',
  'share_file',
  'offline_download',
  'invite_friend',
] as const;
export type ActivityTaskType = (typeof activityTaskTypes)[number];

/** `TODO` not done yet, `DONE` done and its reward waiting, `REWARDED` its reward received. */
export const activityTaskStatuses = ['TODO', 'DONE', 'REWARDED'] as const;
export type ActivityTaskStatus = (typeof activityTaskStatuses)[number];

/** `POST /vip/v1/activity/invite`: the free trial, or an invitation's days when `rr` carries a code. */
export const inviteAnswerSchema = z.object({
  /** Premium days this member received (0 when none); the same answer on every later call. */
  free_days: z.number().int().min(0),
  /** Whether the days came from a member's invitation (the inviter received days too). */
  invited: z.boolean(),
  /**
   * Whether an earlier call already received this answer: the days were granted then, not now
   * (a client announces only a grant made now).
   */
  repeated: z.boolean(),
});
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;

/** One membership task of a scene. */
export const activityTaskSchema = z.object({
  type: z.enum(activityTaskTypes),
  status: z.enum(activityTaskStatuses),
  /** Premium days the task's reward grants. */
  reward_days: z.number().int().min(0),
  /**
   * How far the member is: `progress` of `target` actions, as decimal strings (a task is done
   * when they are equal).
   */
  progress: countSchema,
  target: countSchema,
});
export type ActivityTask = z.infer<typeof activityTaskSchema>;

/** `GET /vip/v1/task/status?scene=`. */
export const taskStatusAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  scene: z.enum(activityScenes),
  tasks: z.array(activityTaskSchema),
});
export type TaskStatusAnswer = z.infer<typeof taskStatusAnswerSchema>;

/** `POST /vip/v1/activity/rewardVip`: the reward's days and the VIP state after them. */
export const rewardAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  granted: grantedMembershipSchema,
  data: vipDataSchema,
});
export type RewardAnswer = z.infer<typeof rewardAnswerSchema>;

/** A member who joined through an invitation, as the inviter sees them. */
export const inviteeSchema = z.object({
  /** The invitee's name, first and last letter only (`A***e`). */
  name: z.string(),
  joined_at: z.string(),
  /** Days the inviter received for this invitation (0 past the monthly limit). */
  free_days: z.number().int().min(0),
});

/** `GET /vip/v1/activity/inviteExtActivityPage?limit=`: the referral page's data. */
export const invitePageAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  data: z.object({
    /** The member's own invite code (made on the first call, then kept). */
    invite_code: z.string(),
    /** The referral page with the code, to send to friends. */
    invite_url: z.string(),
    /** Days an invitation grants each of the two members. */
    free_days: z.number().int().min(0),
    /** Members who joined with this member's code (a decimal string). */
    invited_count: countSchema,
    /** Days this member received for invitations. */
    earned_days: z.number().int().min(0),
    /** Rewarded invitations per 30 days, and how many of them are left now (decimal strings). */
    monthly_limit: countSchema,
    monthly_remaining: countSchema,
    /** The newest invitees, at most `limit`. */
    invitees: z.array(inviteeSchema),
  }),
});
export type InvitePageAnswer = z.infer<typeof invitePageAnswerSchema>;

/** `POST /vip/v1/activity/compensate` (admins): who received the days and who already had them. */
export const compensateAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  /** Members who received the days now. */
  granted: z.array(z.string()),
  /** Members who had received this compensation before, or who do not exist. */
  skipped: z.array(z.string()),
});
export type CompensateAnswer = z.infer<typeof compensateAnswerSchema>;

/** `POST /vip/v1/verifyRecaptchaToken`. */
export const verifyCaptchaAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  success: z.literal(true),
});

/** `GET /mail/v1/unsubscribe?d=`: the address (masked) and the mails it no longer receives. */
export const unsubscribeAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  email: z.string(),
  scene: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

/**
 * `GET /mail/v1/subscription?d=` (reads only) and `POST /mail/v1/subscribe` `{d}` (subscribes
 * again): the address (masked), the kind of mail and whether that mail is sent to it.
 */
export const subscriptionAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  email: z.string(),
  scene: z.string(),
  subscribed: z.boolean(),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

/* What the membership calls take. */

/** `POST /vip/v1/order/activation-code`. */
export const activationBodySchema = z
  .object({
    /** The code as the member typed it; spaces, dashes and case do not matter. */
    activation_code: z.string().min(1).max(128),
    /** Client context the web app sends along; accepted and not stored. */
    data: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();

/** `POST /vip/v1/activity/invite` (docs/product.md#calls: `from=web, rr, tf, rf`). */
export const inviteBodySchema = z
  .object({
    /** The client that calls (`web`, `tv`, ...). */
    from: z.string().min(1).max(32),
    /** The page the member signed up on, host plus path (and query): may carry `invite_code`. */
    rr: z.string().max(2048).default(''),
    /** The task source (add_button, landing_page, ...), for statistics; not stored. */
    tf: z.string().max(64).default(''),
    /** The referring sites, comma-joined; not stored. */
    rf: z.string().max(4096).default(''),
    /** An invite code typed or carried by the app; wins over one in `rr`. */
    invite_code: z.string().max(32).optional(),
  })
  .strict();

/** `GET /vip/v1/task/status?scene=`. */
export const taskStatusQuerySchema = z.object({
  scene: z
    .string()
    .max(32)
    .describe(`One of ${activityScenes.join(', ')}`),
});

/** `POST /vip/v1/activity/rewardVip` (docs/product.md#calls: `type, data`). */
export const rewardBodySchema = z
  .object({
    type: z
      .string()
      .max(64)
      .describe(`The task: one of ${activityTaskTypes.join(', ')}`),
    /** Client context the web app sends along; accepted and not stored. */
    data: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();

/** `GET /vip/v1/activity/inviteExtActivityPage?limit=`. */
export const invitePageQuerySchema = z.object({
  limit: pageLimitSchema({ max: 100, fallback: 20, min: 0 }),
});

const compensationTypeSchema = z
  .string()
  .regex(compensationTypePattern, 'lower-case letters, digits and _ (at most 64)');

/** `POST /vip/v1/activity/compensate` by an admin: grants `days` to each of `user_ids`. */
export const compensateBodySchema = z
  .object({
    /** The compensation, e.g. `aliyun_accident_202409`: each member receives one of a type once. */
    type: compensationTypeSchema,
    days: z.number().int().min(1).max(366),
    /** Member ids: opaque URL-safe strings (docs/api.md#conventions); an unknown one comes back in `skipped`. */
    user_ids: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'a member id'))
      .min(1)
      .max(1000),
  })
  .strict();

/** `POST /vip/v1/activity/compensate` by a member: claims the configured compensation `type`. */
export const compensationClaimBodySchema = z
  .object({
    type: compensationTypeSchema,
    /** Client context (as `rewardVip`'s); accepted and not stored. */
    data: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();

/** Either form of `POST /vip/v1/activity/compensate`. */
export const compensateAnyBodySchema = z.union([compensateBodySchema, compensationClaimBodySchema]);

/** `POST /vip/v1/verifyRecaptchaToken`. */
export const verifyCaptchaBodySchema = z
  .object({
    /** A `captcha_token` of `POST /v1/shield/captcha/init`. */
    token: z.string().min(1).max(512),
    /** The action the token was asked for (`METHOD:/path`; an origin before the path is dropped). */
    action: z
      .string()
      .min(1)
      .max(200)
      .default('POST:/vip/v1/verifyRecaptchaToken')
      .transform(actionPath),
  })
  .strict();

/** `GET /mail/v1/unsubscribe?d=`. */
export const unsubscribeQuerySchema = z.object({
  d: z.string().min(1).max(1024),
});

/**
 * `POST /mail/v1/unsubscribe?d=`, the one-click unsubscribe of RFC 8058: mail programs post the
 * form `List-Unsubscribe=One-Click` to the address of a mail's `List-Unsubscribe` header.
 */
export const oneClickUnsubscribeBodySchema = z.object({
  'List-Unsubscribe': z.literal('One-Click'),
});

/** `POST /mail/v1/subscribe`: the signed address of the unsubscribe link. */
export const subscribeBodySchema = z.object({ d: z.string().min(1).max(1024) }).strict();
