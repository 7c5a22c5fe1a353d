import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('auth-success');

/** /auth-success: the end of a sign-in started from an app. */
export default function AuthSuccessPage() {
  return <InfoPage page="auth-success" />;
}
