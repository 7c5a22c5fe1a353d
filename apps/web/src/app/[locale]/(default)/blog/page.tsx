import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('blog');

/** /blog: news from the team. */
export default function BlogPage() {
  return <InfoPage page="blog" />;
}
