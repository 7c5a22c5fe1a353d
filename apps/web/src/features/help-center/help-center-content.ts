import type { HelpArticleSlug, HelpFeature } from '@nimbus/contracts';
import { helpArticleFeatures } from '@nimbus/contracts';
import type { Messages } from '../../i18n/messages';

/*
 * The help center's topics (directories) and their articles. Topic texts live in the
 * `help-center` messages, article texts in `help-articles`; the feature each article describes
 * is in the contracts' catalogue (packages/contracts/src/help-center.ts). This table says which
 * pages exist and in which order; an article whose feature is off is neither listed nor served.
 */

type DirectoryKey = keyof Messages['help-center']['directories'];

interface DirectoryEntry {
  slug: DirectoryKey;
  articles: readonly HelpArticleSlug[];
}

/** The topics, in order; the first one is where `/help-center` leads. */
export const helpCenterDirectories = [
  {
    slug: 'getting-started',
    articles: ['create-account', 'save-your-first-link', 'check-a-link'],
  },
  {
    slug: 'files',
    articles: [
      'upload-files-and-folders',
      'resume-an-upload',
      'instant-upload',
      'organize-your-files',
      'search-your-drive',
      'starred-and-recent',
      'preview-files',
      'play-videos',
      'subtitles-and-audio-tracks',
      'download-files',
      'trash-and-restore',
      'storage-and-traffic',
    ],
  },
  {
    slug: 'sharing',
    articles: [
      'create-a-share-link',
      'cancel-a-share-link',
      'open-a-share',
      'save-a-share',
      'report-a-share',
    ],
  },
  {
    slug: 'offline-downloads',
    articles: ['add-an-offline-download', 'magnets-and-torrents', 'offline-download-limits'],
  },
  {
    slug: 'apps-and-devices',
    articles: ['get-the-apps', 'browser-extension', 'connect-a-tv', 'webdav-access'],
  },
  {
    slug: 'security',
    articles: ['passwords', 'two-step-verification', 'app-passwords', 'signed-in-devices'],
  },
  {
    slug: 'account-and-membership',
    articles: [
      'premium-benefits',
      'activation-codes',
      'storage-and-traffic-packs',
      'buy-premium-online',
      'manage-your-subscription',
      'invite-friends',
      'profile-picture',
      'change-your-email',
      'export-your-data',
      'delete-your-account',
      'send-feedback',
    ],
  },
] as const satisfies readonly DirectoryEntry[];

export type HelpDirectory = (typeof helpCenterDirectories)[number]['slug'];

/** A slug segment: lower-case words joined by hyphens, at most 64 characters. */
export const helpCenterSegmentPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Help-center slugs may span several segments (docs/product.md#screens-and-routes); deeper ones are refused. */
export const maxHelpCenterDepth = 8;

/** The articles a server with these features shows, in the table's order. */
export function visibleHelpArticles(features: ReadonlySet<HelpFeature>): Set<HelpArticleSlug> {
  return new Set(
    helpCenterDirectories.flatMap((directory) =>
      directory.articles.filter((article) => features.has(helpArticleFeatures[article])),
    ),
  );
}

/** The articles of a topic that are shown, in order. */
export function directoryArticles(
  directory: HelpDirectory,
  visible: ReadonlySet<HelpArticleSlug>,
): HelpArticleSlug[] {
  const entry = helpCenterDirectories.find((each) => each.slug === directory);
  return (entry?.articles ?? []).filter((article) => visible.has(article));
}

/** The topics that have at least one article shown. */
export function visibleDirectories(visible: ReadonlySet<HelpArticleSlug>): HelpDirectory[] {
  return helpCenterDirectories
    .filter((directory) => directory.articles.some((article) => visible.has(article)))
    .map((directory) => directory.slug);
}

/** The topic an article belongs to. */
export function directoryOf(article: HelpArticleSlug): HelpDirectory | undefined {
  return helpCenterDirectories.find((directory) =>
    (directory.articles as readonly string[]).includes(article),
  )?.slug;
}

/** What a help-center path shows. */
export type HelpCenterPage =
  | { kind: 'directory'; directory: HelpDirectory }
  | { kind: 'article'; directory: HelpDirectory; article: HelpArticleSlug };

/** Whether every slug segment has the allowed shape (docs/product.md#screens-and-routes: route validation). */
export function isValidHelpCenterSlug(slug: readonly string[]): boolean {
  return (
    slug.length > 0 &&
    slug.length <= maxHelpCenterDepth &&
    slug.every((segment) => segment.length <= 64 && helpCenterSegmentPattern.test(segment))
  );
}

/**
 * The page of a slug, or undefined when the slug is malformed. A well-formed slug that names no
 * topic or article shown here falls back to the nearest topic it does name, and to the default
 * topic when it names none (the help-center-default-dir step), so old and shortened links still
 * land on a useful page. `visible` leaves out the articles of features this server lacks; without
 * it every article counts (the proxy's route validation checks the shape only).
 */
export function resolveHelpCenterSlug(
  slug: readonly string[],
  visible?: ReadonlySet<HelpArticleSlug>,
): HelpCenterPage | undefined {
  if (!isValidHelpCenterSlug(slug)) {
    return undefined;
  }
  const [directorySlug, articleSlug] = slug;
  const shown = (article: HelpArticleSlug) => visible === undefined || visible.has(article);
  const topics = helpCenterDirectories.filter((entry) => entry.articles.some(shown));
  const fallback = topics[0] ?? helpCenterDirectories[0];
  const directory = topics.find((entry) => entry.slug === directorySlug) ?? fallback;
  const article = directory.articles.find((each) => each === articleSlug);
  if (directory.slug !== directorySlug || article === undefined || !shown(article)) {
    return { kind: 'directory', directory: directory.slug };
  }
  return { kind: 'article', directory: directory.slug, article };
}

/** How many related articles an article page lists. */
export const relatedArticleCount = 3;

/**
 * The articles an article page suggests: the ones that follow it in its topic, then those
 * before it, among the articles shown.
 */
export function relatedArticles(
  article: HelpArticleSlug,
  visible: ReadonlySet<HelpArticleSlug>,
): HelpArticleSlug[] {
  const directory = directoryOf(article);
  if (directory === undefined) {
    return [];
  }
  const siblings = directoryArticles(directory, visible);
  const index = siblings.indexOf(article);
  return [...siblings.slice(index + 1), ...siblings.slice(0, Math.max(index, 0))]
    .filter((each) => each !== article)
    .slice(0, relatedArticleCount);
}

/** Where `/help-center` without a slug leads: its first topic (help-center-default-dir). */
export function defaultHelpCenterPath(): string {
  return `/help-center/${helpCenterDirectories[0].slug}`;
}

/** The path of an article. */
export function helpArticlePath(article: HelpArticleSlug): string {
  return `/help-center/${directoryOf(article) ?? helpCenterDirectories[0].slug}/${article}`;
}

/** Every help-center page path shown on this server, for the sitemap. */
export function helpCenterPaths(visible: ReadonlySet<HelpArticleSlug>): string[] {
  return visibleDirectories(visible).flatMap((directory) => [
    `/help-center/${directory}`,
    ...directoryArticles(directory, visible).map(
      (article) => `/help-center/${directory}/${article}`,
    ),
  ]);
}
