'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { TimeChart, type ChartLine } from './time-chart';

export type DashboardSeries = ChartLine;

/**
 * A chart of the dashboard with its title, a summary read to screen readers, and the same
 * figures as a table one click away.
 */
export function DashboardChart({
  title,
  days,
  lines,
}: {
  title: string;
  days: string[];
  lines: ChartLine[];
}) {
  const t = useTranslations('console.dashboard');
  const format = useFormatter();
  const summary = t('summary', {
    title,
    from: days[0] ?? '',
    to: days.at(-1) ?? '',
    figures: lines
      .map((line) =>
        t('lineSummary', {
          label: line.label,
          total: format.number(line.values.reduce((total, value) => total + value, 0)),
          max: format.number(Math.max(0, ...line.values)),
        }),
      )
      .join('; '),
  });
  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-border p-4"
      data-testid="dashboard-chart"
    >
      <h2 className="font-medium">{title}</h2>
      <TimeChart days={days} lines={lines} summary={summary} />
      <details>
        <summary className="cursor-pointer text-sm text-muted-foreground">{t('table')}</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-sm tabular-nums">
            <thead>
              <tr>
                <th scope="col" className="text-start font-medium">
                  {t('day')}
                </th>
                {lines.map((line) => (
                  <th key={line.label} scope="col" className="text-end font-medium">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day} className="border-t border-border">
                  <th scope="row" className="text-start font-normal">
                    {day}
                  </th>
                  {lines.map((line) => (
                    <td key={line.label} className="text-end">
                      {format.number(line.values[index] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
