/** The locales of the site and the API, in the order the language switcher lists them. */
export const locales = [
  'en-US',
  'es',
  'id',
  'ja',
  'ko',
  'ms',
  'pt',
  'ru',
  'uk',
  'zh-CN',
  'zh-TW',
] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en-US';

/** Each language in its own name, for the language switcher. */
export const localeNames: Readonly<Record<Locale, string>> = {
  'en-US': 'English',
  es: 'Español',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  ko: '한국어',
  ms: 'Bahasa Melayu',
  pt: 'Português',
  ru: 'Русский',
  uk: 'Українська',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * Maps any spelling of a supported locale (`zh-tw`, `EN-us`) to its canonical form, or returns
 * undefined. Bare language tags match the locale of that language (`en` is `en-US`, `zh` is
 * `zh-CN`, `pt-BR` is `pt`).
 */
export function canonicalLocale(value: string | null | undefined): Locale | undefined {
  if (!value) {
    return undefined;
  }
  const lower = value.trim().toLowerCase().replace('_', '-');
  const exact = locales.find((locale) => locale.toLowerCase() === lower);
  if (exact) {
    return exact;
  }
  if (lower === 'zh-hk' || lower === 'zh-mo' || lower.startsWith('zh-hant')) {
    return 'zh-TW';
  }
  const language = lower.split('-')[0];
  return locales.find((locale) => locale.toLowerCase().split('-')[0] === language);
}

/** The locale of a value, or the default locale when it is not supported (docs/product.md#validation). */
export function resolveLocale(value: string | null | undefined): Locale {
  return canonicalLocale(value) ?? defaultLocale;
}

/**
 * Picks the best supported locale from an `Accept-Language` header, honouring q-values; the
 * default locale when nothing matches.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) {
    return defaultLocale;
  }
  const ranges = acceptLanguage
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.find((param) => param.trim().startsWith('q='));
      const q = qParam ? Number(qParam.trim().slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const locale = canonicalLocale(range.tag);
    if (locale) {
      return locale;
    }
  }
  return defaultLocale;
}
