import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('favorite-links-hub');

/** /favorite-links-hub: community-picked links. */
export default function FavoriteLinksHubPage() {
  return <InfoPage page="favorite-links-hub" />;
}
