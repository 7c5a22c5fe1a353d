import type { InviteAnswer, InvitePageAnswer } from '@nimbus/contracts';
import {
  ApiError,
  claimInvitation,
  defaultStorage,
  fetchInvitePage,
  setCookie,
} from '@nimbus/client';
import { errorKinds } from '@nimbus/contracts';
import { browserClient } from '@/features/auth/browser-client';
import { refreshProfile } from '@/features/auth/session';
import { forgetInvitation, readPendingInvitation } from './pending-invitation';

/** The referral page's data (`GET /vip/v1/activity/inviteExtActivityPage`). */
export type InvitePage = InvitePageAnswer['data'];

/** How many of the newest invitees the pages list. */
export const inviteeListLimit = 20;

/** The cookie that holds the free days of a claim for as many days (spec section 4). */
export const freeDaysCookieName = 'free_days';

/** The member's referral page: link, friends joined, days earned, newest invitees. */
export function loadInvitePage(limit: number, signal?: AbortSignal): Promise<InvitePage> {
  return fetchInvitePage(browserClient(), limit, signal ? { signal } : undefined);
}

/** What claiming the pending invitation came to. */
export type ClaimOutcome =
  /** Nothing to claim: no invitation, or the member's own link. */
  | { kind: 'none' }
  | { kind: 'claimed'; answer: InviteAnswer }
  /** The claim did not go through now; the invitation is kept for a later page. */
  | { kind: 'failed' };

/** Failures after which the same claim could go through later (network, server, session). */
function isPassing(cause: unknown): boolean {
  if (!(cause instanceof ApiError)) {
    return true;
  }
  const passing: readonly number[] = [
    errorKinds.unauthenticated,
    errorKinds.unavailable,
    errorKinds.internal,
    errorKinds.unknown,
    errorKinds.deadline_exceeded,
    errorKinds.resource_exhausted,
    errorKinds.aborted,
  ];
  return passing.includes(cause.error_code) || cause.status === undefined;
}

/**
 * Claims the invitation this browser keeps for the signed-in member (`POST
 * /vip/v1/activity/invite`), once: the member's own link is dropped unclaimed; granted days are
 * kept in the `free_days` cookie for as many days and the profile is refreshed (the member is
 * premium now). A failure that may pass keeps the invitation for the next page.
 */
export async function claimPendingInvitation(now = Date.now()): Promise<ClaimOutcome> {
  const storage = defaultStorage();
  const pending = readPendingInvitation(storage, now);
  if (!pending) {
    forgetInvitation(storage);
    return { kind: 'none' };
  }
  try {
    const own = await loadInvitePage(0);
    if (own.invite_code.toUpperCase() === pending.code) {
      forgetInvitation(storage);
      return { kind: 'none' };
    }
    const answer = await claimInvitation(browserClient(), pending.claim);
    forgetInvitation(storage);
    if (answer.free_days > 0) {
      setCookie(freeDaysCookieName, String(answer.free_days), {
        maxAge: answer.free_days * 24 * 60 * 60,
        sameSite: 'lax',
        secure: window.location.protocol === 'https:',
      });
      void refreshProfile();
    }
    return { kind: 'claimed', answer };
  } catch (cause) {
    if (!isPassing(cause)) {
      forgetInvitation(storage);
    }
    return { kind: 'failed' };
  }
}
