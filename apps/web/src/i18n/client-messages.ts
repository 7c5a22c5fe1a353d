import type { Locale } from '@nimbus/contracts';
import { getMessages } from 'next-intl/server';

/** The message keys client components read; nothing else is sent to the browser. */
const clientCommonKeys = ['not-found-page-tip', 'page-not-found-path', 'back-home', 'try-again'] as const;

/** The small subset of messages handed to `NextIntlClientProvider`. */
export async function clientMessages(locale: Locale) {
  const { common } = await getMessages({ locale });
  return {
    common: Object.fromEntries(clientCommonKeys.map((key) => [key, common[key]])),
  };
}
