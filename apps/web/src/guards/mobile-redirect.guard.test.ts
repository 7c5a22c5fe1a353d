import { describe, expect, it } from 'vitest';
import { isMobileUserAgent, mobileExtensionRedirect } from './mobile-redirect.guard';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const desktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('mobile redirect guard', () => {
  it('recognises phones and tablets', () => {
    expect(isMobileUserAgent(iphone)).toBe(true);
    expect(isMobileUserAgent(android)).toBe(true);
    expect(isMobileUserAgent(desktop)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });

  it('sends mobile visitors of the browser-extension page to their home', () => {
    expect(mobileExtensionRedirect('/browser-extension', iphone, '/')).toBe('/');
    expect(mobileExtensionRedirect('/ja/browser-extension', android, '/ja')).toBe('/ja');
  });

  it('leaves desktop visitors and other pages alone', () => {
    expect(mobileExtensionRedirect('/browser-extension', desktop, '/')).toBeUndefined();
    expect(mobileExtensionRedirect('/faq', iphone, '/')).toBeUndefined();
    expect(mobileExtensionRedirect('/browser-extensions', iphone, '/')).toBeUndefined();
  });
});
