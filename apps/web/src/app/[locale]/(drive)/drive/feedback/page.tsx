import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-feedback');

/** /drive/feedback: feedback to the team. */
export default function DriveFeedbackPage() {
  return <InfoPage page="drive-feedback" />;
}
