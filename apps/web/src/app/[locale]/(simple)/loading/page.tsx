import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('loading');

/** /loading: the captcha challenge's waiting page (unprefixed). */
export default function LoadingPage() {
  return <InfoPage page="loading" />;
}
