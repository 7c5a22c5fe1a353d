import { resolveLocale } from '@nimbus/contracts';
import { runReminderBatch, sendReminderMail } from '../../lib/reminder-batch';
import type { Mailer } from '../user/mail/mailer';
import type { MembershipActivityService } from './membership-activity.service';
import {
  composeMembershipReminder,
  isGrantedInWindow,
  membershipReminderScene,
  reminderLinks,
} from './membership-reminder-mail';
import type { MembershipReminderRepository } from './membership-reminder.repository';

export interface MembershipReminderServiceDeps {
  reminders: MembershipReminderRepository;
  /** The unsubscribe links and wishes of the membership activities (`unsubscribeToken`, `isUnsubscribed`). */
  mailPreferences: Pick<MembershipActivityService, 'unsubscribeToken' | 'isUnsubscribed'>;
  mailer: Pick<Mailer, 'send'>;
  /** The site's origin, for the renew and unsubscribe links. */
  publicUrl: string;
  /**
   * When the member's subscription renews next (a running one not cancelled), or undefined: an
   * end the subscription renews by gets its renewal reminder instead.
   */
  renewalOf?: (userId: string) => Promise<string | undefined>;
  /** Days before the end of premium the reminder goes out (`MEMBERSHIP_REMINDER_DAYS`); 0: never. */
  days: number;
  now: () => Date;
  logger: { error(object: object, message: string): void };
  /** Members looked at per batch. */
  batchSize?: number;
  /** How long a claim holds before another node may take it over (a node died, a mail failed). */
  leaseMs?: number;
}

/**
 * Membership expiry reminders, the first mail Nimbus sends that is not transactional: each
 * member whose premium ends within `days` is mailed once per end, in their language, with the
 * link to renew and an unsubscribe link (scene `membership_reminder`, with RFC 8058 one-click
 * headers). Any number of nodes run it against one database: a reminder is claimed by one
 * statement only one node wins (membership-reminder.repository.ts `claim`) before its mail is sent.
 */
export function createMembershipReminderService(deps: MembershipReminderServiceDeps) {
  const { reminders, now } = deps;

  /** Claims, checks and mails one member's reminder, unless another node claimed it first. */
  async function remind(
    candidate: { userId: string; expiresAt: string },
    at: Date,
    leaseCutoff: string,
  ): Promise<void> {
    const key = { userId: candidate.userId, expiresAt: candidate.expiresAt };
    if (!(await reminders.claim({ ...key, now: at.toISOString(), leaseCutoff }))) {
      return;
    }
    // Read again after the claim: the member may have renewed, been blocked or unsubscribed since.
    const member = await reminders.member(candidate.userId);
    if (member === undefined || member.status !== 'active') {
      await reminders.release(candidate.userId, candidate.expiresAt);
      return;
    }
    if (member.expiresAt !== candidate.expiresAt) {
      await reminders.finish({ ...key, status: 'renewed' });
      return;
    }
    if (
      member.grantedAt !== undefined &&
      isGrantedInWindow(candidate.expiresAt, member.grantedAt, deps.days)
    ) {
      await reminders.finish({ ...key, status: 'recent_grant' });
      return;
    }
    const renewal = await deps.renewalOf?.(candidate.userId);
    if (renewal !== undefined && renewal <= candidate.expiresAt) {
      await reminders.finish({ ...key, status: 'subscription' });
      return;
    }
    if (await deps.mailPreferences.isUnsubscribed(member.email, membershipReminderScene)) {
      await reminders.finish({ ...key, status: 'unsubscribed' });
      return;
    }
    const locale = resolveLocale(member.locale);
    const sent = await sendReminderMail(
      deps,
      candidate.userId,
      'membership reminder mail failed',
      () =>
        composeMembershipReminder({
          to: member.email,
          locale,
          expiresAt: candidate.expiresAt,
          ...reminderLinks(deps, member.email),
        }),
    );
    if (!sent) {
      return;
    }
    await reminders.finish({
      ...key,
      status: 'sent',
      sentAt: now().toISOString(),
      email: member.email,
      locale,
    });
  }

  return {
    /** Whether reminders are on (`MEMBERSHIP_REMINDER_DAYS` above 0). */
    isEnabled: deps.days > 0,

    /**
     * One batch of the periodic job: looks at up to `batchSize` members whose premium ends
     * within the window and who were not reminded of that end, and answers how many it looked
     * at (0 when none is left). Every member looked at leaves a row (sent, skipped, or claimed
     * while its mail waits for a retry) or is no longer an active account, so the next batch
     * moves on.
     */
    remindBatch: (): Promise<number> => runReminderBatch(deps, reminders, remind),
  };
}

export type MembershipReminderService = ReturnType<typeof createMembershipReminderService>;
