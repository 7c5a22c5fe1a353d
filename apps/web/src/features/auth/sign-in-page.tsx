import type { Locale } from '@nimbus/contracts';
import { localePath } from '@/i18n/locale-path';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { AuthPanel } from './auth-panel';

export interface SignInPageProps {
  locale: Locale;
}

/** The sign-in page of `/auth` and `/drive/login`: sign in, sign up and password reset. */
export function SignInPage({ locale }: SignInPageProps) {
  return (
    <div className="w-full px-4 py-10">
      <AuthMessages locale={locale} namespaces={['auth']}>
        <AuthPanel
          errorTexts={errorTextsOf(locale)}
          defaultRedirect={localePath(locale, '/drive/all')}
        />
      </AuthMessages>
    </div>
  );
}
