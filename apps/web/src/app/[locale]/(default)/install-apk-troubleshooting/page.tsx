import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('install-apk-troubleshooting');

/** /install-apk-troubleshooting: when the Android package does not install. */
export default function InstallApkTroubleshootingPage() {
  return <InfoPage page="install-apk-troubleshooting" />;
}
