import { defaultLocale, locales } from '@nimbus/contracts';
import { defineRouting } from 'next-intl/routing';
import { localeCookieMaxAgeSeconds, localeCookieName } from './locale-path';

/**
 * Locale routing of docs/product.md#screens-and-routes: en-US unprefixed, every other locale under `/{locale}`, the
 * choice remembered in the `locale` cookie for 365 days.
 */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeCookie: { name: localeCookieName, maxAge: localeCookieMaxAgeSeconds, sameSite: 'lax' },
  alternateLinks: true,
});
