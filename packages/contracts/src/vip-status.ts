/*
 * The VIP status values and the premium rule of docs/product.md#states, free of zod so that the
 * browser's header (which stores the membership after each profile refresh) can use them
 * without loading the schemas. The status schema is `vipStatusSchema` in `enums.ts`.
 */

/** VIP status values; a member is premium when the status is `ok`. */
export const vipStatuses = ['ok', 'invalid'] as const;
export type VipStatus = (typeof vipStatuses)[number];

/** Whether a VIP status makes the member premium (docs/product.md#states). */
export function isPremiumStatus(status: string | null | undefined): boolean {
  return status === 'ok';
}

/** The user type sent for analytics: 2 for premium members, 1 otherwise. */
export function analyticsUserTypeOf(premium: boolean): 1 | 2 {
  return premium ? 2 : 1;
}
