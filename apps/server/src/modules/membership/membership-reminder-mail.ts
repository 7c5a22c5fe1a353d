import { defaultLocale, type Locale } from '@nimbus/contracts';
import type { MailMessage } from '../user/mail/mailer';
import { composeUserMail } from '../user/mail/user-mail';

/** The mail scene of expiry reminders: what their unsubscribe links name. */
export const membershipReminderScene = 'membership_reminder';

/** The links of a membership reminder to `email`: the site's origin and the footer's unsubscribe token. */
export function reminderLinks(
  deps: {
    publicUrl: string;
    mailPreferences: { unsubscribeToken(email: string, scene: string): string };
  },
  email: string,
): { publicUrl: string; unsubscribeToken: string } {
  return {
    publicUrl: deps.publicUrl,
    unsubscribeToken: deps.mailPreferences.unsubscribeToken(email, membershipReminderScene),
  };
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The path of a site page in a locale, as the web app routes it (apps/web `localePath`, next-intl
 * `as-needed`): the default locale unprefixed, every other under `/{locale}`.
 */
export function sitePath(locale: Locale, pathname: string): string {
  return locale === defaultLocale ? pathname : `/${locale}${pathname}`;
}

/**
 * Whether the days that end at `expiresAt` were granted inside the reminder window (from `days`
 * before the end on): a 3-day trial, or a day's reward to a membership about to end. The member
 * has just been told of those days, so no reminder speaks of that end.
 */
export function isGrantedInWindow(expiresAt: string, grantedAt: string, days: number): boolean {
  return Date.parse(grantedAt) >= Date.parse(expiresAt) - days * dayMs;
}

/** The end of a membership in a language: the day alone, and the day with the time (UTC). */
export function formatExpiry(locale: Locale, expiresAt: string): { day: string; date: string } {
  const at = new Date(expiresAt);
  return {
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at),
    date: new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(at),
  };
}

/**
 * The expiry reminder to a member, in the member's language: when premium ends, the link to
 * renew (`/drive/payment` in that language), and the unsubscribe link of the footer
 * (`/unsubscribe?d=`, the page that unsubscribes on a click); its `List-Unsubscribe` address is
 * the API's one-click `POST /mail/v1/unsubscribe?d=` (RFC 8058).
 */
export function composeMembershipReminder(input: {
  to: string;
  locale: Locale;
  expiresAt: string;
  publicUrl: string;
  /** The signed `d` of the member's unsubscribe link for `membershipReminderScene`. */
  unsubscribeToken: string;
}): MailMessage {
  const d = encodeURIComponent(input.unsubscribeToken);
  const renewUrl = new URL(sitePath(input.locale, '/drive/payment'), input.publicUrl).toString();
  const unsubscribeUrl = new URL(`/unsubscribe?d=${d}`, input.publicUrl).toString();
  const { subject, text } = composeUserMail('membershipReminder', input.locale, {
    ...formatExpiry(input.locale, input.expiresAt),
    renewUrl,
    unsubscribeUrl,
  });
  return {
    to: input.to,
    subject,
    text,
    listUnsubscribe: new URL(`/mail/v1/unsubscribe?d=${d}`, input.publicUrl).toString(),
    note: `membership reminder for ${input.to} (premium ends ${input.expiresAt})`,
  };
}
