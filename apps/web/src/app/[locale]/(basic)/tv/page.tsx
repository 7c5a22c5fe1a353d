import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('tv');

/** /tv: the TV app. */
export default function TvPage() {
  return <InfoPage page="tv" />;
}
