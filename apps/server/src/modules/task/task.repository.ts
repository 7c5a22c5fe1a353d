import { sql, type Kysely, type Selectable } from 'kysely';
import type { TaskPhase, TaskType } from '@nimbus/contracts';
import type { Dialect } from '../../db/database';
import type { Database, TaskTable } from '../../db/schema';

/** A task row with numbers and the params map in their JavaScript types. */
export interface TaskRecord {
  id: string;
  userId: string;
  type: TaskType;
  name: string;
  phase: TaskPhase;
  progress: number;
  fileId: string;
  fileName: string;
  fileSize: number;
  messageKey: string;
  params: Record<string, string>;
  statusSize: number;
  createdAt: string;
  updatedAt: string;
  /** The API request that queued the task, for the worker's log lines; `''` or absent when none. */
  requestId?: string;
}

/** What a listing asks: the member's tasks of a type and phases, after a position, newest first. */
export interface TaskListQuery {
  userId: string;
  type: TaskType | undefined;
  phases: TaskPhase[] | undefined;
  ids: string[] | undefined;
  /** `[created_at, id]` of the last task of the previous page. */
  after: [string, string] | undefined;
  limit: number;
}

/** What the worker of a background task reads: the URL and the folder the file goes to. */
export interface QueuedSource {
  sourceUrl: string;
  /** null: the member's downloads folder. */
  targetParentId: string | null;
}

/** Where an interrupted download stands: durable bytes of its partial data and the source's validator. */
export interface ResumePoint {
  fetchedBytes: number;
  validator: string | null;
}

/** What a worker may change on a task it holds, besides the task's own columns. */
export type HeldPatch = TaskPatch & {
  fetchedBytes?: number;
  sourceValidator?: string | null;
  openRuns?: number;
};

/** The columns a service may change on a task. */
export type TaskPatch = Partial<
  Pick<
    TaskRecord,
    | 'name'
    | 'phase'
    | 'progress'
    | 'fileId'
    | 'fileName'
    | 'fileSize'
    | 'messageKey'
    | 'params'
    | 'statusSize'
    | 'updatedAt'
  >
>;

function parseParams(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  } catch {
    // A damaged map reads as empty rather than failing the listing.
  }
  return {};
}

function toRecord(row: Selectable<TaskTable>): TaskRecord {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type as TaskType,
    name: row.name,
    phase: row.phase as TaskPhase,
    progress: Number(row.progress),
    fileId: row.file_id,
    fileName: row.file_name,
    // PostgreSQL answers bigint as a string; sizes stay far below 2^53.
    fileSize: Number(row.file_size),
    messageKey: row.message_key,
    params: parseParams(row.params),
    statusSize: Number(row.status_size),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    requestId: row.request_id,
  };
}

function patchColumns(patch: HeldPatch) {
  return {
    ...(patch.fetchedBytes === undefined ? {} : { fetched_bytes: patch.fetchedBytes }),
    ...(patch.sourceValidator === undefined ? {} : { source_validator: patch.sourceValidator }),
    ...(patch.openRuns === undefined ? {} : { open_runs: patch.openRuns }),
    ...(patch.name === undefined ? {} : { name: patch.name }),
    ...(patch.phase === undefined ? {} : { phase: patch.phase }),
    ...(patch.progress === undefined ? {} : { progress: patch.progress }),
    ...(patch.fileId === undefined ? {} : { file_id: patch.fileId }),
    ...(patch.fileName === undefined ? {} : { file_name: patch.fileName }),
    ...(patch.fileSize === undefined ? {} : { file_size: patch.fileSize }),
    ...(patch.messageKey === undefined ? {} : { message_key: patch.messageKey }),
    ...(patch.params === undefined ? {} : { params: JSON.stringify(patch.params) }),
    ...(patch.statusSize === undefined ? {} : { status_size: patch.statusSize }),
    ...(patch.updatedAt === undefined ? {} : { updated_at: patch.updatedAt }),
  };
}

