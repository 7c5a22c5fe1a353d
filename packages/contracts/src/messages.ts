import type { ErrorReason } from './errors';
import type { Locale } from './locales';
import enUS from '../messages/en-US.json';
import es from '../messages/es.json';
import id from '../messages/id.json';
import ja from '../messages/ja.json';
import ko from '../messages/ko.json';
import ms from '../messages/ms.json';
import pt from '../messages/pt.json';
import ru from '../messages/ru.json';
import uk from '../messages/uk.json';
import zhCN from '../messages/zh-CN.json';
import zhTW from '../messages/zh-TW.json';

/** The shared message catalogue: the texts the server and the web app both show. */
export type SharedMessages = typeof enUS;

export const sharedMessages: Readonly<Record<Locale, SharedMessages>> = {
  'en-US': enUS,
  es,
  id,
  ja,
  ko,
  ms,
  pt,
  ru,
  uk,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/** The message of an error reason in a locale, falling back to English. */
export function errorMessage(reason: ErrorReason, locale: Locale): string {
  const texts: Record<string, string> = sharedMessages[locale].errors;
  const english: Record<string, string> = sharedMessages['en-US'].errors;
  return texts[reason] ?? english[reason] ?? reason;
}
