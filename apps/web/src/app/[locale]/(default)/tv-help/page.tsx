import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('tv-help');

/** /tv-help: help for the TV app. */
export default function TvHelpPage() {
  return <InfoPage page="tv-help" />;
}
