import { CloudOff } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { infoPageMetadata } from '@/features/site/info-page';
import { RetryButton } from '@/features/web-app/retry-button';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('no-connection');

/**
 * /no-connection: the installed app's offline shell. The service worker keeps it (fetched
 * without cookies: it holds nothing of a member's) and shows it in place of a page the network
 * cannot bring (docs/web-app.md#installable-app).
 */
export default async function NoConnectionPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <section
      data-testid="no-connection"
      className="mx-auto flex max-w-sm flex-col items-center gap-4 px-4 py-14 text-center"
    >
      <CloudOff aria-hidden className="size-14 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">{t('no-connection.title')}</h1>
      <p className="text-muted-foreground">{t('no-connection.description')}</p>
      <RetryButton label={t('no-connection.retry')} />
    </section>
  );
}
