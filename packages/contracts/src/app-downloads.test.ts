import { describe, expect, it } from 'vitest';
import {
  appDownloadsSchema,
  appLink,
  appLinkSchemeSchema,
  mergeAppDownloads,
  parseAppDownloads,
  parseSiteResources,
} from './app-downloads';

const apk = {
  url: 'https://downloads.example.org/nimbus-2.4.1.apk',
  version: '2.4.1',
  size: 48_234_112,
  notes: 'Android 8 or later.',
  sha256: 'AB'.repeat(32),
};

describe('app downloads', () => {
  it('accepts a configuration of known channels and normalises the checksum', () => {
    const parsed = appDownloadsSchema.parse({
      android: apk,
      ios: { url: 'https://apps.example.org/nimbus' },
    });
    expect(parsed.android?.sha256).toBe('ab'.repeat(32));
    expect(parsed.ios).toEqual({ url: 'https://apps.example.org/nimbus' });
  });

  it('refuses unknown channels, non-web links and malformed fields in a configuration', () => {
    for (const bad of [
      { blackberry: { url: 'https://example.org/app' } },
      { android: { url: 'javascript:alert(1)' } },
      { android: { url: 'ftp://example.org/app.apk' } },
      { android: { url: 'https://example.org/app.apk', size: -1 } },
      { android: { url: 'https://example.org/app.apk', sha256: 'xyz' } },
      { android: { url: 'https://example.org/app.apk', version: '' } },
      { android: 'https://example.org/app.apk' },
    ]) {
      expect(appDownloadsSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('reads a stored value leniently: the valid channels stay, the rest is left out', () => {
    expect(
      parseAppDownloads({
        android: apk,
        ios: { url: 'not a url' },
        tv: { url: 'https://example.org/tv.apk', size: 'big' },
        symbian: { url: 'https://example.org/s.sis' },
      }),
    ).toEqual({ android: { ...apk, sha256: 'ab'.repeat(32) } });
    for (const nothing of [undefined, null, 'android', [apk], 42]) {
      expect(parseAppDownloads(nothing)).toEqual({});
    }
  });

  it('lets a stored setting replace or withdraw a channel, and ignores what does not fit', () => {
    const configured = parseAppDownloads({
      android: apk,
      windows: { url: 'https://example.org/nimbus-setup.exe' },
      ios: { url: 'https://apps.example.org/nimbus' },
    });
    const merged = mergeAppDownloads(configured, {
      windows: { url: 'https://example.org/nimbus-setup-2.exe', version: '2.0.0' },
      ios: null,
      android: { url: 'no' },
      gp: { url: 'https://store.example.org/nimbus' },
      other: { url: 'https://example.org' },
    });
    expect(merged).toEqual({
      android: configured.android,
      windows: { url: 'https://example.org/nimbus-setup-2.exe', version: '2.0.0' },
      gp: { url: 'https://store.example.org/nimbus' },
    });
    expect(mergeAppDownloads(configured, 'garbage')).toEqual(configured);
  });

  it('reads the resources group with empty defaults and only a safe app scheme', () => {
    expect(parseSiteResources(undefined)).toEqual({ app_downloads: {}, app_link_scheme: '' });
    expect(
      parseSiteResources({
        app_link_scheme: 'nimbus',
        app_downloads: { tv: { url: 'https://e.org/tv.apk' } },
      }),
    ).toEqual({
      app_downloads: { tv: { url: 'https://e.org/tv.apk' } },
      app_link_scheme: 'nimbus',
    });
    for (const scheme of ['javascript', 'https', 'Nimbus', '1app', 'a b', '']) {
      expect(appLinkSchemeSchema.safeParse(scheme).success).toBe(false);
      expect(parseSiteResources({ app_link_scheme: scheme }).app_link_scheme).toBe('');
    }
  });

  it("builds the app link on the scheme's xpan path", () => {
    expect(appLink('nimbus', '/drive/all')).toBe('nimbus://xpan/drive/all');
    expect(appLink('nimbus', 'drive/all')).toBe('nimbus://xpan/drive/all');
  });
});
