import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button-variants';
import { localePath } from '@/i18n/locale-path';

/** The link of `/tv` and `/tv-help` to the page where a TV's code is entered. */
export async function TvActivateLink({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'auth' });
  return (
    <a href={localePath(locale, '/tv/activate')} className={buttonVariants({ variant: 'primary' })}>
      {t('device.title')}
    </a>
  );
}
