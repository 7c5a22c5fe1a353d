'use client';

import { useEffect, useState } from 'react';
import type { Locale } from '@nimbus/contracts';
import dynamic from 'next/dynamic';
import type { AbstractIntlMessages } from 'next-intl';
import type { ErrorTexts } from '@/features/auth/error-text';
import type { ActivityDialogKind } from './activity-dialog-event';
import { showActivityDialogEvent, takeActivityDialogAction } from './activity-dialog-event';
import type { ActivityDialogHrefs } from './activity-dialogs';

const ActivityDialogs = dynamic(() => import('./activity-dialogs'), { ssr: false });

export interface ActivityHostProps {
  locale: Locale;
  /** The `activity` messages of the dialogs. */
  messages: AbstractIntlMessages;
  /** The error messages the dialogs may show. */
  errorTexts: ErrorTexts;
  hrefs: ActivityDialogHrefs;
}

/**
 * The activities' part of every page: opens the beginner tasks dialog on
 * `?action=show_beginner_dialog` and the running promotions on `?action=show_activity_dialog`
 * (or when asked with `openActivityDialog`). The dialogs load only when one opens.
 */
export function ActivityHost({ locale, messages, errorTexts, hrefs }: ActivityHostProps) {
  const [dialog, setDialog] = useState<ActivityDialogKind>();

  useEffect(() => {
    const open = (event: Event) => setDialog((event as CustomEvent<ActivityDialogKind>).detail);
    window.addEventListener(showActivityDialogEvent, open);
    const asked = takeActivityDialogAction(new URL(window.location.href));
    if (asked) {
      window.history.replaceState(window.history.state, '', asked.rest.href);
      window.dispatchEvent(new CustomEvent(showActivityDialogEvent, { detail: asked.kind }));
    }
    return () => window.removeEventListener(showActivityDialogEvent, open);
  }, []);

  if (!dialog) {
    return null;
  }
  return (
    <ActivityDialogs
      locale={locale}
      messages={messages}
      errorTexts={errorTexts}
      kind={dialog}
      hrefs={hrefs}
      onClose={() => setDialog(undefined)}
    />
  );
}
