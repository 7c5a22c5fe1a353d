import type { Locale } from '@nimbus/contracts';
import { Download } from 'lucide-react';
import { getTranslations } from 'next-intl/server';

/** How often an app was downloaded (the public counts of `/statistics/pub/download`); nothing before the first. */
export async function DownloadCount({
  locale,
  count,
}: {
  locale: Locale;
  count: number | undefined;
}) {
  if (count === undefined || !Number.isSafeInteger(count) || count <= 0) {
    return null;
  }
  const t = await getTranslations({ locale, namespace: 'apps' });
  return (
    // A span: it may stand inside a card's paragraph.
    <span
      className="flex items-center gap-1 text-sm text-muted-foreground"
      data-testid="download-count"
    >
      <Download aria-hidden className="size-4" />
      {t('download.count', { count })}
    </span>
  );
}
