import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from './bot';

describe('bot detection', () => {
  it('recognises crawlers and audit tools', () => {
    expect(
      isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 ... Chrome-Lighthouse')).toBe(true);
    expect(isBotUserAgent('facebookexternalhit/1.1')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Google-InspectionTool/1.0)')).toBe(true);
  });

  it('leaves browsers alone', () => {
    expect(
      isBotUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15',
      ),
    ).toBe(false);
    expect(isBotUserAgent(undefined)).toBe(false);
  });
});
