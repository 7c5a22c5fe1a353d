import { getTranslations } from 'next-intl/server';
import { AccountPage } from '@/features/account/account-page';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-account');

/** /drive/account: the member's profile, sign-in, membership and the account's deletion. */
export default async function DriveAccountPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [t, common] = await Promise.all([
    getTranslations({ locale, namespace: 'account' }),
    getTranslations({ locale, namespace: 'common' }),
  ]);
  const signIn = `${localePath(locale, '/drive/login')}?${new URLSearchParams({
    redirect: localePath(locale, '/drive/account'),
  }).toString()}`;
  const cancelDeletion = `${localePath(locale, '/drive/login')}?${new URLSearchParams({
    cancel_deletion: '1',
    redirect: localePath(locale, '/drive/account'),
  }).toString()}`;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-semibold tracking-tight">{t('title')}</h1>
      <AuthMessages locale={locale} namespaces={['account']}>
        <AccountPage
          errorTexts={errorTextsOf(locale)}
          signInHref={signIn}
          cancelDeletionHref={cancelDeletion}
          analysisTexts={{
            title: common('analysis.title'),
            label: common('analysis.label'),
            hint: common('analysis.hint'),
            blocked: common('analysis.blocked'),
          }}
        />
      </AuthMessages>
    </div>
  );
}
