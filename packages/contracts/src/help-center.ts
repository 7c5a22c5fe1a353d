import type { AppChannel } from './app-channels';
import type { AppDownloads } from './app-downloads';

/*
 * The help centre's articles and the features they describe. An article is listed and served
 * only while its feature is on, so no page tells a member about something this server does not
 * offer. The web app asks the config host for the facts below; the server checks the votes of
 * "Was this helpful?" against the same slugs.
 */

/** What the help centre learns from the config host (`POST /config/v1/{external_products,resources}`). */
export interface HelpSiteFacts {
  /** `external_products.payment_provider`: the checkout the purchase pages sell through, `''` for none. */
  paymentProvider: string;
  /** `resources.app_downloads`: the apps the operator publishes. */
  appDownloads: AppDownloads;
}

/** The facts of a server that has answered nothing: every optional feature off. */
export const noHelpSiteFacts: HelpSiteFacts = { paymentProvider: '', appDownloads: {} };

function publishes(...channels: AppChannel[]) {
  return (facts: HelpSiteFacts) =>
    channels.some((channel) => facts.appDownloads[channel] !== undefined);
}

const always = () => true;

/**
 * The features the help centre can ask about, each with the rule that says whether this server
 * has it. `always`: a part of every Nimbus server, mounted whatever the configuration (the medium
 * test help-center-features.test.ts proves each of them on a server with the default settings).
 */
export const helpFeatureRules = {
  /** Sign-up, sign-in, password reset, profile (`/v1/auth`, `/v1/user/me`). */
  accounts: always,
  /** Folders, names, moves, copies, search, stars, recent files, trash, zips (`/drive/v1/files`). */
  drive: always,
  /** Uploads by form and tus, with instant upload (`/drive/v1/files`, `/drive/v1/uploads`). */
  uploads: always,
  /** Previews and video playback with subtitles and audio tracks (`/drive/v1/files/{id}/media_tracks`). */
  media: always,
  /** Share links, saves and downloads from shares, reports (`/drive/v1/share`). */
  shares: always,
  /** Offline downloads of http(s) links, magnet links and torrents (`/drive/v1/tasks`), and the link checker. */
  offline: always,
  /** WebDAV access (`/dav`) with app passwords (`/v1/user/app-passwords`). */
  webdav: always,
  /** Two-step verification (`/v1/user/two-factor`). */
  'two-factor': always,
  /** Signed-in devices (`/v1/user/sessions`). */
  sessions: always,
  /** Plans, activation codes and packs (`/vip/v1/order/activation-code`, `external_products`). */
  premium: always,
  /** Invitations (`/vip/v1/activity/invite`). */
  referral: always,
  /** Members' feedback (`/drive/v1/feedback`). */
  feedback: always,
  /** E-mail change (`/v1/user/email`), deletion with its grace period, data export (`/v1/user/export`). */
  'account-self-service': always,
  /** Checkout, subscriptions and the billing portal: only with a payment provider configured. */
  payments: (facts: HelpSiteFacts) => facts.paymentProvider !== '',
  /** Apps for phones and computers the operator publishes. */
  apps: publishes('android', 'gp', 'ios', 'windows', 'mac_apple_silicon', 'mac_intel'),
  /** The browser extension, in any store. */
  'browser-extension': publishes('extension_chrome', 'extension_edge', 'extension_firefox'),
  /** The TV app, which signs in with a code entered on `/tv/activate`. */
  'tv-app': publishes('tv'),
} as const satisfies Record<string, (facts: HelpSiteFacts) => boolean>;

export type HelpFeature = keyof typeof helpFeatureRules;

/** Every feature, in the catalogue's order. */
export const helpFeatures = Object.keys(helpFeatureRules) as HelpFeature[];

/** The article slugs and the feature each describes (its texts: the web app's `help-articles` messages). */
export const helpArticleFeatures = {
  'create-account': 'accounts',
  'save-your-first-link': 'offline',
  'check-a-link': 'offline',
  'upload-files-and-folders': 'uploads',
  'resume-an-upload': 'uploads',
  'instant-upload': 'uploads',
  'organize-your-files': 'drive',
  'download-files': 'drive',
  'preview-files': 'media',
  'play-videos': 'media',
  'subtitles-and-audio-tracks': 'media',
  'search-your-drive': 'drive',
  'starred-and-recent': 'drive',
  'trash-and-restore': 'drive',
  'storage-and-traffic': 'drive',
  'create-a-share-link': 'shares',
  'cancel-a-share-link': 'shares',
  'open-a-share': 'shares',
  'save-a-share': 'shares',
  'report-a-share': 'shares',
  'add-an-offline-download': 'offline',
  'magnets-and-torrents': 'offline',
  'offline-download-limits': 'offline',
  'get-the-apps': 'apps',
  'browser-extension': 'browser-extension',
  'connect-a-tv': 'tv-app',
  'signed-in-devices': 'sessions',
  'webdav-access': 'webdav',
  'app-passwords': 'webdav',
  'two-step-verification': 'two-factor',
  passwords: 'accounts',
  'premium-benefits': 'premium',
  'activation-codes': 'premium',
  'storage-and-traffic-packs': 'premium',
  'buy-premium-online': 'payments',
  'manage-your-subscription': 'payments',
  'invite-friends': 'referral',
  'send-feedback': 'feedback',
  'profile-picture': 'accounts',
  'change-your-email': 'account-self-service',
  'delete-your-account': 'account-self-service',
  'export-your-data': 'account-self-service',
} as const satisfies Record<string, HelpFeature>;

export type HelpArticleSlug = keyof typeof helpArticleFeatures;

/** Every article slug. */
export const helpArticleSlugs = Object.keys(helpArticleFeatures) as [
  HelpArticleSlug,
  ...HelpArticleSlug[],
];

/** The features this server has, from what its config host tells. */
export function helpFeaturesOn(facts: HelpSiteFacts): ReadonlySet<HelpFeature> {
  return new Set(helpFeatures.filter((feature) => helpFeatureRules[feature](facts)));
}

/** Answers to "Was this helpful?" one client address may send per minute. */
export const helpVotesPerMinute = 10;
