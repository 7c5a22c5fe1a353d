import { getTranslations } from 'next-intl/server';
import { signInHref } from '@/features/activity/sign-in-href';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { infoPageMetadata } from '@/features/site/info-page';
import { FeedbackForm } from '@/features/support/feedback-form';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { appVersion } from '@/lib/app-version';

export const generateMetadata = infoPageMetadata('drive-feedback');

/** /drive/feedback: a signed-in member's feedback to the team, with screenshots or files. */
export default async function DriveFeedbackPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight text-balance">
        {t('drive-feedback.title')}
      </h1>
      <p className="mt-3 mb-8 text-lg text-pretty text-muted-foreground">
        {t('drive-feedback.description')}
      </p>
      <AuthMessages locale={locale} namespaces={['support']}>
        <FeedbackForm
          errorTexts={errorTextsOf(locale)}
          signInHref={signInHref(locale, localePath(locale, '/drive/feedback'))}
          driveHref={localePath(locale, '/drive/all')}
          helpCenterHref={localePath(locale, '/help-center')}
          appVersion={appVersion}
        />
      </AuthMessages>
    </div>
  );
}
