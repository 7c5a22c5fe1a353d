import { describe, expect, it } from 'vitest';
import { analyticsClientTypeOf, analyticsContextOf, analyticsUserType } from './analytics-context';

describe('analyticsUserType', () => {
  it('is 2 for a premium member and 1 otherwise', () => {
    expect(analyticsUserType(true)).toBe(2);
    expect(analyticsUserType(false)).toBe(1);
    expect(analyticsUserType(undefined)).toBe(1);
  });
});

describe('analyticsClientTypeOf', () => {
  it('tells iOS, Android, Mac and everything else as pc', () => {
    expect(
      analyticsClientTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari'),
    ).toBe('ios');
    expect(analyticsClientTypeOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120')).toBe(
      'android',
    );
    expect(analyticsClientTypeOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari')).toBe(
      'mac',
    );
    expect(analyticsClientTypeOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120')).toBe(
      'pc',
    );
    expect(analyticsClientTypeOf('')).toBe('pc');
  });
});

describe('analyticsContextOf', () => {
  it('carries every field of the context, empty where nothing is known', () => {
    expect(
      analyticsContextOf({
        userAgent: 'Mozilla/5.0 (Windows NT 10.0)',
        languageSystem: 'ja-JP',
        languageWeb: 'ja',
        premium: true,
        source: 'newsletter',
        scene: undefined,
        referers: ['search.example', 'blog.example'],
        deviceId: 'a'.repeat(32),
        userId: 'member-1',
        country: undefined,
      }),
    ).toEqual({
      client_type: 'pc',
      language_system: 'ja-JP',
      language_web: 'ja',
      userType: 2,
      source: 'newsletter',
      scene: '',
      referer_list: 'search.example,blog.example',
      deviceid: 'a'.repeat(32),
      userid: 'member-1',
      country: '',
    });
  });
});
