import type { Locale } from '@nimbus/contracts';
import { localePath } from '@/i18n/locale-path';

/** The sign-in page of a locale, returning to `back` (a path of the site with its query). */
export function signInHref(locale: Locale, back: string): string {
  return `${localePath(locale, '/drive/login')}?${new URLSearchParams({ redirect: back }).toString()}`;
}
