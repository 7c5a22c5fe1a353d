'use client';

import { useCallback, useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { getAbout, type About } from './payment-api';
import { usageRatio } from './product-price';
import type { PaymentVariant } from './payment-variant';

type AboutState = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; about: About };

/** The member's usage (`GET /drive/v1/about`), asked once signed in and again on `reload`. */
export function useAbout(signedIn: boolean) {
  const [state, setState] = useState<AboutState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!signedIn) {
      return;
    }
    const controller = new AbortController();
    getAbout(controller.signal).then(
      (about) => setState({ kind: 'ready', about }),
      () => {
        if (!controller.signal.aborted) {
          setState({ kind: 'error' });
        }
      },
    );
    return () => controller.abort();
  }, [signedIn, round]);
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setRound((count) => count + 1);
  }, []);
  return { state, reload };
}

/** One labelled bar of usage against a limit. */
function UsageBar({
  label,
  usage,
  limit,
  text,
  testId,
}: {
  label: string;
  usage: number;
  limit: number;
  text: string;
  testId: string;
}) {
  const ratio = usageRatio(usage, limit);
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">{text}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', ratio >= 0.9 ? 'bg-danger' : 'bg-primary')}
          style={{ width: `${Math.max(ratio * 100, usage > 0 ? 2 : 0)}%` }}
        />
      </div>
    </div>
  );
}

/** The usage section: storage, download traffic and today's tasks, as the page's variant shows them. */
export function PaymentUsage({
  variant,
  about,
  reload,
  size,
}: {
  variant: PaymentVariant;
  about: AboutState;
  reload: () => void;
  size: (bytes: string | number) => string;
}) {
  const t = useTranslations('payment');
  return (
    <section
      aria-labelledby="usage-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-5 sm:p-6"
    >
      <h2 id="usage-title" className="text-lg font-semibold">
        {t('usage.title')}
      </h2>
      {about.kind === 'loading' ? (
        <div aria-label={t('usage.loading')} role="status" className="flex flex-col gap-3">
          <div className="h-9 animate-pulse rounded-lg bg-muted" />
          <div className="h-9 animate-pulse rounded-lg bg-muted" />
        </div>
      ) : null}
      {about.kind === 'error' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-danger">
            {t('usage.error')}
          </p>
          <Button variant="outline" size="sm" onClick={reload}>
            {t('usage.retry')}
          </Button>
        </div>
      ) : null}
      {about.kind === 'ready' ? (
        <div className="flex flex-col gap-4">
          {variant !== 'traffic' ? (
            <UsageBar
              testId="usage-storage"
              label={t('usage.storage')}
              usage={Number(about.about.quota.usage)}
              limit={Number(about.about.quota.limit)}
              text={t('usage.used-of', {
                used: size(about.about.quota.usage),
                limit: size(about.about.quota.limit),
              })}
            />
          ) : null}
          {variant !== 'storage' && about.about.quotas?.download_traffic ? (
            <UsageBar
              testId="usage-traffic"
              label={t('usage.download-traffic')}
              usage={Number(about.about.quotas.download_traffic.usage)}
              limit={Number(about.about.quotas.download_traffic.limit)}
              text={t('usage.used-of', {
                used: size(about.about.quotas.download_traffic.usage),
                limit: size(about.about.quotas.download_traffic.limit),
              })}
            />
          ) : null}
          {variant === 'plans' && about.about.quotas?.cloud_download ? (
            <UsageBar
              testId="usage-tasks"
              label={t('usage.tasks-today')}
              usage={Number(about.about.quotas.cloud_download.usage)}
              limit={Number(about.about.quotas.cloud_download.limit)}
              text={t('usage.count-of', {
                used: Number(about.about.quotas.cloud_download.usage),
                limit: Number(about.about.quotas.cloud_download.limit),
              })}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
