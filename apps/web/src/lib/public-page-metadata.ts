import type { Metadata } from 'next';
import type { Locale } from '@nimbus/contracts';
import { locales } from '@nimbus/contracts';
import { absoluteLocaleUrl, languageAlternates } from '@/i18n/alternates';

/** Open Graph's `language_TERRITORY` form of each locale (`og:locale`). */
const openGraphLocales: Readonly<Record<Locale, string>> = {
  'en-US': 'en_US',
  es: 'es_ES',
  id: 'id_ID',
  ja: 'ja_JP',
  ko: 'ko_KR',
  ms: 'ms_MY',
  pt: 'pt_BR',
  ru: 'ru_RU',
  uk: 'uk_UA',
  'zh-CN': 'zh_CN',
  'zh-TW': 'zh_TW',
};

export function openGraphLocale(locale: Locale): string {
  return openGraphLocales[locale];
}

export interface PublicPageMetadataInput {
  /** The site's public origin (PUBLIC_URL). */
  publicUrl: string;
  locale: Locale;
  /** The page's path without locale prefix: `/faq`. */
  path: string;
  title: string;
  description: string;
  /** The locales that have the page (its `hreflang` alternates); all by default. */
  pageLocales?: readonly Locale[];
}

/**
 * What search engines and link previews read of a public page: its title and description, the
 * canonical URL in the page's locale, `hreflang` alternates for every locale that has it (as the
 * sitemap lists them), Open Graph and a Twitter card.
 */
export function publicPageMetadata(input: PublicPageMetadataInput): Metadata {
  const { publicUrl, locale, path, title, description, pageLocales = locales } = input;
  const canonical = absoluteLocaleUrl(publicUrl, locale, path);
  return {
    title,
    description,
    alternates: { canonical, languages: languageAlternates(publicUrl, path, pageLocales) },
    openGraph: {
      type: 'website',
      siteName: 'Nimbus',
      title,
      description,
      url: canonical,
      locale: openGraphLocale(locale),
      alternateLocale: locales
        .filter((other) => other !== locale && pageLocales.includes(other))
        .map(openGraphLocale),
    },
    twitter: { card: 'summary', title, description },
  };
}
