/*
 * Search over the help center's articles in the page's language: every word of the query must
 * appear in the article's title or text, as a substring after Unicode folding (NFKC and lower
 * case), so it works alike for words between spaces and for Chinese, Japanese or Korean text
 * written without them. Articles whose title holds every word come first.
 */

/** The longest query searched, in characters. */
export const maxHelpQueryLength = 100;

/** An article as the search reads it. */
export interface SearchableArticle<K extends string = string> {
  key: K;
  title: string;
  body: string;
}

/** A match: the article and a short excerpt of its text around the first word found. */
export interface HelpSearchHit<K extends string = string> {
  key: K;
  title: string;
  excerpt: string;
}

/** How much text an excerpt shows around the first match, in characters. */
const excerptRadius = 80;

function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('und');
}

/** The query's words: split on white space, folded, without repeats. */
export function helpQueryWords(query: string): string[] {
  return [
    ...new Set(
      fold(query)
        .split(/\s+/u)
        .filter((word) => word !== ''),
    ),
  ];
}

function excerptOf(body: string, foldedBody: string, words: readonly string[]): string {
  const positions = words.map((word) => foldedBody.indexOf(word)).filter((index) => index >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : 0;
  // Folding keeps the length of nearly all text; where it does not, the excerpt is only shifted.
  const start = Math.max(0, first - excerptRadius);
  const end = Math.min(body.length, first + excerptRadius * 2);
  const text = body.slice(start, end).replace(/\s+/gu, ' ').trim();
  return `${start > 0 ? '…' : ''}${text}${end < body.length ? '…' : ''}`;
}

/** The articles that hold every word of the query, title matches first; none for an empty query. */
export function searchHelpArticles<K extends string>(
  query: string,
  articles: readonly SearchableArticle<K>[],
): HelpSearchHit<K>[] {
  const words = helpQueryWords(query.slice(0, maxHelpQueryLength));
  if (words.length === 0) {
    return [];
  }
  const hits: (HelpSearchHit<K> & { inTitle: boolean })[] = [];
  for (const article of articles) {
    const title = fold(article.title);
    const body = fold(article.body);
    if (!words.every((word) => title.includes(word) || body.includes(word))) {
      continue;
    }
    hits.push({
      key: article.key,
      title: article.title,
      excerpt: excerptOf(article.body, body, words),
      inTitle: words.every((word) => title.includes(word)),
    });
  }
  // A stable sort keeps the table's order within each group.
  return hits
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle))
    .map(({ key, title, excerpt }) => ({ key, title, excerpt }));
}
