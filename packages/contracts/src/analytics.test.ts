import { describe, expect, it } from 'vitest';
import { analyticsBodySchema, analyticsEventSchema, analyticsEventsOf } from './analytics-schemas';
import {
  analyticsEventNames,
  analyticsLimits,
  appDownloadPlatformOf,
  appEventNames,
  pageRouteOf,
} from './analytics';
import { appChannels } from './app-channels';
import { locales } from './locales';

const event = {
  event: 'after-login',
  page: '/drive/all',
  client_type: 'pc',
  language_system: 'en-US',
  language_web: 'en-US',
  userType: 1,
  source: '',
  scene: '',
  referer_list: 'search.example,blog.example:8080',
  deviceid: 'a'.repeat(32),
  userid: '',
  country: '',
};

describe('analytics events', () => {
  it('names the block page, every internal event in kebab-case, and app-download', () => {
    expect(appEventNames).toHaveLength(14);
    expect(analyticsEventNames).toEqual(['block-page', ...appEventNames, 'app-download']);
    for (const name of analyticsEventNames) {
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('accepts one event or a batch, with small properties', () => {
    const one = analyticsBodySchema.parse({ ...event, props: { view: 'all', seconds: 12 } });
    expect(analyticsEventsOf(one)).toHaveLength(1);
    const batch = analyticsBodySchema.parse({
      events: [event, { ...event, event: 'logout-success' }],
    });
    expect(analyticsEventsOf(batch).map((item) => item.event)).toEqual([
      'after-login',
      'logout-success',
    ]);
  });

  it('refuses unknown names and fields, queries in the page, control characters and big properties', () => {
    const bad: unknown[] = [
      { ...event, event: 'drop-table' },
      { ...event, extra: 1 },
      { ...event, page: '/s/abc?pass_code=1' },
      { ...event, page: 'drive/all' },
      { ...event, page: `/${'x'.repeat(analyticsLimits.pageMaxChars)}` },
      { ...event, scene: 'a\nb' },
      { ...event, userType: 3 },
      { ...event, referer_list: 'a.example,<script>' },
      {
        ...event,
        referer_list: Array.from({ length: 11 }, (_, index) => `h${index}.example`).join(','),
      },
      { ...event, country: 'USA' },
      { ...event, props: { 'Bad-Key': 1 } },
      { ...event, props: { text: 'x'.repeat(analyticsLimits.propValueMaxChars + 1) } },
      {
        ...event,
        props: Object.fromEntries(Array.from({ length: 9 }, (_, index) => [`k${index}`, index])),
      },
      { ...event, props: { nested: { a: 1 } } },
      { events: [] },
      { events: Array.from({ length: analyticsLimits.maxBatch + 1 }, () => event) },
    ];
    for (const body of bad) {
      expect(analyticsBodySchema.safeParse(body).success, JSON.stringify(body).slice(0, 80)).toBe(
        false,
      );
    }
  });

  it('needs a known platform on app-download events', () => {
    expect(analyticsEventSchema.safeParse({ ...event, event: 'app-download' }).success).toBe(false);
    expect(
      analyticsEventSchema.safeParse({
        ...event,
        event: 'app-download',
        props: { platform: 'amiga' },
      }).success,
    ).toBe(false);
    expect(
      analyticsEventSchema.safeParse({
        ...event,
        event: 'app-download',
        props: { platform: 'mac', channel: 'mac_intel' },
      }).success,
    ).toBe(true);
    expect(
      analyticsEventSchema.safeParse({
        ...event,
        event: 'app-download',
        props: { platform: 'mac', channel: 'floppy' },
      }).success,
    ).toBe(false);
  });

  it('maps every download channel to its platform', () => {
    expect(
      Object.fromEntries(appChannels.map((channel) => [channel, appDownloadPlatformOf(channel)])),
    ).toEqual({
      android: 'android',
      gp: 'android',
      ios: 'ios',
      tv: 'tv',
      windows: 'windows',
      mac_apple_silicon: 'mac',
      mac_intel: 'mac',
      extension_chrome: 'extension',
      extension_edge: 'extension',
      extension_firefox: 'extension',
    });
  });
});

describe('pageRouteOf', () => {
  it('drops the locale and hides share ids, opened folders and policy tokens', () => {
    expect(pageRouteOf('/ja/drive/all', locales)).toBe('/drive/all');
    expect(pageRouteOf('/', locales)).toBe('/');
    expect(pageRouteOf('/zh-TW/s/Xy12Ab34', locales)).toBe('/s/:share_id');
    expect(pageRouteOf('/s/Xy12Ab34/f1/f2', locales)).toBe('/s/:share_id/:folder_id/:folder_id');
    expect(pageRouteOf('/en-US/policy/update/tok3n', locales)).toBe('/policy/update/:token');
    expect(pageRouteOf('/policy/update', locales)).toBe('/policy/update');
    expect(pageRouteOf('/help-center/s/start', locales)).toBe('/help-center/s/start');
  });
});
