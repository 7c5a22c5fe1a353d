'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { InviteAnswer, Locale } from '@nimbus/contracts';
import { defaultStorage, getCookie } from '@nimbus/client';
import dynamic from 'next/dynamic';
import type { AbstractIntlMessages } from 'next-intl';
import { whenNoDialogIsOpen } from '@/lib/dialog-queue';
import { readCredentials } from '@/lib/session/credentials';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { parseRefererList, refererListCookieName } from '../../guards/referer-list.guard';
import { showInviteDialogEvent } from './invite-dialog-event';
import {
  freeDaysCookieName,
  parseFreeDays,
  shouldRequestFreeTrial,
  wasFreeTrialCalled,
  wasFreeTrialUnanswered,
} from './free-trial';
import { forgetGrantNotice, readGrantNotice } from './grant-notice';
import { keepInvitation, readPendingInvitation } from './pending-invitation';
import type { ReferralDialog, ReferralDialogHrefs } from './referral-dialogs';

const ReferralDialogs = dynamic(() => import('./referral-dialogs'), { ssr: false });

export interface ReferralHostProps {
  locale: Locale;
  /** The `referral` messages of the dialogs (passed on to them when one opens). */
  messages: AbstractIntlMessages;
  hrefs: ReferralDialogHrefs;
}

/**
 * The referral programme's part of every page. It keeps an invitation the visitor arrived with
 * (`?invite_code=`, with the source and referring sites for the claim), claims it once they are
 * signed in and shows the days it brought, makes a new member's free-trial call once
 * (docs/product.md#states) and tells them the days it brought, and opens the invite dialog when asked
 * (`openInviteDialog`: the account menu, the drive's sidebar, or `?action=show_invite_dialog`
 * through the dialog-action host). The claim and the dialogs load only when needed.
 */
export function ReferralHost({ locale, messages, hrefs }: ReferralHostProps) {
  const session = useStoredSession();
  const [dialog, setDialog] = useState<ReferralDialog>();
  const claiming = useRef(false);
  const stopWaiting = useRef<() => void>(undefined);

  const shown = useRef<ReferralDialog>(undefined);
  const show = useCallback((next: ReferralDialog | undefined) => {
    shown.current = next;
    setDialog(next);
  }, []);

  /**
   * Tells the member of a grant once no other dialog is open: dialogs queue. A dialog of this
   * host already open is replaced rather than waited for, so the welcome never comes back
   * after it is closed.
   */
  const announce = useCallback(
    (answer: InviteAnswer) => {
      stopWaiting.current?.();
      if (shown.current) {
        show({ kind: 'claimed', answer });
        return;
      }
      stopWaiting.current = whenNoDialogIsOpen(() => show({ kind: 'claimed', answer }));
    },
    [show],
  );
  useEffect(() => () => stopWaiting.current?.(), []);

  useEffect(() => {
    const url = new URL(window.location.href);
    const now = Date.now();
    keepInvitation(defaultStorage(), {
      landing: url,
      source: getCookie('source'),
      referers: parseRefererList(getCookie(refererListCookieName), now).map((entry) => entry.host),
      now,
    });
    const open = () => show({ kind: 'invite' });
    window.addEventListener(showInviteDialogEvent, open);
    return () => window.removeEventListener(showInviteDialogEvent, open);
  }, [show]);

  /** The member's id once the profile refresh has fetched their membership. */
  const userId = session.kind === 'signed-in' ? session.membership?.userId : undefined;
  const premium = session.kind === 'signed-in' ? session.membership?.premium : undefined;

  useEffect(() => {
    if (session.kind !== 'signed-in' || claiming.current) {
      return;
    }
    const storage = defaultStorage();
    // A grant the member has not seen yet (the page that got it was left before it showed
    // it), shown once this render is done, like the answers of the calls.
    const memberId = readCredentials()?.user_id;
    const notice =
      memberId === undefined ? undefined : readGrantNotice(storage, memberId, Date.now());
    if (notice) {
      void Promise.resolve(notice).then(announce);
      return;
    }
    const invitationPending = readPendingInvitation(storage, Date.now()) !== undefined;
    if (invitationPending) {
      claiming.current = true;
      void import('./referral-api')
        .then((api) => api.claimPendingInvitation())
        .then((outcome) => {
          if (outcome.kind === 'claimed' && !outcome.answer.repeated) {
            announce(outcome.answer);
          }
        })
        .finally(() => {
          claiming.current = false;
        });
      return;
    }
    const isDue = shouldRequestFreeTrial({
      userId,
      premium,
      freeDays: parseFreeDays(getCookie(freeDaysCookieName)),
      called: userId !== undefined && wasFreeTrialCalled(storage, userId),
      invitationPending,
      unanswered: userId !== undefined && wasFreeTrialUnanswered(storage, userId, Date.now()),
    });
    if (!isDue || userId === undefined) {
      return;
    }
    claiming.current = true;
    void import('./referral-api')
      .then((api) => api.requestMemberFreeTrial(userId))
      .then((outcome) => {
        if (outcome.kind === 'answered' && outcome.answer.free_days > 0) {
          announce(outcome.answer);
        }
      })
      .finally(() => {
        claiming.current = false;
      });
  }, [session.kind, userId, premium, announce]);

  if (!dialog) {
    return null;
  }
  return (
    <ReferralDialogs
      locale={locale}
      messages={messages}
      dialog={dialog}
      hrefs={hrefs}
      onClose={() => {
        if (dialog.kind === 'claimed') {
          forgetGrantNotice(defaultStorage());
        }
        show(undefined);
      }}
    />
  );
}
