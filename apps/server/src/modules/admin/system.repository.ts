import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How many items of a queue are in one phase, and since when the oldest of them waits. */
interface PhaseCount {
  kind: string;
  phase: string;
  count: number | string;
  oldest: string | null;
}

/** A failure as the tables keep it. */
export interface FailedRow {
  kind: string;
  id: string;
  reason: string;
  at: string;
}

const failedLimit = 50;

/**
 * The system page's figures (docs/api.md#operator-console): the queues of background work (members'
 * tasks, data exports, video preparation) counted per phase, their latest failures, the fleet's
 * periodic jobs and the blob store.
 */
export function createSystemRepository(db: Kysely<Database>) {
  const count = sql<number | string>`count(*)`;
  return {
    /** Items per queue and phase, with the oldest `created_at` of each. */
    async phases(): Promise<PhaseCount[]> {
      const [tasks, exports, videos] = await Promise.all([
        db
          .selectFrom('tasks')
          .select([
            sql<string>`'task.' || type`.as('kind'),
            'phase',
            count.as('count'),
            (eb) => eb.fn.min('created_at').as('oldest'),
          ])
          .groupBy(['type', 'phase'])
          .execute(),
        db
          .selectFrom('data_exports')
          .select([
            sql<string>`'data_export'`.as('kind'),
            'phase',
            count.as('count'),
            (eb) => eb.fn.min('requested_at').as('oldest'),
          ])
          .groupBy('phase')
          .execute(),
        db
          .selectFrom('video_prepare_jobs')
          .select([
            sql<string>`'video_prepare'`.as('kind'),
            'phase',
            count.as('count'),
            (eb) => eb.fn.min('created_at').as('oldest'),
          ])
          .groupBy('phase')
          .execute(),
      ]);
      return [...tasks, ...exports, ...videos];
    },

    /** The latest failures of every queue, newest first. */
    async failures(): Promise<FailedRow[]> {
      const [tasks, exports, videos] = await Promise.all([
        db
          .selectFrom('tasks')
          .select([
            sql<string>`'task.' || type`.as('kind'),
            'id',
            'message_key as reason',
            'updated_at as at',
          ])
          .where('phase', '=', 'PHASE_TYPE_ERROR')
          .orderBy('updated_at', 'desc')
          .limit(failedLimit)
          .execute(),
        db
          .selectFrom('data_exports')
          .select([sql<string>`'data_export'`.as('kind'), 'id', 'reason', 'updated_at as at'])
          .where('phase', '=', 'failed')
          .orderBy('updated_at', 'desc')
          .limit(failedLimit)
          .execute(),
        db
          .selectFrom('video_prepare_jobs')
          .select([
            sql<string>`'video_prepare'`.as('kind'),
            'sha256 as id',
            'reason',
            'updated_at as at',
          ])
          .where('phase', '=', 'failed')
          .orderBy('updated_at', 'desc')
          .limit(failedLimit)
          .execute(),
      ]);
      return [...tasks, ...exports, ...videos]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, failedLimit);
    },

    async jobs() {
      return db
        .selectFrom('job_leases')
        .select(['name', 'holder', 'held_until', 'next_run_at'])
        .orderBy('name')
        .execute();
    },

    /** The blob store: distinct blobs and their bytes, the bytes members' files name, `verify`'s marks. */
    async blobs() {
      const [physical, logical] = await Promise.all([
        db
          .selectFrom('blobs')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('count'),
            eb.fn.coalesce(eb.fn.sum<number | string>('size'), sql<number>`0`).as('bytes'),
            eb.fn.count<number | string>('verified_at').as('verified'),
            eb.fn.max('verified_at').as('last_verified_at'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('member_usage')
          .select((eb) =>
            eb.fn
              .coalesce(eb.fn.sum<number | string>(sql`live_bytes + trash_bytes`), sql<number>`0`)
              .as('bytes'),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { ...physical, logical: logical.bytes };
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
