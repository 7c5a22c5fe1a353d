import { readFileSync } from 'node:fs';
import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { sitePages } from '@/features/site/site-routes';
import { generateStaticParams } from '@/app/icons/[name]/route';
import { shareTargetPath } from '@/lib/share-target';
import { appIconPath, appIcons } from './app-icons';
import { manifestPath, webAppManifest } from './web-app-manifest';
import {
  maxSharedBytes,
  maxSharedFiles,
  sharedFileHeaders,
  sharedFilesCacheName,
  sharedFilesPath,
  sharedFilesRefusedPath,
} from '@/features/drive/upload/shared-files';
import { serviceWorkerUrl } from './use-service-worker';
import { offlineCacheNames } from '@/features/policy/storage-inventory';

const worker = readFileSync(new URL(`../../../public${serviceWorkerUrl}`, import.meta.url), 'utf8');

/** A `const name = ...;` of the service worker, as JSON or a string literal. */
function workerConstant(name: string): unknown {
  const match = new RegExp(`const ${name} = (.+);`).exec(worker);
  return match ? (JSON.parse(match[1]!.replaceAll("'", '"')) as unknown) : undefined;
}

describe('the web app manifest', () => {
  const app = webAppManifest('en-US', 'Your links and files, saved in one calm place.');

  it('makes the site an installable app that opens on the drive, inside its own scope', () => {
    expect(app).toMatchObject({ id: '/', name: 'Nimbus', scope: '/', display: 'standalone' });
    expect(app.start_url).toBe('/drive/all');
    expect(sitePages.some((page) => page.path === app.start_url)).toBe(true);
  });

  it('is written in each locale: its description, its language and the drive in it', () => {
    for (const locale of locales) {
      const common = JSON.parse(
        readFileSync(new URL(`../../../messages/${locale}/common.json`, import.meta.url), 'utf8'),
      ) as { tagline: string };
      const localized = webAppManifest(locale, common.tagline);
      expect(localized).toMatchObject({ id: '/', lang: locale, description: common.tagline });
      expect(localized.start_url).toBe(locale === 'en-US' ? '/drive/all' : `/${locale}/drive/all`);
      expect(localized.share_target).toEqual(app.share_target);
      expect(manifestPath(locale)).toBe(
        locale === 'en-US' ? '/manifest.webmanifest' : `/${locale}/manifest.webmanifest`,
      );
    }
  });

  it('lists PNG icons of 192 and 512 pixels, for any use and maskable, each one a drawn route', () => {
    const pngs = (app.icons ?? []).filter((icon) => icon.type === 'image/png');
    for (const purpose of ['any', 'maskable']) {
      expect(pngs.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes)).toEqual([
        '192x192',
        '512x512',
      ]);
    }
    const drawn = generateStaticParams().map(({ name }) => `/icons/${name}`);
    expect(pngs.map((icon) => icon.src)).toEqual(drawn);
    expect(appIcons.map(appIconPath)).toEqual(drawn);
  });

  it('takes links and files shared from a phone to the share target, which the worker receives', () => {
    expect(app.share_target).toEqual({
      action: shareTargetPath,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        title: 'title',
        text: 'text',
        url: 'url',
        files: [{ name: 'files', accept: ['*/*'] }],
      },
    });
    expect(workerConstant('shareTargetPath')).toBe(shareTargetPath);
  });
});

describe('the service worker', () => {
  it('knows the site’s locales and the path of its offline shell', () => {
    expect(workerConstant('locales')).toEqual([...locales]);
    expect(workerConstant('shellPath')).toBe('/no-connection');
    expect(sitePages.some((page) => page.path === workerConstant('shellPath'))).toBe(true);
  });

  it('keeps its pages and static files in the caches the privacy policy names', () => {
    const version = workerConstant('version') as string;
    expect(worker).toContain('const shellCache = `nimbus-shell-${version}`;');
    expect(worker).toContain('const assetCache = `nimbus-assets-${version}`;');
    expect(offlineCacheNames).toEqual([`nimbus-shell-${version}`, `nimbus-assets-${version}`]);
  });

  it('keeps shared files where the drive reads them, within the same limits', () => {
    expect(workerConstant('sharedFilesCache')).toBe(sharedFilesCacheName);
    expect(workerConstant('sharedFilesPath')).toBe(sharedFilesPath);
    expect(workerConstant('sharedFilesRefusedPath')).toBe(sharedFilesRefusedPath);
    expect(workerConstant('maxSharedFiles')).toBe(maxSharedFiles);
    expect(workerConstant('maxSharedBytes')).toBe(maxSharedBytes);
    for (const header of Object.values(sharedFileHeaders)) {
      expect(worker).toContain(`'${header}'`);
    }
  });

  it('never answers API calls or files from its caches', () => {
    expect(worker).toMatch(/request\.method !== 'GET' \|\| url\.origin !== self\.location\.origin/);
    expect(worker).toContain("credentials: 'omit'");
  });
});
