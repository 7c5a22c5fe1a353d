import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildTestApp, dialects, errorOf, ok, type TestApp } from '../helper';

const apk = {
  url: 'https://downloads.nimbus.example/nimbus-2.4.1.apk',
  version: '2.4.1',
  size: 48234112,
  sha256: 'c0ffee'.padEnd(64, '0'),
};

interface Resources {
  values: { resources: { app_downloads: Record<string, unknown>; app_link_scheme: string } };
}

describe('app downloads configuration', () => {
  it('fails at boot with a readable message when APP_DOWNLOADS or APP_LINK_SCHEME is malformed', () => {
    for (const [name, value] of [
      ['APP_DOWNLOADS', 'not json'],
      ['APP_DOWNLOADS', '{"android":{"url":"javascript:alert(1)"}}'],
      ['APP_DOWNLOADS', '{"palm":{"url":"https://example.org/app"}}'],
      ['APP_LINK_SCHEME', 'https'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
    expect(loadConfig({}).APP_DOWNLOADS).toEqual({});
    expect(loadConfig({}).APP_LINK_SCHEME).toBeUndefined();
  });
});

describe.each(dialects)('POST /config/v1/resources on %s', (dialect) => {
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function resources(app: TestApp) {
    return ok<Resources>(
      await app.app.inject({
        method: 'POST',
        url: '/config/v1/resources',
        payload: { client: 'web', data: {} },
      }),
    ).values.resources;
  }

  describe('with nothing configured', () => {
    beforeEach(async () => {
      t = await buildTestApp(dialect, {});
    });

    it('publishes no app and no scheme', async () => {
      expect(await resources(t!)).toEqual({ app_downloads: {}, app_link_scheme: '' });
    });
  });

  describe('with apps configured', () => {
    beforeEach(async () => {
      t = await buildTestApp(dialect, {
        APP_DOWNLOADS: JSON.stringify({
          android: apk,
          ios: { url: 'https://apps.nimbus.example/ios' },
        }),
        APP_LINK_SCHEME: 'nimbus',
      });
    });

    it('publishes the configured apps, and stored settings change them channel by channel', async () => {
      const app = t!;
      expect(await resources(app)).toEqual({
        app_downloads: { android: apk, ios: { url: 'https://apps.nimbus.example/ios' } },
        app_link_scheme: 'nimbus',
      });

      const now = new Date('2030-01-01T00:00:00Z');
      await app.container.settings.put(
        'resources',
        'app_downloads',
        JSON.stringify({
          ios: null,
          windows: { url: 'https://downloads.nimbus.example/nimbus-setup.exe', version: '1.0.0' },
          tv: { url: 'javascript:alert(1)' },
          android: { url: 'not a link' },
        }),
        now,
      );
      await app.container.settings.put(
        'resources',
        'app_link_scheme',
        JSON.stringify('javascript'),
        now,
      );
      expect(await resources(app)).toEqual({
        app_downloads: {
          android: apk,
          windows: { url: 'https://downloads.nimbus.example/nimbus-setup.exe', version: '1.0.0' },
        },
        app_link_scheme: 'nimbus',
      });

      await app.container.settings.put(
        'resources',
        'app_link_scheme',
        JSON.stringify('nimbus-beta'),
        now,
      );
      expect((await resources(app)).app_link_scheme).toBe('nimbus-beta');
    });

    it('answers a malformed call with the error object', async () => {
      const answer = await t!.app.inject({
        method: 'POST',
        url: '/config/v1/resources',
        payload: { data: {} },
      });
      expect(answer.statusCode).toBe(400);
      expect(errorOf(answer).error).toBe('invalid_argument');
    });
  });
});
