import type { Kysely } from 'kysely';
import type { ReminderWindow } from '../../lib/reminder-batch';
import type { Database } from '../../db/schema';

/** A subscription that renews within the reminder window and was not reminded of that renewal. */
export interface RenewalCandidate {
  id: string;
  userId: string;
  periodEnd: string;
}

/** The renewal reminders' queries on `payment_subscriptions` (0050). Only this file queries them. */
export function createSubscriptionReminderRepository(db: Kysely<Database>) {
  return {
    /**
     * Subscriptions that renew (active, not cancelled) after `now` and by `horizon`, not
     * reminded of that renewal, and not claimed by a node since `leaseCutoff`.
     */
    async candidates(input: ReminderWindow): Promise<RenewalCandidate[]> {
      const rows = await db
        .selectFrom('payment_subscriptions')
        .select(['id', 'user_id', 'current_period_end'])
        .where('status', 'in', ['active', 'trialing'])
        .where('cancel_at_period_end', '=', 0)
        .where('current_period_end', '>', input.now)
        .where('current_period_end', '<=', input.horizon)
        .whereRef('reminded_period_end', '!=', 'current_period_end')
        .where((where) =>
          where.or([
            where('reminder_claimed_at', '=', ''),
            where('reminder_claimed_at', '<', input.leaseCutoff),
          ]),
        )
        .orderBy('current_period_end')
        .orderBy('id')
        .limit(input.limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        periodEnd: row.current_period_end,
      }));
    },

    /**
     * Claims the reminder of one renewal for this node: one statement that only one node wins,
     * and only while the subscription still renews on that date.
     */
    async claim(candidate: RenewalCandidate, now: string, leaseCutoff: string): Promise<boolean> {
      const result = await db
        .updateTable('payment_subscriptions')
        .set({ reminder_claimed_at: now })
        .where('id', '=', candidate.id)
        .where('current_period_end', '=', candidate.periodEnd)
        .where('cancel_at_period_end', '=', 0)
        .where('reminded_period_end', '!=', candidate.periodEnd)
        .where((where) =>
          where.or([
            where('reminder_claimed_at', '=', ''),
            where('reminder_claimed_at', '<', leaseCutoff),
          ]),
        )
        .executeTakeFirst();
      return (result.numUpdatedRows ?? 0n) > 0n;
    },

    /** Marks the renewal reminded (sent, or skipped for good): no node looks at it again. */
    async finish(candidate: RenewalCandidate): Promise<void> {
      await db
        .updateTable('payment_subscriptions')
        .set({ reminded_period_end: candidate.periodEnd, reminder_claimed_at: '' })
        .where('id', '=', candidate.id)
        .execute();
    },

    /** When the member's running, not cancelled subscription renews next, or undefined. */
    async renewalOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('payment_subscriptions')
        .select('current_period_end')
        .where('user_id', '=', userId)
        .where('status', 'in', ['active', 'trialing'])
        .where('cancel_at_period_end', '=', 0)
        .where('current_period_end', '!=', '')
        .orderBy('current_period_end')
        .limit(1)
        .executeTakeFirst();
      return row?.current_period_end;
    },

    /** The member's address, language and account state. */
    async member(
      userId: string,
    ): Promise<{ email: string; locale: string; status: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['email', 'locale', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type SubscriptionReminderRepository = ReturnType<
  typeof createSubscriptionReminderRepository
>;
