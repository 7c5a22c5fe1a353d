'use client';

import { useEffect } from 'react';
import { CalendarClock } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { pathWithoutLocale } from '@/lib/dialog-action';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { forgetDeletion, useRememberedDeletion } from './deletion-memory';

export interface DeletionBannerTexts {
  /** "... deleted for good on {date} ...": the purge day, spelled out in the page's language. */
  body: string;
  cancel: string;
}

/**
 * The drive's banner while the account deletion this browser asked for is pending: the day of
 * the purge and "Cancel deletion" (the sign-in that withdraws the request). Shown to the
 * signed-out visitor only (the request ended every session); a sign-in forgets it. The account
 * page shows the same state in its own panel, so the banner stays off there.
 */
export function DeletionBanner({
  locale,
  texts,
  cancelHref,
}: {
  locale: string;
  texts: DeletionBannerTexts;
  cancelHref: string;
}) {
  const purgeAfter = useRememberedDeletion();
  const session = useStoredSession();
  const pathname = usePathname();
  const signedIn = session.kind === 'signed-in';

  useEffect(() => {
    if (signedIn) {
      forgetDeletion();
    }
  }, [signedIn]);

  if (!purgeAfter || session.kind !== 'signed-out' || !isDrivePage(pathname)) {
    return null;
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(purgeAfter));
  return (
    <div
      role="status"
      data-testid="deletion-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-danger/10 px-4 py-2 text-sm text-danger"
    >
      <CalendarClock aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">{texts.body.replace('{date}', date)}</span>
      <a
        href={cancelHref}
        data-testid="deletion-banner-cancel"
        className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 md:min-h-0"
      >
        {texts.cancel}
      </a>
    </div>
  );
}

/** The drive's own pages, less the account page (its panel says it) and the cancelling sign-in. */
function isDrivePage(pathname: string): boolean {
  const path = pathWithoutLocale(pathname);
  if (!path.startsWith('/drive/') || path === '/drive/account') {
    return false;
  }
  return !(path === '/drive/login' && window.location.search.includes('cancel_deletion=1'));
}
