import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('browser-extension');

/** /browser-extension: the browser extension (mobile visitors are sent home by the proxy). */
export default function BrowserExtensionPage() {
  return <InfoPage page="browser-extension" />;
}
