import type { MetadataRoute } from 'next';
import type { Locale } from '@nimbus/contracts';
import { localePath } from '@/i18n/locale-path';
import { shareTargetParams, shareTargetPath } from '@/lib/share-target';
import { appIconPath, appIcons } from './app-icons';

/** The manifest's path in a locale: `/manifest.webmanifest`, `/ja/manifest.webmanifest`, ... */
export function manifestPath(locale: Locale): string {
  return localePath(locale, '/manifest.webmanifest');
}

/**
 * The web app manifest of a locale (docs/web-app.md#installable-app): installable, opening on the
 * drive in that language, described in it, with the Nimbus icons and colours, and a share target
 * that takes links from a phone's share sheet into the Add dialog (share-target.ts) and files into
 * an upload (drive/upload/shared-files.ts). Every locale's manifest is the same app (`id`).
 */
export function webAppManifest(locale: Locale, description: string): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Nimbus',
    short_name: 'Nimbus',
    description,
    lang: locale,
    dir: 'ltr',
    start_url: localePath(locale, '/drive/all'),
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

/** The manifest as served, with its media type. */
export function webAppManifestResponse(manifest: MetadataRoute.Manifest): Response {
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8' },
  });
}
