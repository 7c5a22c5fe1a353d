'use client';

import { formatBytes } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { DashboardFigures } from './console-api';
import { AppDownloads } from './app-downloads';

const phases = [
  'PHASE_TYPE_PENDING',
  'PHASE_TYPE_RUNNING',
  'PHASE_TYPE_PAUSED',
  'PHASE_TYPE_ERROR',
  'PHASE_TYPE_COMPLETE',
] as const;
type Phase = (typeof phases)[number];
const isPhase = (name: string): name is Phase => (phases as readonly string[]).includes(name);

/** A titled table of the dashboard, scrolling inside its box when long. */
function Panel({
  title,
  testId,
  empty,
  head,
  children,
}: {
  title: string;
  testId: string;
  /** Shown in place of the table when it has no rows. */
  empty?: string | undefined;
  head: string[];
  children: ReactNode;
}) {
  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-border p-4"
      data-testid={testId}
    >
      <h2 className="font-medium">{title}</h2>
      {empty !== undefined ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-sm tabular-nums">
            <thead>
              <tr>
                {head.map((label, index) => (
                  <th
                    key={label}
                    scope="col"
                    className={index === 0 ? 'text-start font-medium' : 'text-end font-medium'}
                  >
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * The dashboard's tables: storage by plan and the deduplication saving now, and over the period
 * the analytics events by page and language, the offline downloads by phase and failure reason,
 * and the app downloads per platform.
 */
export function DashboardDetails({ figures }: { figures: DashboardFigures }) {
  const t = useTranslations('console.dashboard');
  const format = useFormatter();
  const locale = useLocale();
  const bytes = (value: string | number) => formatBytes(Number(value), { locale });
  const logical = Number(figures.deduplication.logical_bytes);
  const physical = Number(figures.deduplication.physical_bytes);
  const saving = Math.max(0, logical - physical);
  const rowClass = 'border-t border-border';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel
        title={t('storageByPlan')}
        testId="storage-by-plan"
        head={[t('planColumn'), t('members'), t('bytes')]}
      >
        {figures.storage_by_plan.map((row) => (
          <tr key={row.plan} className={rowClass}>
            <th scope="row" className="text-start font-normal">
              {row.plan === 'premium' || row.plan === 'free' ? t(`planName.${row.plan}`) : row.plan}
            </th>
            <td className="text-end">{format.number(row.members)}</td>
            <td className="text-end">{bytes(row.bytes)}</td>
          </tr>
        ))}
      </Panel>
      <Panel title={t('deduplication')} testId="deduplication" head={['', '']}>
        <tr className={rowClass}>
          <th scope="row" className="text-start font-normal">
            {t('logical')}
          </th>
          <td className="text-end">{bytes(logical)}</td>
        </tr>
        <tr className={rowClass}>
          <th scope="row" className="text-start font-normal">
            {t('physical')}
          </th>
          <td className="text-end">{bytes(physical)}</td>
        </tr>
        <tr className={rowClass}>
          <th scope="row" className="text-start font-normal">
            {t('saving')}
          </th>
          <td className="text-end" data-testid="deduplication-saving">
            {bytes(saving)}
            {logical > 0 && ` (${format.number(saving / logical, { style: 'percent' })})`}
          </td>
        </tr>
      </Panel>
      <Panel
        title={t('pageViews')}
        testId="page-views"
        empty={figures.page_views.length === 0 ? t('pageViewsEmpty') : undefined}
        head={[t('route'), t('locale'), t('views')]}
      >
        {figures.page_views.map((row) => (
          <tr key={`${row.route} ${row.locale}`} className={rowClass}>
            <th scope="row" className="text-start font-normal break-all">
              {row.route}
            </th>
            <td className="text-end">{row.locale === '' ? t('noLocale') : row.locale}</td>
            <td className="text-end">{format.number(row.views)}</td>
          </tr>
        ))}
      </Panel>
      <Panel
        title={t('offlineTasks')}
        testId="offline-tasks"
        empty={figures.offline_tasks.length === 0 ? t('offlineEmpty') : undefined}
        head={[t('phase'), t('reason'), t('count')]}
      >
        {figures.offline_tasks.map((row) => (
          <tr key={`${row.phase} ${row.reason}`} className={rowClass}>
            <th scope="row" className="text-start font-normal">
              {isPhase(row.phase) ? t(`phaseName.${row.phase}`) : row.phase}
            </th>
            <td className="text-end break-all">{row.reason}</td>
            <td className="text-end">{format.number(row.count)}</td>
          </tr>
        ))}
      </Panel>
      <AppDownloads title={t('periodDownloads')} downloads={figures.period_downloads} />
    </div>
  );
}
