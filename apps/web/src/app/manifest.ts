import type { MetadataRoute } from 'next';
import { shareTargetParams, shareTargetPath } from '@/lib/share-target';

/**
 * The web app manifest: installable, with the Nimbus icons and colours, and a share target that
 * takes links from a phone's share sheet into the Add dialog (share-target.ts).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Nimbus',
    short_name: 'Nimbus',
    description: 'Cloud drive and file sharing',
    start_url: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#2f6fdc',
    share_target: {
      action: shareTargetPath,
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: shareTargetParams,
    },
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/apple-icon', sizes: '180x180', type: 'image/png' },
    ],
  };
}
