import { z } from 'zod';

/*
 * Memberships (docs/api.md#account-and-membership): what the server answers at `GET /drive/v1/privilege/vip` and what the
 * web app keeps as the member's `vipInfo` (docs/product.md#entities).
 */

/** The premium plans a membership can be of; every one gets the premium defaults. */
export const membershipTypes = ['platinum'] as const;
export type MembershipType = (typeof membershipTypes)[number];
export const membershipTypeSchema = z.enum(membershipTypes);

/** The `type` of the VIP answer for a member without an active membership. */
export const noVipType = 'novip';

/**
 * How a membership was granted: an activation code, an invitation (both members), the free
 * trial of a new member, a membership task's reward, an admin's compensation, an operator, a
 * payment, or the grace a subscription gets while its renewal payment is being retried.
 */
export const membershipSources = [
  'activation_code',
  'invite',
  'trial',
  'reward',
  'compensation',
  'admin',
  'payment',
  'payment_grace',
] as const;
export type MembershipSource = (typeof membershipSources)[number];

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Remaining VIP days (docs/product.md#states): whole days until `expire`, rounded up, never below 0.
 * An empty or unreadable expiry counts as 0.
 */
export function remainingVipDays(expire: string | Date | null | undefined, now: Date): number {
  if (expire === null || expire === undefined || expire === '') {
    return 0;
  }
  const end = expire instanceof Date ? expire.getTime() : Date.parse(expire);
  if (Number.isNaN(end)) {
    return 0;
  }
  return Math.max(0, Math.ceil((end - now.getTime()) / dayMs));
}

/** One plan the member holds or held (`vipItem`). */
export const vipItemSchema = z.object({
  type: z.string(),
  /** RFC 3339 end of the membership of this type. */
  expire: z.string(),
  /** Remaining whole days, rounded up, never below 0. */
  surplus_day: z.number().int().min(0),
});
export type VipItem = z.infer<typeof vipItemSchema>;

/** `data` of the VIP privilege answer (docs/product.md#entities "VIP privilege response"). */
export const vipDataSchema = z.object({
  /** End of the current membership; the last end when it lapsed; `""` when there was none. */
  expire: z.string(),
  /** `ok` while a membership is active (the member is premium), else `invalid`. */
  status: z.enum(['ok', 'invalid']),
  /** The active plan (`platinum`), or `novip`. */
  type: z.string(),
  user_id: z.string(),
  vipItem: z.array(vipItemSchema),
});
export type VipData = z.infer<typeof vipDataSchema>;

/**
 * Remaining VIP days of a member (docs/product.md#states): of the current membership, or of the plan
 * `type` when given (0 when the member never held it).
 */
export function remainingVipDaysOf(
  vip: Pick<VipData, 'expire' | 'vipItem'>,
  now: Date,
  type?: string,
): number {
  if (type === undefined) {
    return remainingVipDays(vip.expire, now);
  }
  return remainingVipDays(vip.vipItem.find((item) => item.type === type)?.expire, now);
}

/** `GET /drive/v1/privilege/vip` (docs/api.md#account-and-membership). */
export const vipAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  data: vipDataSchema,
});
export type VipAnswer = z.infer<typeof vipAnswerSchema>;

/** The membership, or the storage or traffic pack, an activation code granted. */
export const grantedMembershipSchema = z.object({
  /** The plan (`platinum`), or `storage` / `traffic` for a pack. */
  type: z.string(),
  /** A pack's size (decimal string); absent for premium days. */
  bytes: z.string().optional(),
  /** Days the code added. */
  days: z.number().int().min(1),
  /** When the added days begin: now, or the end of the membership already held (packs: now). */
  starts_at: z.string(),
  expires_at: z.string(),
});
export type GrantedMembership = z.infer<typeof grantedMembershipSchema>;

/** `POST /vip/v1/order/activation-code`: the grant and the member's VIP state after it. */
export const activationAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  granted: grantedMembershipSchema,
  data: vipDataSchema,
});
export type ActivationAnswer = z.infer<typeof activationAnswerSchema>;

/**
 * The canonical form of an activation code as a person types it: upper case, without spaces or
 * dashes. Codes are shown in groups of four (`ABCD-EFGH-...`).
 */
export function normalizeActivationCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}
