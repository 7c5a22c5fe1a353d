import type { StorageLike } from '@nimbus/client';
import { canonicalLocale, type Locale } from '@nimbus/contracts';

/*
 * The language suggestion: a visitor whose browser speaks a language of the site, on a page in
 * another one (a link shared by someone else, a locale chosen long ago), is offered the page in
 * their own language, once. What they declined is remembered ("hide language change",
 * docs/product.md#entities), and so is a language they picked from the menu on purpose.
 */

/** The local storage key of the declined suggestions: a JSON list of locales. */
export const hiddenLanguageChangeKey = 'nimbus.i18n.hide_language_change';

/** The site locale the browser prefers most, or undefined when it speaks none of them. */
export function browserLocale(languages: readonly string[]): Locale | undefined {
  for (const language of languages.slice(0, 32)) {
    const locale = canonicalLocale(language);
    if (locale) {
      return locale;
    }
  }
  return undefined;
}

/** The locales whose suggestion the visitor declined. */
export function declinedSuggestions(storage: StorageLike): Locale[] {
  const raw = storage.getItem(hiddenLanguageChangeKey);
  if (!raw) {
    return [];
  }
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed)
      ? parsed.flatMap((value) =>
          typeof value === 'string' && canonicalLocale(value) === value ? [value] : [],
        )
      : [];
  } catch {
    return [];
  }
}

/** Remembers that the visitor does not want pages in `locale` suggested again. */
export function declineSuggestion(storage: StorageLike, locale: Locale): void {
  const declined = declinedSuggestions(storage);
  if (!declined.includes(locale)) {
    storage.setItem(hiddenLanguageChangeKey, JSON.stringify([...declined, locale]));
  }
}

/**
 * The locale to offer on a page in `current`: the browser's own, unless the page is already in
 * it or the visitor declined it before.
 */
export function suggestedLocale(
  current: Locale,
  languages: readonly string[],
  declined: readonly Locale[],
): Locale | undefined {
  const preferred = browserLocale(languages);
  return preferred === undefined || preferred === current || declined.includes(preferred)
    ? undefined
    : preferred;
}

/**
 * A language picked from the menu is a choice: the browser's language is not suggested over it
 * afterwards.
 */
export function rememberLanguageChoice(
  storage: StorageLike,
  chosen: Locale,
  languages: readonly string[],
): void {
  const preferred = browserLocale(languages);
  if (preferred !== undefined && preferred !== chosen) {
    declineSuggestion(storage, preferred);
  }
}
