import type { Locale } from '@nimbus/contracts';
import { defaultLocale, locales } from '@nimbus/contracts';
import { localePath } from './locale-path';

/** The absolute URL of a page in a locale on the site's public origin (PUBLIC_URL). */
export function absoluteLocaleUrl(publicUrl: string, locale: Locale, pathname: string): string {
  return new URL(localePath(locale, pathname), publicUrl).toString();
}

/**
 * The `hreflang` alternates of a page that exists in the `available` locales (all by default):
 * the absolute URL in each of them, in the site's order, and `x-default` pointing at the default
 * locale's when it has the page.
 */
export function languageAlternates(
  publicUrl: string,
  pathname: string,
  available: readonly Locale[] = locales,
): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const locale of locales) {
    if (available.includes(locale)) {
      languages[locale] = absoluteLocaleUrl(publicUrl, locale, pathname);
    }
  }
  if (available.includes(defaultLocale)) {
    languages['x-default'] = absoluteLocaleUrl(publicUrl, defaultLocale, pathname);
  }
  return languages;
}
