import type { AppChannel, AppDownloads } from '@nimbus/contracts';

/*
 * Which device a visitor is on, read from the request's User-Agent (and the
 * `Sec-CH-UA-Platform` client hint where the browser sends it), so the app pages can put the
 * download that fits first. A guess only: every download stays on the page.
 */

/** The platforms of docs/product.md#entities (iOS, Android, Mac OS, Windows), and TVs, Linux and the rest. */
export type VisitorPlatform = 'android' | 'ios' | 'windows' | 'mac' | 'linux' | 'tv' | 'other';

/** Browsers whose extension store Nimbus can link to. */
export type VisitorBrowser = 'chrome' | 'edge' | 'firefox' | 'safari' | 'other';

export interface Visitor {
  platform: VisitorPlatform;
  browser: VisitorBrowser;
  /** A phone or tablet: the visitor installs from where they are, so no QR code. */
  isMobile: boolean;
}

const tvPattern =
  /\b(?:SmartTV|SMART-TV|Tizen|Web0S|webOS\.TV|NetCast|HbbTV|BRAVIA|GoogleTV|Android TV|AndroidTV|CrKey|AppleTV|AFT[A-Z]{1,4}\b|Roku|Viera|AQUOSBrowser)/i;

function platformOf(userAgent: string, hintedPlatform: string): VisitorPlatform {
  if (tvPattern.test(userAgent)) {
    return 'tv';
  }
  if (/Windows Phone/i.test(userAgent)) {
    return 'other';
  }
  if (/Android/i.test(userAgent) || hintedPlatform === 'android') {
    return 'android';
  }
  if (/iPhone|iPad|iPod/i.test(userAgent) || hintedPlatform === 'ios') {
    return 'ios';
  }
  if (/Windows NT|Win64|WOW64/i.test(userAgent) || hintedPlatform === 'windows') {
    return 'windows';
  }
  if (/Macintosh|Mac OS X/i.test(userAgent) || hintedPlatform === 'macos') {
    return 'mac';
  }
  if (
    /CrOS|Linux|X11/i.test(userAgent) ||
    hintedPlatform === 'linux' ||
    hintedPlatform === 'chrome os'
  ) {
    return 'linux';
  }
  return 'other';
}

function browserOf(userAgent: string): VisitorBrowser {
  if (/\bEdg(?:e|A|iOS)?\//.test(userAgent)) {
    return 'edge';
  }
  if (/\b(?:Firefox|FxiOS)\//.test(userAgent)) {
    return 'firefox';
  }
  if (/\b(?:Chrome|CriOS|Chromium)\//.test(userAgent)) {
    return 'chrome';
  }
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) {
    return 'safari';
  }
  return 'other';
}

/**
 * The visitor's platform and browser. `hintedPlatform` is the `Sec-CH-UA-Platform` header
 * (`"Windows"`, quoted), which Chromium browsers send even when the User-Agent is reduced.
 */
export function detectVisitor(
  userAgent: string | null | undefined,
  hintedPlatform?: string | null,
): Visitor {
  const agent = (userAgent ?? '').slice(0, 1024);
  const hint = (hintedPlatform ?? '').replace(/"/g, '').trim().toLowerCase();
  const platform = platformOf(agent, hint);
  return {
    platform,
    browser: browserOf(agent),
    isMobile: platform === 'android' || platform === 'ios',
  };
}

/** The extension store of each browser. */
const extensionChannels: Partial<Record<VisitorBrowser, AppChannel>> = {
  chrome: 'extension_chrome',
  edge: 'extension_edge',
  firefox: 'extension_firefox',
};

/**
 * The channels that fit the visitor, best first, among those the operator published: the app
 * store before the package file on Android, both Mac builds on a Mac (the browser does not tell
 * the chip), the extension of the visitor's browser.
 */
export function recommendedChannels(visitor: Visitor, downloads: AppDownloads): AppChannel[] {
  const wanted: AppChannel[] = [];
  switch (visitor.platform) {
    case 'android':
      wanted.push('gp', 'android');
      break;
    case 'ios':
      wanted.push('ios');
      break;
    case 'windows':
      wanted.push('windows');
      break;
    case 'mac':
      wanted.push('mac_apple_silicon', 'mac_intel');
      break;
    case 'tv':
      wanted.push('tv');
      break;
    case 'linux':
    case 'other':
      break;
  }
  const extension = extensionChannels[visitor.browser];
  if (extension && !visitor.isMobile && visitor.platform !== 'tv') {
    wanted.push(extension);
  }
  return wanted.filter((channel) => downloads[channel] !== undefined);
}
