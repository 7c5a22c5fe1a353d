import type { CookieToSet } from './cookie';
import { twelveHoursSeconds } from './cookie';

/** The attribution query parameters, each kept in a cookie of the same name (docs/product.md#entities). */
export const attributionKeys = ['source', 'medium', 'campaign'] as const;

/** Longest attribution value kept; longer values are cut. */
const maxValueLength = 200;

function withoutControlCharacters(value: string): string {
  return Array.from(value)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x1f && code !== 0x7f;
    })
    .join('');
}

/**
 * Global guard 1: reads `source`, `medium` and `campaign` from the query and keeps each non-empty
 * value in a 12-hour cookie. Control characters are dropped.
 */
export function attributionCookies(searchParams: URLSearchParams): CookieToSet[] {
  const cookies: CookieToSet[] = [];
  for (const key of attributionKeys) {
    const value = withoutControlCharacters(searchParams.get(key) ?? '')
      .trim()
      .slice(0, maxValueLength);
    if (value) {
      cookies.push({ name: key, value, maxAge: twelveHoursSeconds });
    }
  }
  return cookies;
}
