import type { Kysely } from 'kysely';
import type { ReminderWindow } from '../../lib/reminder-batch';
import type { Database, MembershipReminderStatus } from '../../db/schema';

/** A member whose premium ends soon and who was not reminded of that end. */
export interface ReminderCandidate {
  userId: string;
  /** The end of the member's premium (the latest end of their grants). */
  expiresAt: string;
  /** When the grant that ends there was made. */
  grantedAt: string;
}

/** A member as the reminder reads them just before it writes. */
export interface ReminderMember {
  email: string;
  locale: string;
  status: string;
  /** The end of the member's premium now, and when the grant that ends there was made. */
  expiresAt: string | undefined;
  grantedAt: string | undefined;
}

/** Membership expiry reminders (0025), with the memberships and members they read. Only this file queries them. */
export function createMembershipReminderRepository(db: Kysely<Database>) {
  return {
    /**
     * Active members whose premium ends in `(now, horizon]`, with no reminder of that end sent,
     * skipped, or claimed since `leaseCutoff`; the soonest end first. The end of a member's
     * premium is the latest end of their grants (grants queue up), so a renewed membership is
     * found by its new end only.
     */
    async candidates(input: ReminderWindow): Promise<ReminderCandidate[]> {
      const rows = await db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'm.expires_at', 'm.created_at'])
        .where('u.status', '=', 'active')
        .where('m.expires_at', '>', input.now)
        .where('m.expires_at', '<=', input.horizon)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('memberships as later')
                .select('later.id')
                .whereRef('later.user_id', '=', 'm.user_id')
                .whereRef('later.expires_at', '>', 'm.expires_at'),
            ),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('membership_reminders as r')
                .select('r.user_id')
                .whereRef('r.user_id', '=', 'm.user_id')
                .whereRef('r.expires_at', '=', 'm.expires_at')
                .where((inner) =>
                  inner.or([
                    inner('r.status', '<>', 'claimed'),
                    inner('r.claimed_at', '>', input.leaseCutoff),
                  ]),
                ),
            ),
          ),
        )
        .orderBy('m.expires_at')
        .orderBy('m.user_id')
        .limit(input.limit)
        .execute();
      // Two grants may end at the same instant: one candidate per member, the later grant's time.
      const byMember = new Map<string, ReminderCandidate>();
      for (const row of rows) {
        const seen = byMember.get(row.user_id);
        if (seen === undefined || row.created_at > seen.grantedAt) {
          byMember.set(row.user_id, {
            userId: row.user_id,
            expiresAt: row.expires_at,
            grantedAt: row.created_at,
          });
        }
      }
      return [...byMember.values()];
    },

    /**
     * Takes the reminder of one end for this node: inserts its row, or takes over a `claimed` row
     * whose claim is older than `leaseCutoff` (its node died or its mail failed). Both are single
     * statements that only one node can win, on SQLite and PostgreSQL alike.
     */
    async claim(input: {
      userId: string;
      expiresAt: string;
      now: string;
      leaseCutoff: string;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('membership_reminders')
        .values({
          user_id: input.userId,
          expires_at: input.expiresAt,
          status: 'claimed',
          claimed_at: input.now,
          sent_at: null,
          email: '',
          locale: '',
        })
        .onConflict((oc) => oc.columns(['user_id', 'expires_at']).doNothing())
        .executeTakeFirst();
      if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) {
        return true;
      }
      const retaken = await db
        .updateTable('membership_reminders')
        .set({ claimed_at: input.now })
        .where('user_id', '=', input.userId)
        .where('expires_at', '=', input.expiresAt)
        .where('status', '=', 'claimed')
        .where('claimed_at', '<=', input.leaseCutoff)
        .executeTakeFirst();
      return retaken.numUpdatedRows > 0n;
    },

    /** Records what became of a claimed reminder. */
    async finish(input: {
      userId: string;
      expiresAt: string;
      status: Exclude<MembershipReminderStatus, 'claimed'>;
      sentAt?: string;
      email?: string;
      locale?: string;
    }): Promise<void> {
      await db
        .updateTable('membership_reminders')
        .set({
          status: input.status,
          sent_at: input.sentAt ?? null,
          email: input.email ?? '',
          locale: input.locale ?? '',
        })
        .where('user_id', '=', input.userId)
        .where('expires_at', '=', input.expiresAt)
        .execute();
    },

    /** Gives a claim up, so the member is looked at again on a later pass (an account no longer active). */
    async release(userId: string, expiresAt: string): Promise<void> {
      await db
        .deleteFrom('membership_reminders')
        .where('user_id', '=', userId)
        .where('expires_at', '=', expiresAt)
        .where('status', '=', 'claimed')
        .execute();
    },

    /** The member's address, language, status and premium end now; undefined when the account is gone. */
    async member(userId: string): Promise<ReminderMember | undefined> {
      const user = await db
        .selectFrom('users')
        .select(['email', 'locale', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (user === undefined) {
        return undefined;
      }
      const latest = await db
        .selectFrom('memberships')
        .select(['expires_at', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('expires_at', 'desc')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { ...user, expiresAt: latest?.expires_at, grantedAt: latest?.created_at };
    },

    /** The reminders of a member, the latest end first (tests and operators). */
    async remindersOf(userId: string) {
      return db
        .selectFrom('membership_reminders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('expires_at', 'desc')
        .execute();
    },
  };
}

export type MembershipReminderRepository = ReturnType<typeof createMembershipReminderRepository>;
