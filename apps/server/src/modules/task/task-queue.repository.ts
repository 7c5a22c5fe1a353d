import type { Kysely } from 'kysely';
import type { TaskType } from '@nimbus/contracts';
import type { Database } from '../../db/schema';

/** How many tasks of one type wait to be taken, and when the oldest of them was queued. */
export interface QueueDepth {
  /** The tasks' type. */
  queue: TaskType;
  waiting: number;
  /** `updated_at` of the task waiting longest; null when none waits. */
  oldest: string | null;
}

/** The task queues as the metrics read them (`tasks_queue_idx` answers each type). */
export function createTaskQueueRepository(db: Kysely<Database>) {
  return {
    async depths(types: readonly TaskType[]): Promise<QueueDepth[]> {
      return Promise.all(
        types.map(async (type) => {
          const row = await db
            .selectFrom('tasks')
            .select((eb) => [eb.fn.countAll().as('waiting'), eb.fn.min('updated_at').as('oldest')])
            .where('type', '=', type)
            .where('phase', '=', 'PHASE_TYPE_PENDING')
            .executeTakeFirstOrThrow();
          return { queue: type, waiting: Number(row.waiting), oldest: row.oldest ?? null };
        }),
      );
    },
  };
}
