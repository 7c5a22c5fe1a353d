'use client';

import { useEffect, useState } from 'react';
import type { Locale } from '@nimbus/contracts';
import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { openActivityDialog } from '@/features/activity/activity-dialog-event';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { useLayoutStore } from '@/lib/layout-store';
import { openInviteDialog } from '@/features/referral/invite-dialog-event';
import { localePath } from '@/i18n/locale-path';
import type { DialogActionRequest } from '@/lib/dialog-action';
import { pathWithoutLocale, readDialogAction, stepOf } from '@/lib/dialog-action';
import { useDriveActionStore } from './drive-action-store';
import type { PopupTexts } from './popup-window';

const PopupWindow = dynamic(() => import('./popup-window'), { ssr: false });

export interface DialogActionHostProps {
  locale: Locale;
  popupTexts: PopupTexts;
}

/**
 * The one dispatcher of the dialog actions (docs/product.md#entities): on arrival, and whenever the
 * address changes, it reads `?action=` with its companion parameters and performs it, taking it
 * off the address first so a reload does not repeat it. Dialogs of every page (invite,
 * beginner tasks, promotions, the popup prompt, the mobile sidebar) open where the visitor is;
 * navigations (sign-in, the link checker, the home page, feedback, search, the redeem box) go
 * there; the drive's own actions are handed to the drive page that performs them (the task
 * list, the file listing, the shell), going to that page first when needed and waiting for
 * sign-in. Unknown or malformed actions do nothing.
 */
export function DialogActionHost({ locale, popupTexts }: DialogActionHostProps) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const session = useStoredSession().kind;
  const [popup, setPopup] = useState(false);
  const search = searchParams.toString();

  useEffect(() => {
    // The address is read from the window: the hook's copy may be older than a replaceState.
    const url = new URL(window.location.href);
    const read = readDialogAction(url);
    if (!read) {
      return;
    }
    if (!read.request) {
      // A known action with malformed parameters does nothing and leaves the address; an
      // unknown one is left alone for whatever page may own it.
      if (read.known) {
        window.history.replaceState(null, '', read.rest.href);
      }
      return;
    }
    const { request, rest } = read;
    const here = pathWithoutLocale(url.pathname);
    const step = stepOf(request, here, session);
    if (step.kind === 'wait') {
      return;
    }
    if (step.kind === 'go') {
      router.replace(`${localePath(locale, step.path)}${url.search}`);
      return;
    }
    const back = `${rest.pathname}${rest.search}${rest.hash}`;
    const signIn = (redirect: string) =>
      `${localePath(locale, '/drive/login')}?${new URLSearchParams({ redirect }).toString()}`;
    const perform = (action: DialogActionRequest): (() => void) | undefined => {
      switch (action.action) {
        case 'show_invite_dialog':
          return openInviteDialog;
        case 'show_beginner_dialog':
          return () => openActivityDialog('beginner');
        case 'show_activity_dialog':
          return () => openActivityDialog('activity');
        case 'show_mobile_sidebar':
          return () => useLayoutStore.getState().setSidebarMobileVisible(true);
        case 'show_popup_window':
          return () => setPopup(true);
        case 'open_feedback':
          return () => router.push(localePath(locale, '/drive/feedback'));
        case 'landing_page':
          return () => router.push(localePath(locale, '/'));
        case 'url_checker': {
          const link = url.searchParams.get('url');
          const query = link ? `?${new URLSearchParams({ url: link }).toString()}` : '';
          return () => router.push(`${localePath(locale, '/url-checker')}${query}`);
        }
        case 'search':
          return () =>
            router.push(
              `${localePath(locale, '/drive/all')}?${new URLSearchParams({ q: action.keyword }).toString()}`,
            );
        case 'login_required':
        case 'show_login':
          return session === 'signed-out' ? () => router.push(signIn(back)) : () => undefined;
        case 'login_to_drive': {
          const drive = localePath(locale, '/drive/all');
          return session === 'signed-out'
            ? () => router.push(signIn(drive))
            : () => router.push(drive);
        }
        case 'open_redeem_box':
          return undefined;
        case 'show_task':
        case 'create_task':
        case 'open_file':
        case 'highlight_files':
        case 'move_files':
        case 'show_storage_dialog':
        case 'show_traffic_dialog':
          return () => useDriveActionStore.getState().put(action);
      }
    };
    const sessionNeeded =
      request.action === 'login_required' ||
      request.action === 'show_login' ||
      request.action === 'login_to_drive';
    if (sessionNeeded && session === 'unknown') {
      return;
    }
    const run = perform(request);
    // No state of our own: Next.js then takes the new address into its router (useSearchParams),
    // so a later link to the same action is a change it follows.
    window.history.replaceState(null, '', rest.href);
    run?.();
  }, [pathname, search, session, router, locale]);

  return popup ? (
    <PopupWindow texts={popupTexts} locale={locale} onClose={() => setPopup(false)} />
  ) : null;
}
