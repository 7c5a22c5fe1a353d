import type { MetadataRoute } from 'next';
import { appIconPath, appIcons } from '@/features/web-app/app-icons';
import { shareTargetParams, shareTargetPath } from '@/lib/share-target';

/**
 * The web app manifest (docs/web-app.md#installable-app): installable, opening on the drive, with
 * the Nimbus icons and colours, and a share target that takes links from a phone's share sheet
 * into the Add dialog (share-target.ts) and files into an upload (drive/upload/shared-files.ts).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Nimbus',
    short_name: 'Nimbus',
    description: 'Cloud drive and file sharing',
    start_url: '/drive/all',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#2f6fdc',
    // One share target takes links and files: the service worker keeps shared files for the
    // drive and sends a link on to the share target's page (public/sw.js, receiveShare).
    share_target: {
      action: shareTargetPath,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { ...shareTargetParams, files: [{ name: 'files', accept: ['*/*'] }] },
    },
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ...appIcons.map((icon) => ({
        src: appIconPath(icon),
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
    ],
  };
}
