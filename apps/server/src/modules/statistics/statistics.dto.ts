import type { AppDownloadCounts, AppDownloadPlatform } from '@nimbus/contracts';
import type { DownloadCounts } from './statistics.service';

/** The answer of `GET /statistics/pub/download`: counts as decimal strings (docs/api.md#conventions). */
export function toDownloadCounts(counts: DownloadCounts): AppDownloadCounts {
  return {
    kind: 'statistics#downloads',
    downloads: Object.fromEntries(
      Object.entries(counts.downloads).map(([platform, count]) => [platform, String(count)]),
    ) as Record<AppDownloadPlatform, string>,
    total: String(counts.total),
    updated_time: counts.readAt.toISOString(),
  };
}
