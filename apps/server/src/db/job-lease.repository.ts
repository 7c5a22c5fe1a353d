import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Before any time Nimbus writes: a lease that was never taken. */
const never = '1970-01-01T00:00:00.000Z';

/**
 * The leases of the fleet's periodic jobs (`job_leases`). Taking one is a single conditional
 * update, so of several nodes asking at once exactly one gets it, on SQLite and PostgreSQL alike.
 */
export function createJobLeaseRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes the lease of `name` for `holder` until `heldUntil`, if its pass is due (`next_run_at`
     * reached) and nobody holds it (`held_until` passed). Answers whether it was taken.
     */
    async take(name: string, holder: string, now: Date, heldUntil: Date): Promise<boolean> {
      await db
        .insertInto('job_leases')
        .values({ name, holder: '', held_until: never, next_run_at: never })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const stamp = now.toISOString();
      const result = await db
        .updateTable('job_leases')
        .set({ holder, held_until: heldUntil.toISOString() })
        .where('name', '=', name)
        .where('next_run_at', '<=', stamp)
        .where('held_until', '<=', stamp)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Holds a taken lease longer; answers false when `holder` no longer holds it. */
    async extend(name: string, holder: string, heldUntil: Date): Promise<boolean> {
      const result = await db
        .updateTable('job_leases')
        .set({ held_until: heldUntil.toISOString() })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Lets the lease go after a pass, with the time the next pass is due. */
    async release(name: string, holder: string, nextRunAt: Date): Promise<void> {
      await db
        .updateTable('job_leases')
        .set({ holder: '', held_until: never, next_run_at: nextRunAt.toISOString() })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}

export type JobLeaseRepository = ReturnType<typeof createJobLeaseRepository>;
