import type { Locale } from '@nimbus/contracts';
import enUS from './messages/en-US.json';
import es from './messages/es.json';
import id from './messages/id.json';
import ja from './messages/ja.json';
import ko from './messages/ko.json';
import ms from './messages/ms.json';
import pt from './messages/pt.json';
import ru from './messages/ru.json';
import uk from './messages/uk.json';
import zhCN from './messages/zh-CN.json';
import zhTW from './messages/zh-TW.json';

type MailTexts = (typeof enUS)['mail'];

/**
 * The mails Nimbus writes to members: the user service's (codes and notices) and the membership
 * expiry reminder (modules/membership/membership-reminder-mail.ts).
 */
export type UserMailKind = keyof MailTexts;

const catalogue: Readonly<Record<Locale, MailTexts>> = {
  'en-US': enUS.mail,
  es: es.mail,
  id: id.mail,
  ja: ja.mail,
  ko: ko.mail,
  ms: ms.mail,
  pt: pt.mail,
  ru: ru.mail,
  uk: uk.mail,
  'zh-CN': zhCN.mail,
  'zh-TW': zhTW.mail,
};

/**
 * Fills `{name}` arguments. The mail texts use plain arguments only (no plural or select), so
 * this is all of ICU they need; `npm run i18n:check` keeps them valid ICU with the same
 * arguments in every locale.
 */
function fill(template: string, args: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => args[name] ?? whole);
}

/** The subject and text of a mail to a member in the member's language. */
export function composeUserMail(
  kind: UserMailKind,
  locale: Locale,
  args: Readonly<Record<string, string>>,
): { subject: string; text: string } {
  const texts = catalogue[locale][kind];
  return { subject: fill(texts.subject, args), text: fill(texts.body, args) };
}

/** Why a data export failed (`DataExport.reason`), as the failure mail words it. */
export type DataExportFailureReason = keyof MailTexts['dataExportFailed']['reasons'];

/** The sentence of the data export failure mail that says why, in the member's language. */
export function dataExportFailureReason(locale: Locale, reason: DataExportFailureReason): string {
  return catalogue[locale].dataExportFailed.reasons[reason];
}
