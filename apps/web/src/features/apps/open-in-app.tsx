import { appLink, type Locale } from '@nimbus/contracts';
import { ExternalLink } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button-variants';

/** "Already have the app?": the app link (`<scheme>://xpan/<path>`) of the operator's scheme. */
export async function OpenInApp({
  locale,
  scheme,
  path,
}: {
  locale: Locale;
  scheme: string;
  path: string;
}) {
  const t = await getTranslations({ locale, namespace: 'apps' });
  return (
    <p className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <span className="text-muted-foreground">{t('open-app.title')}</span>
      <a
        href={appLink(scheme, path)}
        className={buttonVariants({ variant: 'ghost' })}
        data-app-link
      >
        <ExternalLink aria-hidden />
        {t('open-app.action')}
      </a>
    </p>
  );
}
