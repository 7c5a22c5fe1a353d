'use client';

import { appDownloadPlatforms } from '@nimbus/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import type { DashboardFigures } from './console-api';

type Platform = (typeof appDownloadPlatforms)[number];

function isPlatform(name: string): name is Platform {
  return (appDownloadPlatforms as readonly string[]).includes(name);
}

/** App downloads counted per platform, as a table (since the site began unless `title` says otherwise). */
export function AppDownloads({
  downloads,
  title,
}: {
  downloads: DashboardFigures['app_downloads'];
  title?: string;
}) {
  const t = useTranslations('console.dashboard');
  const format = useFormatter();
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-border p-4">
      <h2 className="font-medium">{title ?? t('downloads')}</h2>
      {downloads.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('downloadsEmpty')}</p>
      ) : (
        <table className="w-full text-sm tabular-nums" data-testid="app-downloads">
          <tbody>
            {downloads.map((row) => (
              <tr key={row.platform} className="border-t border-border first:border-t-0">
                <th scope="row" className="py-1 text-start font-normal">
                  {isPlatform(row.platform) ? t(`platform.${row.platform}`) : row.platform}
                </th>
                <td className="py-1 text-end">{format.number(row.downloads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
