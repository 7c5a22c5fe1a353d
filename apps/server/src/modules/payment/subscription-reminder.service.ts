import { resolveLocale, type Locale } from '@nimbus/contracts';
import { runReminderBatch, sendReminderMail } from '../../lib/reminder-batch';
import {
  formatExpiry,
  membershipReminderScene,
  reminderLinks,
  sitePath,
} from '../membership/membership-reminder-mail';
import type { MembershipActivityService } from '../membership/membership-activity.service';
import type { Mailer, MailMessage } from '../user/mail/mailer';
import { composeUserMail } from '../user/mail/user-mail';
import type {
  RenewalCandidate,
  SubscriptionReminderRepository,
} from './subscription-reminder.repository';

export interface SubscriptionReminderServiceDeps {
  reminders: SubscriptionReminderRepository;
  /** The unsubscribe links and wishes of the membership mails (scene `membership_reminder`). */
  mailPreferences: Pick<MembershipActivityService, 'unsubscribeToken' | 'isUnsubscribed'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  /** Days before a renewal the reminder goes out (`SUBSCRIPTION_REMINDER_DAYS`); 0: never. */
  days: number;
  now: () => Date;
  logger: { error(object: object, message: string): void };
  batchSize?: number;
  /** How long a claim holds before another node may take it over. */
  leaseMs?: number;
}

/**
 * The renewal reminder to a subscriber, in their language: when the subscription renews and is
 * charged, the link to /drive/payment (cancel, switch plan, card), and the footer's unsubscribe
 * link of the membership reminders, with RFC 8058 one-click headers.
 */
export function composeRenewalReminder(input: {
  to: string;
  locale: Locale;
  renewsAt: string;
  publicUrl: string;
  unsubscribeToken: string;
}): MailMessage {
  const d = encodeURIComponent(input.unsubscribeToken);
  const { subject, text } = composeUserMail('subscriptionReminder', input.locale, {
    ...formatExpiry(input.locale, input.renewsAt),
    manageUrl: new URL(sitePath(input.locale, '/drive/payment'), input.publicUrl).toString(),
    unsubscribeUrl: new URL(`/unsubscribe?d=${d}`, input.publicUrl).toString(),
  });
  return {
    to: input.to,
    subject,
    text,
    listUnsubscribe: new URL(`/mail/v1/unsubscribe?d=${d}`, input.publicUrl).toString(),
    note: `renewal reminder for ${input.to} (renews ${input.renewsAt})`,
  };
}

/**
 * Renewal reminders (docs/memberships.md#renewal-reminders): each subscription that renews
 * within `days` is mailed about once per renewal date. Any number of nodes run it on one
 * database: a node claims a renewal's reminder with one statement only one node wins
 * (subscription-reminder.repository.ts `claim`) before it sends; a mail that fails leaves the
 * claim, which another pass takes over once its lease ran out.
 */
export function createSubscriptionReminderService(deps: SubscriptionReminderServiceDeps) {
  const { reminders } = deps;

  async function remind(candidate: RenewalCandidate, at: Date, leaseCutoff: string) {
    if (!(await reminders.claim(candidate, at.toISOString(), leaseCutoff))) {
      return;
    }
    const member = await reminders.member(candidate.userId);
    if (
      member === undefined ||
      member.status !== 'active' ||
      (await deps.mailPreferences.isUnsubscribed(member.email, membershipReminderScene))
    ) {
      await reminders.finish(candidate);
      return;
    }
    const sent = await sendReminderMail(
      deps,
      candidate.userId,
      'renewal reminder mail failed',
      () =>
        composeRenewalReminder({
          to: member.email,
          locale: resolveLocale(member.locale),
          renewsAt: candidate.periodEnd,
          ...reminderLinks(deps, member.email),
        }),
    );
    if (!sent) {
      return;
    }
    await reminders.finish(candidate);
  }

  return {
    /** Whether renewal reminders are on (`SUBSCRIPTION_REMINDER_DAYS` above 0). */
    isEnabled: deps.days > 0,

    /** One batch of the periodic job; answers how many renewals it looked at (0: none left). */
    remindBatch: (): Promise<number> => runReminderBatch(deps, reminders, remind),
  };
}

export type SubscriptionReminderService = ReturnType<typeof createSubscriptionReminderService>;
