import { TvActivateLink } from '@/features/auth/tv-activate-link';
import { InfoPage, infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('tv-help');

/** /tv-help: help for the TV app, with the link to connect a TV. */
export default async function TvHelpPage({ params }: LocaleParams) {
  return (
    <InfoPage page="tv-help">
      <TvActivateLink locale={await localeOf(params)} />
    </InfoPage>
  );
}
