'use client';

import { useEffect, useMemo, useState } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import type { DashboardFigures } from './console-api';
import { dashboardFigures } from './console-api';
import { AppDownloads } from './app-downloads';
import { DashboardDetails } from './dashboard-details';
import { DashboardChart, type DashboardSeries } from './dashboard-chart';

/** The periods the dashboard offers, in days ending today (UTC). */
const periods = [7, 30, 90, 365] as const;
type Period = (typeof periods)[number];

const colors = {
  signUps: '#2563eb',
  conversions: '#d97706',
  expiries: '#dc2626',
  active: '#16a34a',
  uploads: '#7c3aed',
  sharesCreated: '#0891b2',
  sharesOpened: '#0d9488',
  sharesSaved: '#65a30d',
  reports: '#be123c',
  appDownloads: '#64748b',
  uploadBytes: '#9333ea',
};

/** A figure of the period above the charts. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-border p-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The console's statistics (admins): over 7, 30, 90 or 365 days, the sign-ups, premium
 * conversions, premium grants ending, active members, files added and their bytes, shares
 * created and saved, reports and app downloads per day as charts (each with its table), their
 * totals, the tables of dashboard-details.tsx, and the app downloads since the site began.
 */
export function DashboardView({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('console.dashboard');
  const format = useFormatter();
  const locale = useLocale();
  const [period, setPeriod] = useState<Period>(30);
  const [answer, setAnswer] = useState<{
    period: Period;
    figures?: DashboardFigures;
    error?: string;
  }>();

  useEffect(() => {
    let current = true;
    dashboardFigures(period).then(
      (figures) => current && setAnswer({ period, figures }),
      (cause: unknown) =>
        current && setAnswer({ period, error: errorText(cause, locale, errorTexts) ?? '' }),
    );
    return () => {
      current = false;
    };
  }, [period, locale, errorTexts]);
  const figures = answer?.period === period ? answer.figures : undefined;
  const error = answer?.period === period ? answer.error : undefined;

  const days = useMemo(() => figures?.days.map((row) => row.day) ?? [], [figures]);
  const series = useMemo(() => {
    const rows = figures?.days ?? [];
    const line = (key: keyof typeof colors, values: number[]): DashboardSeries => ({
      label: t(key),
      color: colors[key],
      values,
    });
    return {
      growth: [
        line(
          'signUps',
          rows.map((row) => row.sign_ups),
        ),
        line(
          'conversions',
          rows.map((row) => row.conversions),
        ),
        line(
          'expiries',
          rows.map((row) => row.expiries),
        ),
      ],
      active: [
        line(
          'active',
          rows.map((row) => row.active_members),
        ),
      ],
      traffic: [
        line(
          'uploads',
          rows.map((row) => row.uploads),
        ),
        line(
          'sharesCreated',
          rows.map((row) => row.shares_created),
        ),
        line(
          'sharesOpened',
          rows.map((row) => row.shares_opened),
        ),
        line(
          'sharesSaved',
          rows.map((row) => row.shares_saved),
        ),
        line(
          'reports',
          rows.map((row) => row.reports),
        ),
        line(
          'appDownloads',
          rows.map((row) => row.app_downloads),
        ),
      ],
      bytes: [
        line(
          'uploadBytes',
          rows.map((row) => row.upload_bytes),
        ),
      ],
    };
  }, [figures, t]);

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const quiet =
    figures !== undefined &&
    figures.days.every(
      (row) =>
        row.sign_ups === 0 &&
        row.conversions === 0 &&
        row.active_members === 0 &&
        row.uploads === 0 &&
        row.shares_created === 0 &&
        row.app_downloads === 0,
    );

  return (
    <div className="flex flex-col gap-6">
      <div role="group" aria-label={t('period')} className="flex flex-wrap gap-2">
        {periods.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={period === days}
            onClick={() => setPeriod(days)}
            className={cn(
              'min-h-11 rounded-lg border border-border px-4 text-sm hover:bg-muted',
              period === days && 'bg-muted font-medium',
            )}
          >
            {t('days', { count: days })}
          </button>
        ))}
      </div>
      {error !== undefined && <FormAlert tone="error">{error}</FormAlert>}
      {figures === undefined && error === undefined && (
        <p className="text-muted-foreground" aria-live="polite">
          {t('loading')}
        </p>
      )}
      {figures !== undefined && (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="dashboard-figures">
            <Figure
              testId="figure-sign-ups"
              label={t('signUps')}
              value={format.number(sum(series.growth[0]?.values ?? []))}
            />
            <Figure
              testId="figure-conversions"
              label={t('conversions')}
              value={format.number(sum(series.growth[1]?.values ?? []))}
            />
            <Figure
              testId="figure-active"
              label={t('peakActive')}
              value={format.number(Math.max(0, ...(series.active[0]?.values ?? [])))}
            />
            <Figure
              testId="figure-stored"
              label={t('stored')}
              value={formatBytes(Number(figures.stored.live_bytes), { locale })}
            />
            <Figure
              testId="figure-trash"
              label={t('trash')}
              value={formatBytes(Number(figures.stored.trash_bytes), { locale })}
            />
          </dl>
          {quiet ? (
            <p className="text-muted-foreground" data-testid="dashboard-empty">
              {t('empty')}
            </p>
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              <DashboardChart title={t('growth')} days={days} lines={series.growth} />
              <DashboardChart title={t('activity')} days={days} lines={series.active} />
              <DashboardChart title={t('traffic')} days={days} lines={series.traffic} />
              <DashboardChart title={t('bytesAdded')} days={days} lines={series.bytes} />
            </div>
          )}
          <DashboardDetails figures={figures} />
          <AppDownloads downloads={figures.app_downloads} />
        </>
      )}
    </div>
  );
}
