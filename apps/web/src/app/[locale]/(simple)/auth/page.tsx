import { infoPageMetadata } from '@/features/site/info-page';
import { SignInPage } from '@/features/auth/sign-in-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('auth');

/** /auth: sign-in (unprefixed; the locale comes from the cookie or the browser). */
export default async function AuthPage({ params }: LocaleParams) {
  return <SignInPage locale={await localeOf(params)} />;
}
