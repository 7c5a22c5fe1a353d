import { defaultLocale, isLocale } from '@nimbus/contracts';
import { getRequestConfig } from 'next-intl/server';
import { loadMessages } from './messages';

/**
 * The next-intl configuration of a request. The proxy always names the locale of the page
 * (prefix, cookie or browser); anything unsupported falls back to the default (docs/product.md#validation).
 */
export default getRequestConfig(async ({ locale, requestLocale }) => {
  const requested = locale ?? (await requestLocale);
  const resolved = isLocale(requested) ? requested : defaultLocale;
  return {
    locale: resolved,
    messages: await loadMessages(resolved),
  };
});
