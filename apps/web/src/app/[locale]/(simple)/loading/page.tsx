import { CaptchaRelay } from '@/features/auth/captcha-relay';
import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('loading');

/** /loading: the captcha challenge's return page (unprefixed); hands the result to the modal. */
export default function LoadingPage() {
  return (
    <InfoPage page="loading">
      <CaptchaRelay />
    </InfoPage>
  );
}
