import type { InvitePageAnswer } from '@nimbus/contracts';
import { defaultStorage, fetchInvitePage, setCookie } from '@nimbus/client';
import { browserClient } from '@/features/auth/browser-client';
import { refreshProfile } from '@/features/auth/session';
import type { ClaimOutcome } from './invitation-claim';
import { claimKeptInvitation } from './invitation-claim';

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

/**
 * Claims the invitation this browser keeps for the signed-in member (`claimKeptInvitation`):
 * granted days are kept in the `free_days` cookie for as many days, and the profile is
 * refreshed (the member is premium now).
 */
export function claimPendingInvitation(): Promise<ClaimOutcome> {
  return claimKeptInvitation({
    storage: defaultStorage(),
    client: browserClient(),
    now: Date.now(),
    onGranted: (days) => {
      setCookie(freeDaysCookieName, String(days), {
        maxAge: days * 24 * 60 * 60,
        sameSite: 'lax',
        secure: window.location.protocol === 'https:',
      });
      void refreshProfile();
    },
  });
}
