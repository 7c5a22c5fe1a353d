import type { Locale } from '@nimbus/contracts';
import { resolveLocale } from '@nimbus/contracts';

/** Route params of every page and layout under `app/[locale]`. */
export interface LocaleParams {
  params: Promise<{ locale: string }>;
}

/** The locale of a page's params; the root layout has already rejected unsupported ones. */
export async function localeOf(params: LocaleParams['params']): Promise<Locale> {
  const { locale } = await params;
  return resolveLocale(locale);
}
