import type { AppChannel } from './app-channels';

/*
 * Analytics events (`POST /statistics/pub/event`) and the public app download counts
 * (`GET /statistics/pub/download`). An event carries its name, the page it happened on, the
 * analytics context of docs/product.md#entities and a few small properties. The server never trusts the
 * body's `userid`: the member comes from the request's credential. The names and limits are here;
 * the schemas the server checks bodies with are in analytics-schemas.ts (the browser needs no zod).
 */

/**
 * The internal events of the web app (docs/product.md#states), in kebab-case: each is emitted on the
 * web app's event bus where it happens and sent as an analytics event when analysis is allowed.
 */
export const appEventNames = [
  'after-login',
  'close-video-player',
  'close-picture-player',
  'set-video-freeze',
  'file-manager-close',
  'login-failed',
  'logout-success',
  'player-mount',
  'player-restore',
  'restore-saving',
  'restore-status',
  'restore-click',
  'jump-to-vip',
  'share-page-will-jump-to-web',
] as const;
export type AppEventName = (typeof appEventNames)[number];

/**
 * Every analytics event the server accepts: the block page's (docs/product.md#screens-and-routes), the internal
 * events, and `app-download`, a click on an app's download button (its `props.platform` says
 * which app, `props.channel` which download).
 */
export const analyticsEventNames = ['block-page', ...appEventNames, 'app-download'] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

/** The platforms the download counts are kept for (the apps of /mobile-app, /desktop-app, /tv, /browser-extension). */
export const appDownloadPlatforms = [
  'android',
  'ios',
  'windows',
  'mac',
  'linux',
  'tv',
  'extension',
] as const;
export type AppDownloadPlatform = (typeof appDownloadPlatforms)[number];

/** The platform of a download channel (both Android channels are Android, each store's extension is the extension). */
export function appDownloadPlatformOf(channel: AppChannel): AppDownloadPlatform {
  switch (channel) {
    case 'android':
    case 'gp':
      return 'android';
    case 'ios':
      return 'ios';
    case 'tv':
      return 'tv';
    case 'windows':
      return 'windows';
    case 'mac_apple_silicon':
    case 'mac_intel':
      return 'mac';
    case 'extension_chrome':
    case 'extension_edge':
    case 'extension_firefox':
      return 'extension';
  }
}

/** The limits of an analytics call; the server refuses anything beyond them. */
export const analyticsLimits = {
  /** Events in one batch (`{events: [...]}`). */
  maxBatch: 50,
  /** Longest page path, in characters. */
  pageMaxChars: 512,
  /** Properties of one event. */
  maxProps: 8,
  /** Longest property name (`a-z`, `0-9`, `_`, starting with a letter). */
  propKeyMaxChars: 32,
  /** Longest text property value, in characters. */
  propValueMaxChars: 128,
  /** Longest `source` and `scene`, in characters. */
  textMaxChars: 200,
  /** Longest language tag. */
  languageMaxChars: 35,
  /** Referring hosts in `referer_list`. */
  maxReferers: 10,
  /** Longest `referer_list`, in characters. */
  refererListMaxChars: 2600,
  /** Longest device id. */
  deviceIdMaxChars: 32,
  /** Longest (ignored) `userid`. */
  userIdMaxChars: 64,
  /** Largest body, in bytes: what `navigator.sendBeacon` may queue (senders split larger batches). */
  bodyMaxBytes: 64 * 1024,
} as const;

/**
 * The route of a page path, as analytics keep it: without the locale prefix, and with share
 * ids, the folders opened inside a share and policy tokens replaced by placeholders
 * (`/ja/s/Xy12/Ab34` -> `/s/:share_id/:folder_id`), so no capability ends up in the events.
 */
export function pageRouteOf(pathname: string, locales: readonly string[]): string {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.length > 0 && locales.includes(segments[0] ?? '')) {
    segments.shift();
  }
  if (segments[0] === 's' && segments.length > 1) {
    segments.splice(
      1,
      segments.length - 1,
      ':share_id',
      ...segments.slice(2).map(() => ':folder_id'),
    );
  } else if (segments[0] === 'policy' && segments[1] === 'update' && segments.length > 2) {
    segments.splice(2, segments.length - 2, ':token');
  }
  const path = `/${segments.join('/')}`;
  return path.length > analyticsLimits.pageMaxChars
    ? path.slice(0, analyticsLimits.pageMaxChars)
    : path;
}
