import type { InvitePageAnswer } from '@nimbus/contracts';
import { defaultStorage, fetchInvitePage, getCookie, setCookie } from '@nimbus/client';
import { browserClient } from '@/lib/api/browser-client';
import { readCredentials } from '@/lib/session/credentials';
import { refreshProfile } from '@/lib/session/session';
import { parseRefererList, refererListCookieName } from '../../guards/referer-list.guard';
import type { FreeTrialOutcome } from './free-trial';
import { freeDaysCookieName, markFreeTrialCalled, requestFreeTrial } from './free-trial';
import { keepGrantNotice } from './grant-notice';
import type { ClaimOutcome } from './invitation-claim';
import { claimKeptInvitation } from './invitation-claim';

/** The referral page's data (`GET /vip/v1/activity/inviteExtActivityPage`). */
export type InvitePage = InvitePageAnswer['data'];

/** How many of the newest invitees the pages list. */
export const inviteeListLimit = 20;

/** The member's referral page: link, friends joined, days earned, newest invitees. */
export function loadInvitePage(limit: number, signal?: AbortSignal): Promise<InvitePage> {
  return fetchInvitePage(browserClient(), limit, signal ? { signal } : undefined);
}

/**
 * Keeps granted days in the `free_days` cookie for as many days and refreshes the profile (the
 * member is premium now).
 */
function keepGrantedDays(days: number): void {
  setCookie(freeDaysCookieName, String(days), {
    maxAge: days * 24 * 60 * 60,
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
  void refreshProfile();
}

/**
 * Claims the invitation this browser keeps for the signed-in member (`claimKeptInvitation`):
 * granted days are kept in the `free_days` cookie for as many days, the profile is refreshed
 * (the member is premium now), and the grant is kept to announce (`readGrantNotice`) should
 * the page be left before it shows it. A claim made counts as the member's free-trial call.
 */
export async function claimPendingInvitation(): Promise<ClaimOutcome> {
  const storage = defaultStorage();
  const userId = readCredentials()?.user_id;
  const outcome = await claimKeptInvitation({
    storage,
    client: browserClient(),
    now: Date.now(),
    onGranted: keepGrantedDays,
  });
  if (outcome.kind === 'claimed' && userId !== undefined) {
    markFreeTrialCalled(storage, userId);
    if (outcome.answer.free_days > 0 && !outcome.answer.repeated) {
      keepGrantNotice(storage, userId, outcome.answer, Date.now());
    }
  }
  return outcome;
}

/** The free-trial call of docs/product.md#states for the signed-in member, from this page. */
export function requestMemberFreeTrial(userId: string): Promise<FreeTrialOutcome> {
  return requestFreeTrial({
    storage: defaultStorage(),
    client: browserClient(),
    userId,
    page: new URL(window.location.href),
    source: getCookie('source'),
    referers: parseRefererList(getCookie(refererListCookieName), Date.now()).map(
      (entry) => entry.host,
    ),
    onGranted: keepGrantedDays,
    now: Date.now(),
  });
}
