import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { linkEvents } from './link-events';

const site = 'https://nimbus.example';

describe('linkEvents', () => {
  it('tells an app download by its channel', () => {
    expect(
      linkEvents(
        { href: 'https://cdn.example/nimbus.apk', appDownload: 'gp' },
        `${site}/ja/mobile-app`,
        locales,
      ),
    ).toEqual([{ name: 'app-download', props: { platform: 'android', channel: 'gp' } }]);
    expect(
      linkEvents(
        { href: 'https://cdn.example/x', appDownload: 'mac_intel' },
        `${site}/desktop-app`,
        locales,
      ),
    ).toEqual([{ name: 'app-download', props: { platform: 'mac', channel: 'mac_intel' } }]);
    expect(
      linkEvents(
        { href: 'https://cdn.example/x', appDownload: 'floppy' },
        `${site}/desktop-app`,
        locales,
      ),
    ).toEqual([]);
  });

  it('tells a jump to the premium pages from another page, as routes', () => {
    expect(
      linkEvents(
        { href: '/ko/drive/payment/storage', appDownload: undefined },
        `${site}/ko/drive/all?x=1`,
        locales,
      ),
    ).toEqual([
      { name: 'jump-to-vip', props: { from: '/drive/all', to: '/drive/payment/storage' } },
    ]);
    expect(
      linkEvents(
        { href: `${site}/inapp/shop`, appDownload: undefined },
        `${site}/activity/christmas`,
        locales,
      ),
    ).toEqual([{ name: 'jump-to-vip', props: { from: '/activity/christmas', to: '/inapp/shop' } }]);
    // Between the purchase pages, or to another site, it is no jump.
    expect(
      linkEvents(
        { href: '/drive/payment/traffic', appDownload: undefined },
        `${site}/drive/payment`,
        locales,
      ),
    ).toEqual([]);
    expect(
      linkEvents(
        { href: 'https://elsewhere.example/drive/payment', appDownload: undefined },
        `${site}/drive/all`,
        locales,
      ),
    ).toEqual([]);
    expect(
      linkEvents(
        { href: '/drive/payments-history', appDownload: undefined },
        `${site}/drive/all`,
        locales,
      ),
    ).toEqual([]);
  });

  it('tells a share page’s link into the drive, without the share id', () => {
    expect(
      linkEvents(
        { href: '/en-US/drive/all/folder1', appDownload: undefined },
        `${site}/en-US/s/Secret1/f2`,
        locales,
      ),
    ).toEqual([{ name: 'share-page-will-jump-to-web', props: { to: '/drive/all/folder1' } }]);
    expect(
      linkEvents({ href: '/s/Secret1/f3', appDownload: undefined }, `${site}/s/Secret1`, locales),
    ).toEqual([]);
    expect(
      linkEvents({ href: '/drive/all', appDownload: undefined }, `${site}/help`, locales),
    ).toEqual([]);
  });
});
