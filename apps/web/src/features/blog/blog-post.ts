/*
 * Blog posts are Markdown files in the repository, one folder per locale:
 * `apps/web/content/blog/<locale>/<slug>.md`, each opening with a small front matter block
 *
 *   ---
 *   title: Save shared links straight to your drive
 *   date: 2026-11-20
 *   summary: One sentence for the list.
 *   ---
 *
 * A value holding a colon may be put in double quotes. The same slug in every locale is the
 * same post.
 */

/** A slug: lower-case words joined by hyphens (the file name without `.md`). */
export const blogSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface BlogPost {
  slug: string;
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
  summary: string;
  /** The Markdown after the front matter. */
  body: string;
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * A post from its file. Throws an Error naming what is wrong when the front matter lacks a
 * field or the date is not a real `YYYY-MM-DD` day, so a broken post fails the tests rather
 * than the page.
 */
export function parseBlogPost(slug: string, text: string): BlogPost {
  if (!blogSlugPattern.test(slug)) {
    throw new Error(`blog post ${slug}: the file name must be a slug`);
  }
  const match = frontMatterPattern.exec(text.replace(/^\uFEFF/, ''));
  if (!match) {
    throw new Error(`blog post ${slug}: no front matter`);
  }
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (line.trim() === '' || separator <= 0) {
      continue;
    }
    const value = line.slice(separator + 1).trim();
    const quoted = /^"(.*)"$/.exec(value);
    fields.set(line.slice(0, separator).trim(), quoted ? (quoted[1] ?? '') : value);
  }
  const field = (name: string): string => {
    const value = fields.get(name);
    if (!value) {
      throw new Error(`blog post ${slug}: front matter needs ${name}`);
    }
    return value;
  };
  const date = field('date');
  const day = new Date(`${date}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(day.getTime()) ||
    day.toISOString().slice(0, 10) !== date
  ) {
    throw new Error(`blog post ${slug}: date must be YYYY-MM-DD`);
  }
  return {
    slug,
    title: field('title'),
    date,
    summary: field('summary'),
    body: (match[2] ?? '').trim(),
  };
}

/** Newest first; posts of one day by slug, so the order never depends on the file system. */
export function sortBlogPosts(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** A post with its neighbours in the newest-first list of its locale. */
export interface BlogPostInList {
  post: BlogPost;
  /** The post published before it, if any ("previous"). */
  older?: BlogPost;
  /** The post published after it, if any ("next"). */
  newer?: BlogPost;
}

/**
 * The post named by a slug in a newest-first list, with the posts either side of it; undefined
 * for an unknown or malformed slug (the page's 404).
 */
export function findBlogPost(posts: readonly BlogPost[], slug: string): BlogPostInList | undefined {
  if (!blogSlugPattern.test(slug)) {
    return undefined;
  }
  const index = posts.findIndex((post) => post.slug === slug);
  const post = posts[index];
  if (index < 0 || !post) {
    return undefined;
  }
  return { post, older: posts[index + 1], newer: index > 0 ? posts[index - 1] : undefined };
}

/** Han ideographs and kana: languages written without spaces are counted by character. */
const ideographPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const wordPattern = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const wordsPerMinute = 200;
const ideographsPerMinute = 400;

/**
 * Minutes a post takes to read, at least 1: words at 200 a minute plus Chinese and Japanese
 * characters at 400 a minute. Link targets and Markdown punctuation are not read.
 */
export function readingMinutes(markdown: string): number {
  const text = markdown.replace(/\]\([^)]*\)/g, ']');
  const ideographs = text.match(ideographPattern)?.length ?? 0;
  const words = text.replace(ideographPattern, ' ').match(wordPattern)?.length ?? 0;
  return Math.max(1, Math.ceil(words / wordsPerMinute + ideographs / ideographsPerMinute));
}
