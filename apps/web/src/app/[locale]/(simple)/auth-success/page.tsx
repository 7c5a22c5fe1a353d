import { CircleCheck } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button-variants';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('auth-success');

/** /auth-success: the end of a sign-in started from an app (the OAuth hand-off). */
export default async function AuthSuccessPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return (
    <section
      data-testid="auth-success"
      className="mx-auto flex max-w-sm flex-col items-center gap-4 px-4 py-14 text-center"
    >
      <CircleCheck aria-hidden className="size-14 text-primary" />
      <h1 className="text-2xl font-semibold tracking-tight">{t('success.title')}</h1>
      <p className="text-muted-foreground">{t('success.body')}</p>
      <a href={localePath(locale, '/drive/all')} className={buttonVariants({ variant: 'outline' })}>
        {t('success.drive')}
      </a>
    </section>
  );
}
