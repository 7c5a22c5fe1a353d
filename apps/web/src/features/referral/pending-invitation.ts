import type { InvitationClaim, StorageLike } from '@nimbus/client';
import { invitationClaimOf, inviteCodeOfUrl, readStoredObject } from '@nimbus/client';

/*
 * The invitation a visitor arrived with, kept in local storage until they have signed in or up
 * and it has been claimed (`POST /vip/v1/activity/invite`). The claim is made from whatever page
 * they are on after signing in, so the link may be opened, left and come back to.
 */

/** Local storage key of the pending invitation. */
export const pendingInvitationKey = 'nimbus_invitation';

/** How long an unclaimed invitation is kept: 30 days. */
export const pendingInvitationLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** An invitation waiting to be claimed. */
export interface PendingInvitation {
  /** The inviter's code, upper-cased. */
  code: string;
  /** The body of the claim, made when the visitor arrived. */
  claim: InvitationClaim;
  /** Epoch milliseconds after which it is forgotten. */
  expiry: number;
  /**
   * Set when this browser sent the claim and has not read its answer yet (the page changed
   * while it ran): the answer of the next claim, a repeat, is then this browser's to announce.
   */
  sent?: true;
}

/**
 * Keeps the invitation of `landing` when the address carries an invite code, replacing an
 * older one (the newest link a visitor followed wins; the same link again keeps its claim's
 * `sent` mark). Returns it, or undefined without a code.
 */
export function keepInvitation(
  storage: StorageLike,
  input: { landing: URL; source?: string | undefined; referers?: readonly string[]; now: number },
): PendingInvitation | undefined {
  const code = inviteCodeOfUrl(input.landing);
  if (code === undefined) {
    return undefined;
  }
  const kept = readPendingInvitation(storage, input.now);
  const pending: PendingInvitation = {
    code,
    claim: invitationClaimOf(input),
    expiry: input.now + pendingInvitationLifetimeMs,
    ...(kept?.code === code && kept.sent ? { sent: true } : {}),
  };
  storage.setItem(pendingInvitationKey, JSON.stringify(pending));
  return pending;
}

/** The kept invitation, unless there is none, it is unreadable or it has expired. */
export function readPendingInvitation(
  storage: StorageLike,
  now: number,
): PendingInvitation | undefined {
  const value = readStoredObject(storage, pendingInvitationKey);
  if (value === undefined) {
    return undefined;
  }
  const { code, claim, expiry, sent } = value as Partial<PendingInvitation>;
  if (
    typeof code !== 'string' ||
    typeof expiry !== 'number' ||
    !(expiry > now) ||
    typeof claim !== 'object' ||
    claim === null ||
    claim.from !== 'web' ||
    typeof claim.rr !== 'string' ||
    typeof claim.tf !== 'string' ||
    typeof claim.rf !== 'string'
  ) {
    return undefined;
  }
  return {
    code,
    claim: { from: 'web', rr: claim.rr, tf: claim.tf, rf: claim.rf },
    expiry,
    ...(sent === true ? { sent } : {}),
  };
}

/** Records that the claim of `pending` is being sent (see `PendingInvitation.sent`). */
export function markInvitationSent(storage: StorageLike, pending: PendingInvitation): void {
  storage.setItem(pendingInvitationKey, JSON.stringify({ ...pending, sent: true }));
}

/** Forgets the kept invitation (after it was claimed, or when it is the member's own). */
export function forgetInvitation(storage: StorageLike): void {
  storage.removeItem(pendingInvitationKey);
}
