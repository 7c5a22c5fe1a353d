import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuthFailureTable, Database, FailureScope } from '../../db/schema';

export type AuthFailureRow = Selectable<AuthFailureTable>;

/**
 * Failed sign-in and pass-code counters per account, address, device and pair. Kept in the
 * database, not in memory, so every node of a fleet and the captcha shield see the same counts.
 */
export function createAuthFailureRepository(db: Kysely<Database>) {
  return {
    async find(scope: FailureScope, subject: string): Promise<AuthFailureRow | undefined> {
      return db
        .selectFrom('auth_failures')
        .selectAll()
        .where('scope', '=', scope)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    /**
     * Counts one failure; a counter whose window started before `windowStart` starts over.
     * Returns the failures in the current window.
     */
    async record(
      scope: FailureScope,
      subject: string,
      now: Date,
      windowStart: Date,
    ): Promise<number> {
      const stamp = now.toISOString();
      const cutoff = windowStart.toISOString();
      const row = await db
        .insertInto('auth_failures')
        .values({
          scope,
          subject,
          failures: 1,
          window_started_at: stamp,
          last_failure_at: stamp,
          locked_until: null,
        })
        .onConflict((conflict) =>
          conflict.columns(['scope', 'subject']).doUpdateSet({
            failures: sql<number>`case when auth_failures.window_started_at < ${cutoff} then 1 else auth_failures.failures + 1 end`,
            window_started_at: sql<string>`case when auth_failures.window_started_at < ${cutoff} then ${stamp} else auth_failures.window_started_at end`,
            last_failure_at: stamp,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return row.failures;
    },

    /** Holds a subject until a time (see `locked_until`), and starts its count over. */
    async lock(scope: FailureScope, subject: string, until: Date, now: Date): Promise<void> {
      await db
        .updateTable('auth_failures')
        .set({
          locked_until: until.toISOString(),
          failures: 0,
          window_started_at: now.toISOString(),
        })
        .where('scope', '=', scope)
        .where('subject', '=', subject)
        .execute();
    },

    /**
     * Deletes the counters whose window began before `windowStartedBefore` and that hold nobody
     * now (no `locked_until` after `now`); such a counter would start over at its next failure
     * anyway. Returns how many went.
     */
    async deleteStale(windowStartedBefore: Date, now: Date): Promise<number> {
      const result = await db
        .deleteFrom('auth_failures')
        .where('window_started_at', '<', windowStartedBefore.toISOString())
        .where((where) =>
          where.or([
            where('locked_until', 'is', null),
            where('locked_until', '<', now.toISOString()),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async clear(scope: FailureScope, subject: string): Promise<void> {
      await db
        .deleteFrom('auth_failures')
        .where('scope', '=', scope)
        .where('subject', '=', subject)
        .execute();
    },
  };
}

export type AuthFailureRepository = ReturnType<typeof createAuthFailureRepository>;
