import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('auth');

/** /auth: sign-in (unprefixed; the locale comes from the cookie or the browser). */
export default function AuthPage() {
  return <InfoPage page="auth" />;
}
