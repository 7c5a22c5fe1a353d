'use client';

import type { ProductCatalogue } from '@nimbus/contracts';
import { useFormatter, useTranslations } from 'next-intl';

/** Free and premium side by side, with the operator's real limits. */
export function PlanComparison({
  catalogue,
  size,
}: {
  catalogue: ProductCatalogue;
  size: (bytes: string | number) => string;
}) {
  const t = useTranslations('payment');
  const format = useFormatter();
  const { free, premium } = catalogue.plans;
  const rows = [
    ['storage', size(free.storage_bytes), size(premium.storage_bytes)],
    ['cloud-traffic', size(free.offline_traffic_bytes), size(premium.offline_traffic_bytes)],
    ['download-traffic', size(free.download_traffic_bytes), size(premium.download_traffic_bytes)],
    ['tasks-per-day', format.number(free.cloud_downloads), format.number(premium.cloud_downloads)],
    ['running', format.number(free.offline_running), format.number(premium.offline_running)],
  ] as const;
  return (
    <section aria-labelledby="compare-title" className="flex flex-col gap-3">
      <h2 id="compare-title" className="text-lg font-semibold">
        {t('compare.title')}
      </h2>
      <div className="overflow-x-auto rounded-2xl border border-border bg-background">
        <table className="w-full min-w-[20rem] text-left text-sm" data-testid="plan-comparison">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="p-3 font-medium text-muted-foreground">
                {t('compare.feature')}
              </th>
              <th scope="col" className="p-3 font-semibold">
                {t('compare.free')}
              </th>
              <th scope="col" className="p-3 font-semibold text-primary">
                {t('compare.premium')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([row, freeValue, premiumValue]) => (
              <tr
                key={row}
                className="border-b border-border last:border-b-0"
                data-testid={`compare-${row}`}
              >
                <th scope="row" className="p-3 font-normal">
                  {t(`compare.${row}`)}
                </th>
                <td className="p-3">{freeValue}</td>
                <td className="p-3 font-semibold">{premiumValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
