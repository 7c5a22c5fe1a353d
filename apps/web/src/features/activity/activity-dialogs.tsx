'use client';

import { useEffect, useState } from 'react';
import type { ActivityOperation, ActivityTaskType, Locale } from '@nimbus/contracts';
import { getActivityOperation } from '@nimbus/client';
import { isActivityOver } from '@nimbus/contracts';
import type { AbstractIntlMessages } from 'next-intl';
import { NextIntlClientProvider, useFormatter, useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { browserClient } from '@/lib/api/browser-client';
import type { ErrorTexts } from '@/lib/api/error-text';
import type { ActivityDialogKind } from './activity-dialog-event';
import { CheckIn } from './check-in';

/** Where the dialogs link to, locale-prefixed. */
export interface ActivityDialogHrefs {
  checkIn: string;
  signIn: string;
  /** Where each task is done. */
  tasks: Readonly<Record<ActivityTaskType, string>>;
  /** The promotion pages by name. */
  promotions: Readonly<Record<'christmas' | 'black-friday', string>>;
}

export interface ActivityDialogsProps {
  locale: Locale;
  messages: AbstractIntlMessages;
  errorTexts: ErrorTexts;
  kind: ActivityDialogKind;
  hrefs: ActivityDialogHrefs;
  onClose: () => void;
}

/**
 * The activity dialogs, loaded only when one opens: the beginner tasks with their rewards
 * (`show_beginner_dialog`) and the promotions running now (`show_activity_dialog`).
 */
export default function ActivityDialogs({
  locale,
  messages,
  errorTexts,
  kind,
  hrefs,
  onClose,
}: ActivityDialogsProps) {
  return (
    <NextIntlClientProvider locale={locale} messages={{ activity: messages }}>
      <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
        {kind === 'beginner' ? (
          <BeginnerDialogBody errorTexts={errorTexts} hrefs={hrefs} />
        ) : (
          <PromotionsDialogBody locale={locale} hrefs={hrefs} />
        )}
      </Dialog>
    </NextIntlClientProvider>
  );
}

function BeginnerDialogBody({
  errorTexts,
  hrefs,
}: {
  errorTexts: ErrorTexts;
  hrefs: ActivityDialogHrefs;
}) {
  const t = useTranslations('activity');
  return (
    <DialogContent
      closeLabel={t('dialog.close')}
      data-testid="beginner-dialog"
      className="max-h-[90dvh] overflow-y-auto"
    >
      <DialogTitle>{t('check-in.title')}</DialogTitle>
      <DialogDescription>{t('check-in.lead')}</DialogDescription>
      <CheckIn
        scene="beginner"
        errorTexts={errorTexts}
        signInHref={`${hrefs.signIn}?${new URLSearchParams({ redirect: hrefs.checkIn }).toString()}`}
        taskHrefs={hrefs.tasks}
      />
      <a
        href={hrefs.checkIn}
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('dialog.open-check-in')}
      </a>
    </DialogContent>
  );
}

const promotions = ['christmas', 'black-friday'] as const;
type Promotion = (typeof promotions)[number];

function PromotionsDialogBody({ locale, hrefs }: { locale: Locale; hrefs: ActivityDialogHrefs }) {
  const t = useTranslations('activity');
  const format = useFormatter();
  // The schedule and the promotions running when it arrived; null when it could not be read.
  const [loaded, setLoaded] = useState<{
    operation: ActivityOperation;
    running: Promotion[];
  } | null>();

  useEffect(() => {
    const controller = new AbortController();
    getActivityOperation(
      browserClient(),
      { language_system: locale, language_app: locale },
      { signal: controller.signal },
    ).then(
      (operation) => {
        const now = Date.now();
        setLoaded({
          operation,
          running: promotions.filter((activity) => !isActivityOver(operation, activity, now)),
        });
      },
      () => {
        if (!controller.signal.aborted) {
          setLoaded(null);
        }
      },
    );
    return () => controller.abort();
  }, [locale]);

  const operation = loaded?.operation;
  const running = loaded?.running ?? [];
  return (
    <DialogContent closeLabel={t('dialog.close')} data-testid="activity-dialog">
      <DialogTitle>{t('dialog.offers-title')}</DialogTitle>
      <DialogDescription>{t('dialog.offers-lead')}</DialogDescription>
      {loaded === undefined ? (
        <div
          role="status"
          aria-label={t('dialog.loading')}
          className="h-16 animate-pulse rounded-xl bg-muted"
        />
      ) : null}
      {loaded !== undefined && running.length === 0 ? (
        <p className="text-muted-foreground" data-testid="activity-dialog-none">
          {t('dialog.no-offers')}
        </p>
      ) : null}
      {running.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {running.map((activity) => {
            const endsAt = operation?.activities[activity]?.ends_at;
            return (
              <li key={activity}>
                <a
                  href={hrefs.promotions[activity]}
                  data-testid={`activity-dialog-${activity}`}
                  className="flex flex-col gap-1 rounded-xl border border-border p-4 hover:bg-muted"
                >
                  <span className="font-semibold">{t(`meta.${activity}.title`)}</span>
                  <span className="text-sm text-muted-foreground">
                    {t(`meta.${activity}.description`)}
                  </span>
                  {endsAt ? (
                    <span className="text-xs text-muted-foreground">
                      {t('promo.ends', {
                        date: format.dateTime(new Date(endsAt), {
                          dateStyle: 'long',
                          timeZone: 'UTC',
                        }),
                      })}
                    </span>
                  ) : null}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      <a href={hrefs.checkIn} className={buttonVariants({ variant: 'outline' })}>
        {t('promo.tasks')}
      </a>
    </DialogContent>
  );
}
