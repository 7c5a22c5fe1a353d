/** One entry of the language menu: a locale and its name in its own language. */
export interface LanguageOption {
  locale: string;
  name: string;
}

/** The query parameter the proxy reads to switch the locale (docs/product.md#screens-and-routes). */
const localeParam = 'locale';

/**
 * The address that switches the current page to another locale: the same path and query with
 * `?locale=` added. The proxy turns it into the locale's own path and remembers the choice.
 */
export function localeSwitchHref(
  current: { pathname: string; search: string; hash: string },
  locale: string,
): string {
  const query = new URLSearchParams(current.search);
  query.set(localeParam, locale);
  return `${current.pathname}?${query.toString()}${current.hash}`;
}
