import type { Messages } from '../../i18n/messages';

/*
 * The help center's topics (directories) and their articles. Texts live in the `help-center`
 * messages; this table says which pages exist and in which order.
 */

type Directories = Messages['help-center']['directories'];
type DirectoryKey = keyof Directories;

type DirectoryEntry = {
  [K in DirectoryKey]: { slug: K; articles: readonly (keyof Directories[K]['articles'])[] };
}[DirectoryKey];

/** The topics, in order; the first one is where `/help-center` leads. */
export const helpCenterDirectories = [
  { slug: 'getting-started', articles: ['create-account', 'save-your-first-link'] },
  { slug: 'sharing', articles: ['create-a-share-link', 'cancel-a-share-link'] },
  {
    slug: 'account-and-membership',
    articles: ['premium-benefits', 'change-your-email', 'delete-your-account', 'export-your-data'],
  },
] as const satisfies readonly DirectoryEntry[];

/** A slug segment: lower-case words joined by hyphens, at most 64 characters. */
export const helpCenterSegmentPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Help-center slugs may span several segments (docs/product.md#screens-and-routes); deeper ones are refused. */
export const maxHelpCenterDepth = 8;

/** The message path of an article inside the `help-center` namespace. */
export type HelpArticleKey = {
  [D in DirectoryKey]: `directories.${D}.articles.${keyof Directories[D]['articles'] & string}`;
}[DirectoryKey];

/** The message path of an article of a topic. */
export function helpArticleKey(directory: DirectoryKey, article: string): HelpArticleKey {
  return `directories.${directory}.articles.${article}` as HelpArticleKey;
}

/** What a help-center path shows. */
export type HelpCenterPage =
  | { kind: 'directory'; directory: DirectoryKey }
  | { kind: 'article'; directory: DirectoryKey; article: string; messageKey: HelpArticleKey };

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
 * topic or article falls back to the nearest directory it does name, and to the default
 * directory when it names none (the help-center-default-dir step), so old and shortened
 * links still land on a useful page.
 */
export function resolveHelpCenterSlug(slug: readonly string[]): HelpCenterPage | undefined {
  if (!isValidHelpCenterSlug(slug)) {
    return undefined;
  }
  const [directorySlug, articleSlug] = slug;
  const directory =
    helpCenterDirectories.find((entry) => entry.slug === directorySlug) ?? helpCenterDirectories[0];
  const articles: readonly string[] = directory.articles;
  if (
    articleSlug === undefined ||
    directory.slug !== directorySlug ||
    !articles.includes(articleSlug)
  ) {
    return { kind: 'directory', directory: directory.slug };
  }
  return {
    kind: 'article',
    directory: directory.slug,
    article: articleSlug,
    messageKey: helpArticleKey(directory.slug, articleSlug),
  };
}

/** Where `/help-center` without a slug leads: its first topic (help-center-default-dir). */
export function defaultHelpCenterPath(): string {
  return `/help-center/${helpCenterDirectories[0].slug}`;
}

/** Every help-center page path, for the sitemap. */
export function helpCenterPaths(): string[] {
  return helpCenterDirectories.flatMap((directory) => [
    `/help-center/${directory.slug}`,
    ...directory.articles.map((article) => `/help-center/${directory.slug}/${article}`),
  ]);
}
