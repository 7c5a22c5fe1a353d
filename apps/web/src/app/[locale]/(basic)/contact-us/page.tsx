import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('contact-us');

/** /contact-us: how to reach the team. */
export default function ContactUsPage() {
  return <InfoPage page="contact-us" />;
}
