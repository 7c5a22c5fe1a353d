import type { ApiClient, StorageLike } from '@nimbus/client';
import { ApiError, claimInvitation, fetchInvitePage, isRetryableError } from '@nimbus/client';
import type { InviteAnswer } from '@nimbus/contracts';
import { errorKinds } from '@nimbus/contracts';
import { forgetInvitation, markInvitationSent, readPendingInvitation } from './pending-invitation';

/** What claiming the pending invitation came to. */
export type ClaimOutcome =
  /** Nothing to claim: no invitation, or the member's own link. */
  | { kind: 'none' }
  | { kind: 'claimed'; answer: InviteAnswer }
  /** The claim did not go through; `kept` when the invitation stays for a later page. */
  | { kind: 'failed'; kept: boolean };

export interface InvitationClaimDeps {
  storage: StorageLike;
  /** The two referral calls are all it makes. */
  client: Pick<ApiClient, 'get' | 'post'>;
  now: number;
  /** Told of granted days (the caller remembers them and refreshes the member's state). */
  onGranted: (days: number) => void;
}

/**
 * Failures after which the same claim can go through later: no answer, a server fault, an
 * overloaded or timed-out server, or a session to be renewed. Anything else (the server refused
 * the claim itself) drops the invitation.
 */
export function mayPassLater(cause: unknown): boolean {
  if (!(cause instanceof ApiError)) {
    return true;
  }
  const passing: readonly number[] = [
    errorKinds.unauthenticated,
    errorKinds.unavailable,
    errorKinds.deadline_exceeded,
    errorKinds.resource_exhausted,
    errorKinds.aborted,
  ];
  return (
    cause.status === undefined || isRetryableError(cause) || passing.includes(cause.error_code)
  );
}

/**
 * Claims the invitation kept in `storage` for the signed-in member, once: the member's own
 * link is dropped unclaimed (the server would count it as none and give the free trial, which
 * would use up their one claim); an answer, with days or without, ends the invitation (days
 * granted before, on another browser, are not granted again); a failure that may pass keeps it
 * for the next page. A claim whose answer was lost with its page (the member was sent on right
 * after signing in) is made again by the next page, and its repeated answer is announced.
 */
export async function claimKeptInvitation(deps: InvitationClaimDeps): Promise<ClaimOutcome> {
  const pending = readPendingInvitation(deps.storage, deps.now);
  if (!pending) {
    forgetInvitation(deps.storage);
    return { kind: 'none' };
  }
  try {
    const own = await fetchInvitePage(deps.client, 0);
    if (own.invite_code.toUpperCase() === pending.code) {
      forgetInvitation(deps.storage);
      return { kind: 'none' };
    }
    markInvitationSent(deps.storage, pending);
    const sent = await claimInvitation(deps.client, pending.claim);
    forgetInvitation(deps.storage);
    // A repeat of this browser's own claim, whose answer an earlier page did not live to read,
    // is news to the member.
    const answer = pending.sent && sent.repeated ? { ...sent, repeated: false } : sent;
    if (answer.free_days > 0 && !answer.repeated) {
      deps.onGranted(answer.free_days);
    }
    return { kind: 'claimed', answer };
  } catch (cause) {
    const kept = mayPassLater(cause);
    if (!kept) {
      forgetInvitation(deps.storage);
    }
    return { kind: 'failed', kept };
  }
}
