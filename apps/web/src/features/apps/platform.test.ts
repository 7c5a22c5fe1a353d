import { describe, expect, it } from 'vitest';
import { detectVisitor, recommendedChannels } from './platform';

const agents = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipadChrome:
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  windowsFirefox:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  androidTv:
    'Mozilla/5.0 (Linux; Android 11; BRAVIA 4K UR3 Build/RTM6.230109.A2.7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0 Mobile Safari/537.36',
  fireTv:
    'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7633) AppleWebKit/537.36 (KHTML, like Gecko) Silk/120.3.1 like Chrome/120.0 Safari/537.36',
  tizen:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0.4183.93/6.5 TV Safari/537.36',
  reducedChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063',
};

describe('detectVisitor', () => {
  it('tells phones, desktops and TVs apart', () => {
    expect(detectVisitor(agents.androidChrome)).toEqual({
      platform: 'android',
      browser: 'chrome',
      isMobile: true,
    });
    expect(detectVisitor(agents.iphoneSafari)).toEqual({
      platform: 'ios',
      browser: 'safari',
      isMobile: true,
    });
    expect(detectVisitor(agents.ipadChrome)).toEqual({
      platform: 'ios',
      browser: 'chrome',
      isMobile: true,
    });
    expect(detectVisitor(agents.windowsEdge)).toEqual({
      platform: 'windows',
      browser: 'edge',
      isMobile: false,
    });
    expect(detectVisitor(agents.windowsFirefox)).toEqual({
      platform: 'windows',
      browser: 'firefox',
      isMobile: false,
    });
    expect(detectVisitor(agents.macSafari)).toEqual({
      platform: 'mac',
      browser: 'safari',
      isMobile: false,
    });
    expect(detectVisitor(agents.macChrome)).toEqual({
      platform: 'mac',
      browser: 'chrome',
      isMobile: false,
    });
    expect(detectVisitor(agents.linuxFirefox)).toEqual({
      platform: 'linux',
      browser: 'firefox',
      isMobile: false,
    });
    for (const tv of [agents.androidTv, agents.fireTv, agents.tizen]) {
      expect(detectVisitor(tv)).toMatchObject({ platform: 'tv', isMobile: false });
    }
    expect(detectVisitor(agents.windowsPhone).platform).toBe('other');
  });

  it('follows the platform client hint when the User-Agent is reduced', () => {
    expect(detectVisitor(agents.reducedChrome, '"Windows"').platform).toBe('windows');
    expect(detectVisitor(agents.reducedChrome, '"macOS"').platform).toBe('mac');
    expect(detectVisitor(agents.reducedChrome, null).platform).toBe('linux');
  });

  it('knows nothing about an empty or foreign agent', () => {
    expect(detectVisitor(undefined)).toEqual({
      platform: 'other',
      browser: 'other',
      isMobile: false,
    });
    expect(detectVisitor('curl/8.5.0')).toEqual({
      platform: 'other',
      browser: 'other',
      isMobile: false,
    });
    expect(detectVisitor('x'.repeat(100_000)).platform).toBe('other');
  });
});

describe('recommendedChannels', () => {
  const link = { url: 'https://downloads.example.org/app' };
  const all = {
    android: link,
    gp: link,
    ios: link,
    tv: link,
    windows: link,
    mac_apple_silicon: link,
    mac_intel: link,
    extension_chrome: link,
    extension_edge: link,
    extension_firefox: link,
  };

  it('puts the app store first on Android and falls back to the package file', () => {
    const android = detectVisitor(agents.androidChrome);
    expect(recommendedChannels(android, all)).toEqual(['gp', 'android']);
    expect(recommendedChannels(android, { android: link, ios: link })).toEqual(['android']);
    expect(recommendedChannels(android, { ios: link })).toEqual([]);
  });

  it("offers a desktop both its app and its browser's extension", () => {
    expect(recommendedChannels(detectVisitor(agents.windowsEdge), all)).toEqual([
      'windows',
      'extension_edge',
    ]);
    expect(recommendedChannels(detectVisitor(agents.macChrome), all)).toEqual([
      'mac_apple_silicon',
      'mac_intel',
      'extension_chrome',
    ]);
    expect(recommendedChannels(detectVisitor(agents.macSafari), all)).toEqual([
      'mac_apple_silicon',
      'mac_intel',
    ]);
    expect(recommendedChannels(detectVisitor(agents.linuxFirefox), all)).toEqual([
      'extension_firefox',
    ]);
  });

  it('offers phones and TVs no extension', () => {
    expect(recommendedChannels(detectVisitor(agents.iphoneSafari), all)).toEqual(['ios']);
    expect(recommendedChannels(detectVisitor(agents.ipadChrome), all)).toEqual(['ios']);
    expect(recommendedChannels(detectVisitor(agents.androidTv), all)).toEqual(['tv']);
  });
});
