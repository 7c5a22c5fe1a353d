import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('referral');

/** /referral: the referral programme. */
export default function ReferralPage() {
  return <InfoPage page="referral" />;
}
