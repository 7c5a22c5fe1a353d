import { z } from 'zod';
import { appChannels, type AppChannel } from './app-channels';

/*
 * The apps an operator publishes (docs/product.md #what-nimbus-is and #entities: Android as a package file and in an app
 * store, iOS, a TV package, Windows, Mac for Apple silicon and Intel, a browser extension; the
 * download channels android, ios, gp, tv, windows). Nimbus is self-hosted, so nothing is
 * published until the operator configures it: the config host's `resources` group carries
 * `app_downloads` (a link per channel) and `app_link_scheme` (the custom scheme whose `xpan`
 * path opens the installed app).
 */

/** One published app: where to get it and what to tell about it. */
export const appDownloadSchema = z.object({
  /** The package file or the store page: an absolute http(s) URL. */
  url: z.url({ protocol: /^https?$/ }).max(2048),
  /** The version visitors get (`2.4.1`). */
  version: z.string().trim().min(1).max(32).optional(),
  /** Size of the package file in bytes (store pages have none). */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The operator's short note (what is new, the lowest supported system), shown as plain text. */
  notes: z.string().trim().min(1).max(500).optional(),
  /** SHA-256 of the package file in hex, so visitors can check what they downloaded. */
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
    .transform((value) => value.toLowerCase())
    .optional(),
});
export type AppDownload = z.infer<typeof appDownloadSchema>;

/** The published apps by channel; a channel that is missing is not published. */
export type AppDownloads = Partial<Record<AppChannel, AppDownload>>;

/** The strict shape of a whole configuration (`APP_DOWNLOADS`): unknown channels are refused. */
export const appDownloadsSchema = z.partialRecord(z.enum(appChannels), appDownloadSchema);

/** A URL scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), lower case. */
export const appLinkSchemeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9+.-]{0,31}$/, 'must be a URL scheme in lower case')
  .refine(
    (value) => !['http', 'https', 'javascript', 'data', 'file', 'blob', 'vbscript'].includes(value),
    {
      message: 'must be the app’s own scheme',
    },
  );

/** `values.resources` of the config host, as the site reads it. */
export interface SiteResources {
  app_downloads: AppDownloads;
  /** The app's own scheme (`nimbus`), or `''` when the operator set none. */
  app_link_scheme: string;
}

function entriesOf(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value)
    : [];
}

function isAppChannel(value: string): value is AppChannel {
  return (appChannels as readonly string[]).includes(value);
}

/**
 * The valid part of an `app_downloads` value, read leniently: unknown channels and entries that
 * do not fit the shape are left out, so one typo in a stored setting hides one link rather than
 * the whole page.
 */
export function parseAppDownloads(value: unknown): AppDownloads {
  const downloads: AppDownloads = {};
  for (const [channel, entry] of entriesOf(value)) {
    const parsed = appDownloadSchema.safeParse(entry);
    if (isAppChannel(channel) && parsed.success) {
      downloads[channel] = parsed.data;
    }
  }
  return downloads;
}

/**
 * The links in force: the configured ones, then the stored setting channel by channel. A valid
 * stored entry replaces the configured one, `null` withdraws a channel, anything else is ignored
 * and the configured entry stays.
 */
export function mergeAppDownloads(configured: AppDownloads, stored: unknown): AppDownloads {
  const merged: AppDownloads = { ...configured };
  for (const [channel, entry] of entriesOf(stored)) {
    if (!isAppChannel(channel)) {
      continue;
    }
    if (entry === null) {
      delete merged[channel];
      continue;
    }
    const parsed = appDownloadSchema.safeParse(entry);
    if (parsed.success) {
      merged[channel] = parsed.data;
    }
  }
  return merged;
}

/** The site's reading of `values.resources`: what is valid, with empty defaults. */
export function parseSiteResources(value: unknown): SiteResources {
  const resources = Object.fromEntries(entriesOf(value));
  const scheme = appLinkSchemeSchema.safeParse(resources.app_link_scheme);
  return {
    app_downloads: parseAppDownloads(resources.app_downloads),
    app_link_scheme: scheme.success ? scheme.data : '',
  };
}

/** The link that opens the installed app at `path` (`nimbus://xpan/drive/all`). */
export function appLink(scheme: string, path: string): string {
  return `${scheme}://xpan/${path.replace(/^\/+/, '')}`;
}
