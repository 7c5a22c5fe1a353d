import type { ErrorReason } from './errors';
import type { EventType } from './enums';
import type { Locale } from './locales';
import type { ModerationReason, ShareStatus } from './enums';
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

/** The name of a kind of recent event in a locale (`type_name` of `GET /drive/v1/events`). */
export function eventTypeName(type: EventType, locale: Locale): string {
  return sharedMessages[locale].events.types[type];
}

/** A key of the task messages (`message` of a task, docs/api.md#tasks). */
export type TaskMessageKey = keyof SharedMessages['tasks']['messages'];

/**
 * A task message as stored: a key of the catalogue, followed for the answers of a link's server
 * by the HTTP status it answered (`source_missing:404`), which the text shows as `{status}`.
 */
export type TaskMessageCode = TaskMessageKey | `${TaskMessageKey}:${number}`;

/** Whether a stored text is a key of the task messages. */
export function isTaskMessageKey(key: string): key is TaskMessageKey {
  return Object.hasOwn(sharedMessages['en-US'].tasks.messages, key);
}

/** The message of a task in a locale; `''` for a code the catalogue does not have. */
export function taskMessage(code: string, locale: Locale): string {
  const [key = '', status = ''] = code.split(':', 2);
  return isTaskMessageKey(key)
    ? sharedMessages[locale].tasks.messages[key].replace('{status}', status)
    : '';
}

/** The `share_status_text` of a share status in a locale (docs/api.md#shares). */
export function shareStatusText(status: ShareStatus, locale: Locale): string {
  return sharedMessages[locale].shareStatus[status];
}

/** A moderation reason as the sharer reads it in their language; `''` for none or an unknown code. */
export function moderationReasonText(code: string, locale: Locale): string {
  const texts: Record<string, string> = sharedMessages[locale].moderationReason;
  return Object.hasOwn(texts, code) ? (texts[code as ModerationReason] ?? '') : '';
}

/** A share text of the catalogue with its `{arguments}` filled in. */
export function shareMessage(
  key: keyof SharedMessages['share'],
  locale: Locale,
  args: Record<string, string> = {},
): string {
  return sharedMessages[locale].share[key].replace(
    /\{(\w+)\}/g,
    (whole, name: string) => args[name] ?? whole,
  );
}

/** The name of the folder offline downloads land in, in a locale. */
export function downloadFolderName(locale: Locale): string {
  return sharedMessages[locale].tasks.downloadFolderName;
}

/** The name WebDAV gives one of the drive's views at the root of `/dav/` (docs/api.md#webdav). */
export function davFolderName(key: keyof SharedMessages['dav'], locale: Locale): string {
  return sharedMessages[locale].dav[key];
}
