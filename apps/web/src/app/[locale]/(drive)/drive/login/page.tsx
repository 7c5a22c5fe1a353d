import { infoPageMetadata } from '@/features/site/info-page';
import { SignInPage } from '@/features/auth/sign-in-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-login');

/** /drive/login: sign in to the drive. */
export default async function DriveLoginPage({ params }: LocaleParams) {
  return <SignInPage locale={await localeOf(params)} />;
}
