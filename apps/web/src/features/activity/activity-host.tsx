'use client';

import { useEffect, useState } from 'react';
import type { Locale } from '@nimbus/contracts';
import dynamic from 'next/dynamic';
import type { AbstractIntlMessages } from 'next-intl';
import type { ErrorTexts } from '@/lib/api/error-text';
import type { ActivityDialogKind } from './activity-dialog-event';
import { showActivityDialogEvent } from './activity-dialog-event';
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
 * The activities' part of every page: opens the beginner tasks dialog or the running promotions
 * when asked with `openActivityDialog` (also by `?action=show_beginner_dialog` and
 * `?action=show_activity_dialog` through the dialog-action host). The dialogs load only when
 * one opens.
 */
export function ActivityHost({ locale, messages, errorTexts, hrefs }: ActivityHostProps) {
  const [dialog, setDialog] = useState<ActivityDialogKind>();

  useEffect(() => {
    const open = (event: Event) => setDialog((event as CustomEvent<ActivityDialogKind>).detail);
    window.addEventListener(showActivityDialogEvent, open);
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
