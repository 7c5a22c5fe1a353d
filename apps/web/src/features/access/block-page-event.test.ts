import { describe, expect, it } from 'vitest';
import { analyticsContextOf } from '../analytics/analytics-context';
import { blockPageBeacon } from './block-page-event';

describe('blockPageBeacon', () => {
  it('sends the block-page event with the page and the analytics context to the drive group', () => {
    const context = analyticsContextOf({
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      languageSystem: 'ko-KR',
      languageWeb: 'ko',
      premium: false,
      source: undefined,
      scene: 'SHARE',
      referers: [],
      deviceId: '',
      userId: '',
      country: undefined,
    });
    const beacon = blockPageBeacon(
      {
        drive: ['https://drive.nimbus.example'],
        user: [],
        config: [],
        audit: [],
        access: [],
      },
      { path: '/ko/drive/all', context },
    );
    expect(beacon.url).toBe('https://drive.nimbus.example/statistics/pub/event');
    expect(JSON.parse(beacon.body)).toEqual({
      event: 'block-page',
      page: '/ko/drive/all',
      client_type: 'android',
      language_system: 'ko-KR',
      language_web: 'ko',
      userType: 1,
      source: '',
      scene: 'SHARE',
      referer_list: '',
      deviceid: '',
      userid: '',
      country: '',
    });
  });
});