/** Tasks (docs/api.md#tasks). Every query of a member's tasks is scoped to that member. */
export function createTaskRepository(db: Kysely<Database>, dialect: Dialect = 'sqlite') {
  const owned = (userId: string) =>
    db.selectFrom('tasks').selectAll().where('user_id', '=', userId);

  const repository = {
    async insert(task: TaskRecord): Promise<void> {
      await db
        .insertInto('tasks')
        .values({
          id: task.id,
          user_id: task.userId,
          type: task.type,
          name: task.name,
          phase: task.phase,
          progress: task.progress,
          file_id: task.fileId,
          file_name: task.fileName,
          file_size: task.fileSize,
          message_key: task.messageKey,
          params: JSON.stringify(task.params),
          status_size: task.statusSize,
          created_at: task.createdAt,
          updated_at: task.updatedAt,
          request_id: task.requestId ?? '',
        })
        .execute();
    },

    /** The member's task with this id; undefined when absent or another member's. */
    async findOwned(userId: string, id: string): Promise<TaskRecord | undefined> {
      const row = await owned(userId).where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /** The member's tasks among `ids` (absent and others' ids are left out). */
    async findManyOwned(userId: string, ids: string[]): Promise<TaskRecord[]> {
      if (ids.length === 0) {
        return [];
      }
      return (await owned(userId).where('id', 'in', ids).execute()).map(toRecord);
    },

    /**
     * One page of the member's tasks, newest first, keyset-paginated on `(created_at, id)`; one
     * row more than `limit` tells a next page exists.
     */
    async list(query: TaskListQuery): Promise<TaskRecord[]> {
      let select = owned(query.userId);
      if (query.type !== undefined) {
        select = select.where('type', '=', query.type);
      }
      if (query.phases !== undefined) {
        select =
          query.phases.length === 0
            ? select.where(sql<boolean>`1 = 0`)
            : select.where('phase', 'in', query.phases);
      }
      if (query.ids !== undefined) {
        select =
          query.ids.length === 0
            ? select.where(sql<boolean>`1 = 0`)
            : select.where('id', 'in', query.ids);
      }
      if (query.after !== undefined) {
        select = select.where(
          sql<boolean>`(${sql.ref('created_at')}, ${sql.ref('id')}) < (${query.after[0]}, ${query.after[1]})`,
        );
      }
      const rows = await select
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      return rows.map(toRecord);
    },

    /** Changes a member's task; false when it is not (or no longer) there. */
    async update(userId: string, id: string, patch: TaskPatch): Promise<boolean> {
      const result = await db
        .updateTable('tasks')
        .set(patchColumns(patch))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Changes a member's task only while it is in one of `from` phases (a compare-and-set that
     * a parallel change cannot slip through); false when it was not.
     */
    async updateInPhase(
      userId: string,
      id: string,
      from: TaskPhase[],
      patch: TaskPatch,
    ): Promise<boolean> {
      const result = await db
        .updateTable('tasks')
        .set(patchColumns(patch))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('phase', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Writes a background task with what its worker needs (the URL, the target folder). */
    async insertQueued(task: TaskRecord, source: QueuedSource): Promise<void> {
      await repository.insert(task);
      await db
        .updateTable('tasks')
        .set({ source_url: source.sourceUrl, target_parent_id: source.targetParentId })
        .where('id', '=', task.id)
        .execute();
    },

    /** What the worker of a queued task needs; undefined when the task is gone. */
    async sourceOf(id: string): Promise<QueuedSource | undefined> {
      const row = await db
        .selectFrom('tasks')
        .select(['source_url', 'target_parent_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { sourceUrl: row.source_url ?? '', targetParentId: row.target_parent_id };
    },

    /** Where an interrupted download of the task stands; undefined when the task is gone. */
    async resumePointOf(id: string): Promise<ResumePoint | undefined> {
      const row = await db
        .selectFrom('tasks')
        .select(['fetched_bytes', 'source_validator'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { fetchedBytes: Number(row.fetched_bytes), validator: row.source_validator };
    },

    /**
     * Takes a pending task of a type for a worker: a compare-and-set from PENDING to RUNNING, so
     * two workers (or processes) never take the same task. Members take turns (the one whose
     * oldest pending task waited longest first), and a member never has more than
     * `capOf(member)` tasks of the type running at once: the count and the take are one
     * statement, serialized per member (a PostgreSQL advisory lock, and `FOR UPDATE SKIP LOCKED`
     * on the row taken; on SQLite the transaction begins IMMEDIATE, see db/database.ts, so
     * processes sharing the file queue on the write lock under the busy timeout).
     */
    async claimNext(
      type: TaskType,
      workerId: string,
      stamp: string,
      leaseUntil: string,
      capOf: (userId: string) => Promise<number> = () => Promise.resolve(Number.MAX_SAFE_INTEGER),
    ): Promise<TaskRecord | undefined> {
      const members = await db
        .selectFrom('tasks')
        .select(['user_id', (eb) => eb.fn.min('updated_at').as('oldest')])
        .where('type', '=', type)
        .where('phase', '=', 'PHASE_TYPE_PENDING')
        .groupBy('user_id')
        .orderBy('oldest')
        .orderBy('user_id')
        .limit(32)
        .execute();
      for (const { user_id: userId } of members) {
        const cap = await capOf(userId);
        if (cap <= 0) {
          continue;
        }
        const claimed = await db.transaction().execute(async (trx) => {
          if (dialect === 'postgres') {
            await sql`select pg_advisory_xact_lock(hashtext(${`tasks:${type}:${userId}`}))`.execute(
              trx,
            );
          }
          const next = trx
            .selectFrom('tasks')
            .select('id')
            .where('user_id', '=', userId)
            .where('type', '=', type)
            .where('phase', '=', 'PHASE_TYPE_PENDING')
            .orderBy('updated_at')
            .orderBy('id')
            .limit(1)
            // PostgreSQL: a row another claim holds is passed over, not waited for.
            .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked());
          const running = trx
            .selectFrom('tasks')
            .select((eb) => eb.fn.countAll().as('running'))
            .where('user_id', '=', userId)
            .where('type', '=', type)
            .where('phase', '=', 'PHASE_TYPE_RUNNING');
          const row = await trx
            .updateTable('tasks')
            .set({
              phase: 'PHASE_TYPE_RUNNING',
              lease_owner: workerId,
              lease_until: leaseUntil,
              updated_at: stamp,
            })
            .where('id', '=', (eb) => eb.selectFrom(next.as('next')).select('next.id'))
            .where('phase', '=', 'PHASE_TYPE_PENDING')
            .where((eb) => eb(running, '<', cap))
            .returningAll()
            .executeTakeFirst();
          return row;
        });
        if (claimed !== undefined) {
          return toRecord(claimed);
        }
      }
      return undefined;
    },

    /**
     * Bytes the member's other running downloads of a type hold (for the quota during a
     * download): what an http(s) download has so far, a torrent's chosen files from its start.
     */
    async runningBytes(userId: string, type: TaskType, exceptId: string): Promise<number> {
      const row = await db
        .selectFrom('tasks')
        .select((eb) => eb.fn.sum<number | string | null>('fetched_bytes').as('bytes'))
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('phase', '=', 'PHASE_TYPE_RUNNING')
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /** Records the durable bytes of a task this worker held (after a pause or stop); false when another holds it. */
    async recordFetched(
      id: string,
      workerId: string,
      fetchedBytes: number,
      validator: string | null,
    ): Promise<boolean> {
      const result = await db
        .updateTable('tasks')
        .set({ fetched_bytes: fetchedBytes, source_validator: validator })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The phases of tasks among `ids` (absent ones are left out), with their message and last
     * change, for the sweep of partial data.
     */
    async phasesOf(
      ids: string[],
    ): Promise<Map<string, { phase: TaskPhase; messageKey: string; updatedAt: string }>> {
      if (ids.length === 0) {
        return new Map();
      }
      const rows = await db
        .selectFrom('tasks')
        .select(['id', 'phase', 'message_key', 'updated_at'])
        .where('id', 'in', ids)
        .execute();
      return new Map(
        rows.map((row) => [
          row.id,
          { phase: row.phase as TaskPhase, messageKey: row.message_key, updatedAt: row.updated_at },
        ]),
      );
    },

    /**
     * Adds bytes a member's offline downloads fetched in a period (`YYYY-MM`) and answers the
     * period's total.
     */
    async addTraffic(userId: string, period: string, bytes: number): Promise<number> {
      const row = await db
        .insertInto('offline_traffic')
        .values({ user_id: userId, period, bytes })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'period'])
            .doUpdateSet({ bytes: sql<number>`offline_traffic.bytes + ${bytes}` }),
        )
        .returning('bytes')
        .executeTakeFirst();
      return Number(row?.bytes ?? bytes);
    },

    /** Bytes a member's offline downloads fetched in a period (`YYYY-MM`). */
    async trafficOf(userId: string, period: string): Promise<number> {
      const row = await db
        .selectFrom('offline_traffic')
        .select('bytes')
        .where('user_id', '=', userId)
        .where('period', '=', period)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /**
     * Marks a run of a task this worker holds as started, before it reads any of the task's
     * input: answers the runs now open (the ones before it were left open by processes that died
     * while running the task); 0 when the worker does not hold the task.
     */
    async startRun(id: string, workerId: string): Promise<number> {
      const row = await db
        .updateTable('tasks')
        .set({ open_runs: sql<number>`open_runs + 1` })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .returning('open_runs')
        .executeTakeFirst();
      return Number(row?.open_runs ?? 0);
    },

    /**
     * The run of a task ended in a way its worker saw (done, failed, paused, deleted, stopped):
     * no run is left open. Not when another worker has taken the task meanwhile.
     */
    async endRun(id: string, workerId: string): Promise<void> {
      await db
        .updateTable('tasks')
        .set({ open_runs: 0 })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease_owner', '=', workerId), eb('lease_owner', 'is', null)]))
        .execute();
    },

    /** Running tasks whose worker's lease ran out (the worker died) go back to the queue. */
    async requeueExpired(type: TaskType, stamp: string): Promise<number> {
      const result = await db
        .updateTable('tasks')
        .set({
          phase: 'PHASE_TYPE_PENDING',
          lease_owner: null,
          lease_until: null,
          updated_at: stamp,
        })
        .where('type', '=', type)
        .where('phase', '=', 'PHASE_TYPE_RUNNING')
        .where('lease_until', '<', stamp)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Changes a task a worker holds, and renews its lease or (with `release`) gives it up; false
     * when the worker no longer holds it (paused, deleted, or taken back after its lease ran out).
     */
    async updateHeld(
      id: string,
      workerId: string,
      patch: HeldPatch,
      lease: { until: string } | 'release',
    ): Promise<boolean> {
      const result = await db
        .updateTable('tasks')
        .set({
          ...patchColumns(patch),
          ...(lease === 'release'
            ? { lease_owner: null, lease_until: null }
            : { lease_until: lease.until }),
        })
        .where('id', '=', id)
        .where('phase', '=', 'PHASE_TYPE_RUNNING')
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Counts one more task of a type created by the member on a UTC day, unless `limit` are
     * counted already; false then. Counts of earlier days are dropped on the way.
     */
    async countDaily(userId: string, type: TaskType, day: string, limit: number): Promise<boolean> {
      await db
        .deleteFrom('task_daily_counts')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('day', '<', day)
        .execute();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const updated = await db
          .updateTable('task_daily_counts')
          .set({ count: sql<number>`count + 1` })
          .where('user_id', '=', userId)
          .where('type', '=', type)
          .where('day', '=', day)
          .where('count', '<', limit)
          .executeTakeFirst();
        if (updated.numUpdatedRows > 0n) {
          return true;
        }
        const existing = await db
          .selectFrom('task_daily_counts')
          .select('count')
          .where('user_id', '=', userId)
          .where('type', '=', type)
          .where('day', '=', day)
          .executeTakeFirst();
        if (existing !== undefined || limit <= 0) {
          return false;
        }
        const inserted = await db
          .insertInto('task_daily_counts')
          .values({ user_id: userId, type, day, count: 1 })
          .onConflict((conflict) => conflict.columns(['user_id', 'type', 'day']).doNothing())
          .executeTakeFirst();
        if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) {
          return true;
        }
      }
      return false;
    },

    /** How many tasks of a type the member created on a UTC day. */
    async dailyCount(userId: string, type: TaskType, day: string): Promise<number> {
      const row = await db
        .selectFrom('task_daily_counts')
        .select('count')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('day', '=', day)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async delete(userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) {
        return;
      }
      await db.deleteFrom('tasks').where('user_id', '=', userId).where('id', 'in', ids).execute();
    },
  };
  return repository;
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
