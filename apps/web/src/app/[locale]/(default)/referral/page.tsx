import { getMessages, getTranslations } from 'next-intl/server';
import { NextIntlClientProvider } from 'next-intl';
import { PageIntro } from '@/components/page-intro';
import { ReferralPage as ReferralPageBody } from '@/features/referral/referral-page';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('referral', '/referral');

/**
 * /referral: the referral programme. The heading and its promise are rendered here; the
 * member's link, rewards and the rules below them in the browser (only the `referral`
 * messages are sent along).
 */
export default async function ReferralPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'referral' });
  const messages: Messages = await getMessages({ locale });
  return (
    <PageIntro title={t('hero.title')} description={t('hero.lead')}>
      <NextIntlClientProvider locale={locale} messages={{ referral: messages.referral }}>
        <ReferralPageBody
          signInHref={localePath(locale, '/drive/login')}
          policyHref={localePath(locale, '/policy/anti-abuse')}
        />
      </NextIntlClientProvider>
    </PageIntro>
  );
}
