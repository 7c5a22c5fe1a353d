import { sql, type Kysely, type Transaction } from 'kysely';
import type { TaskPhase } from '@nimbus/contracts';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/database';

/** A large save waiting for the restore worker. */
export interface QueuedRestore {
  id: string;
  userId: string;
  shareId: string;
  /** The folder it lands in (`''`: the root). */
  targetId: string;
  spec: { rootIds: string[]; gcids: string[] };
  /** The copies frozen by the save's first chunk; undefined before it committed. */
  plan: FrozenCopy[] | undefined;
  /** Items of the plan made so far. */
  copied: number;
  /** Runs of the save so far. */
  attempts: number;
}

export interface QueuedRestoreInput extends Omit<QueuedRestore, 'plan' | 'copied' | 'attempts'> {
  /** The first chosen item's name (what the task list shows). */
  name: string;
  fileSize: number;
  statusSize: number;
  now: Date;
  /** The API request that queued it (`''` when none), named on the worker's lines. */
  requestId: string;
}

/** What a restore worker changes on the task it holds. */
export interface HeldTaskPatch {
  phase?: TaskPhase;
  progress?: number;
  fileId?: string;
  fileName?: string;
  fileSize?: number;
  statusSize?: number;
  messageKey?: string;
  params?: Record<string, string>;
  updatedAt: string;
  /** The lease's new end (an ISO time), or `release` to give it up. */
  leaseUntil: string;
}

/** A live item of a shared tree with the columns its copy takes. */
export interface TreeItem {
  id: string;
  parentId: string;
  kind: 'file' | 'folder';
  name: string;
  nameKey: string;
  size: number;
  sha256: string | null;
  gcid: string;
  mimeType: string;
  fileExtension: string;
  fileCategory: string;
  phase: string;
}

/**
 * One copy a save makes, with every column its row takes, short-keyed as it goes to the database
 * in JSON (and is kept there while a large save runs): `o` the shared item, `n` the copy's id,
 * `p` its parent, `t` kind, `a` name, `k` name key, `s` size, `h` SHA-256 (null while PENDING),
 * `g` GCID, `m` MIME type, `x` extension, `c` category, `f` phase; `r` marks a chosen item.
 * The rows are made from these values alone, so a shared item changed or deleted after the
 * plan was made does not change the save.
 */
export interface FrozenCopy {
  o: string;
  n: string;
  p: string;
  t: 'file' | 'folder';
  a: string;
  k: string;
  s: number;
  h: string | null;
  g: string;
  m: string;
  x: string;
  c: string;
  f: string;
  r?: 1;
}

/** A finished `restore` task as a save done within its call records it. */
export interface FinishedRestoreTask {
  id: string;
  userId: string;
  name: string;
  fileId: string;
  fileSize: number;
  statusSize: number;
  params: Record<string, string>;
  now: Date;
}

/**
 * The queries of saves from shares: the shared tree read in one recursive query, the copies'
 * rows in multi-row inserts, grouped blob reference counts, the finished task, and the queue of
 * large saves the restore worker runs.
 */
export function saveQueriesOn(db: Kysely<Database> | Transaction<Database>, dialect: Dialect) {
  return {
    /**
     * Every live item inside the given folders of the owner, at any depth, parents before
     * children, with only the columns a save plans with: one recursive query that only descends
     * through live items. An item below two of the folders (one inside the other) comes twice.
     */
    async liveTree(userId: string, folderIds: string[]): Promise<TreeItem[]> {
      if (folderIds.length === 0) {
        return [];
      }
      // `cross join` keeps the tree the outer loop on SQLite (each step one index range of
      // `(user_id, parent_id)`), and `+trashed` keeps its planner off the `(user_id, trashed)`
      // indexes, which would scan every item of the owner per folder. PostgreSQL reads both as
      // a plain join and filter.
      const result = await sql<{
        id: string;
        parent_id: string;
        kind: 'file' | 'folder';
        name: string;
        name_key: string;
        size: number | string;
        sha256: string | null;
        gcid: string;
        mime_type: string;
        file_extension: string;
        file_category: string;
        phase: string;
      }>`
        with recursive tree(id, depth) as (
          select id, 1 from files where user_id = ${userId} and parent_id in (${sql.join(folderIds)}) and +trashed = 0
          union all
          select f.id, tree.depth + 1 from tree cross join files f
          where f.user_id = ${userId} and f.parent_id = tree.id and +f.trashed = 0 and tree.depth < 512
        )
        select files.id, files.parent_id, files.kind, files.name, files.name_key, files.size, files.sha256, files.gcid,
          files.mime_type, files.file_extension, files.file_category, files.phase
        from tree cross join files where files.id = tree.id order by tree.depth`.execute(db);
      return result.rows.map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        kind: row.kind,
        name: row.name,
        nameKey: row.name_key,
        size: Number(row.size),
        sha256: row.sha256,
        gcid: row.gcid,
        mimeType: row.mime_type,
        fileExtension: row.file_extension,
        fileCategory: row.file_category,
        phase: row.phase,
      }));
    },

    /**
     * The figures of what `liveTree` would answer, summed by the database (no row leaves it):
     * how many items, the bytes of the files, and how many of `chosenIds` are among them.
     */
    async liveTreeFigures(
      userId: string,
      folderIds: string[],
      chosenIds: string[],
    ): Promise<{ items: number; bytes: number; chosenInside: number }> {
      if (folderIds.length === 0) {
        return { items: 0, bytes: 0, chosenInside: 0 };
      }
      const result = await sql<{
        items: number | string;
        bytes: number | string | null;
        chosen_inside: number | string | null;
      }>`
        with recursive tree(id, depth) as (
          select id, 1 from files where user_id = ${userId} and parent_id in (${sql.join(folderIds)}) and +trashed = 0
          union all
          select f.id, tree.depth + 1 from tree cross join files f
          where f.user_id = ${userId} and f.parent_id = tree.id and +f.trashed = 0 and tree.depth < 512
        )
        select count(*) as items, sum(case when files.kind = 'file' then files.size else 0 end) as bytes,
          sum(case when files.id in (${sql.join(chosenIds.length > 0 ? chosenIds : [''])}) then 1 else 0 end) as chosen_inside
        from tree cross join files where files.id = tree.id`.execute(db);
      const row = result.rows[0];
      return {
        items: Number(row?.items ?? 0),
        bytes: Number(row?.bytes ?? 0),
        chosenInside: Number(row?.chosen_inside ?? 0),
      };
    },

    /**
     * Makes copies of a save in one `INSERT ... SELECT` from their frozen values: the copies go
     * in as one JSON parameter, read as rows by `json_each` (SQLite) or `json_to_recordset`
     * (PostgreSQL); each copy gets the saver as owner and `original_share_id`/`original_file_id`
     * in its params. No per-row statement, no parameter limit and no read of the shared rows.
     * Answers how many rows it made.
     */
    async insertCopies(
      copies: FrozenCopy[],
      userId: string,
      shareId: string,
      now: Date,
    ): Promise<number> {
      if (copies.length === 0) {
        return 0;
      }
      const at = now.toISOString();
      const json = JSON.stringify(copies);
      const source =
        dialect === 'postgres'
          ? sql`json_to_recordset(${json}::json) as j(o text, n text, p text, t text, a text, k text, s bigint, h text, g text, m text, x text, c text, f text)`
          : sql`(select value ->> 'o' as o, value ->> 'n' as n, value ->> 'p' as p, value ->> 't' as t, value ->> 'a' as a, value ->> 'k' as k,
              value ->> 's' as s, value ->> 'h' as h, value ->> 'g' as g, value ->> 'm' as m, value ->> 'x' as x, value ->> 'c' as c,
              value ->> 'f' as f from json_each(${json})) j`;
      const params =
        dialect === 'postgres'
          ? sql`json_build_object('original_share_id', ${shareId}::text, 'original_file_id', j.o)::text`
          : sql`json_object('original_share_id', ${shareId}, 'original_file_id', j.o)`;
      const result = await sql`
        insert into files (id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type, file_extension,
          file_category, phase, starred, trashed, trashed_at, original_parent_id, original_path, created_at, modified_at, params, folder_type)
        select j.n, ${userId}, j.p, j.t, j.a, j.k, j.s, j.h, j.g, j.m, j.x, j.c, j.f, 0, 0, null, null, null, ${at}, ${at}, ${params}, 'NORMAL'
        from ${source}`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },

    /**
     * Adds `count` references to each blob in one `UPDATE ... FROM` (the counts go in as one
     * JSON parameter); answers how many blobs it found.
     */
    async addBlobReferences(counts: Map<string, number>, now: Date): Promise<number> {
      if (counts.size === 0) {
        return 0;
      }
      const json = JSON.stringify([...counts].map(([s, n]) => ({ s, n })));
      const source =
        dialect === 'postgres'
          ? sql`json_to_recordset(${json}::json) as c(s text, n integer)`
          : sql`(select value ->> 's' as s, value ->> 'n' as n from json_each(${json})) c`;
      const result = await sql`
        update blobs set ref_count = blobs.ref_count + c.n, updated_at = ${now.toISOString()}
        from ${source}
        where blobs.sha256 = c.s`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },

    /** Takes back `count` references of each blob (never below zero), as `addBlobReferences` added them. */
    async releaseBlobReferences(counts: Map<string, number>, now: Date): Promise<void> {
      if (counts.size === 0) {
        return;
      }
      const json = JSON.stringify([...counts].map(([s, n]) => ({ s, n })));
      const source =
        dialect === 'postgres'
          ? sql`json_to_recordset(${json}::json) as c(s text, n integer)`
          : sql`(select value ->> 's' as s, value ->> 'n' as n from json_each(${json})) c`;
      await sql`
        update blobs set ref_count = case when blobs.ref_count > c.n then blobs.ref_count - c.n else 0 end, updated_at = ${now.toISOString()}
        from ${source}
        where blobs.sha256 = c.s`.execute(db);
    },

    /** A save done within its call, recorded as a finished `restore` task in its transaction. */
    async insertFinishedTask(task: FinishedRestoreTask): Promise<void> {
      const at = task.now.toISOString();
      await db
        .insertInto('tasks')
        .values({
          id: task.id,
          user_id: task.userId,
          type: 'restore',
          name: task.name,
          phase: 'PHASE_TYPE_COMPLETE',
          progress: 100,
          file_id: task.fileId,
          file_name: task.name,
          file_size: task.fileSize,
          message_key: '',
          params: JSON.stringify(task.params),
          status_size: task.statusSize,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },

    /**
     * Accepts a large save: its `restore` task, pending for the restore worker, and what the
     * worker needs to make it (the chosen items, the `gcids` sent, the target folder).
     */
    async queueRestore(restore: QueuedRestoreInput): Promise<void> {
      const at = restore.now.toISOString();
      await db
        .insertInto('tasks')
        .values({
          id: restore.id,
          user_id: restore.userId,
          type: 'restore',
          name: restore.name,
          phase: 'PHASE_TYPE_PENDING',
          progress: 0,
          file_id: '',
          file_name: restore.name,
          file_size: restore.fileSize,
          message_key: '',
          params: JSON.stringify({ share_id: restore.shareId }),
          status_size: restore.statusSize,
          request_id: restore.requestId,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('share_restores')
        .values({
          id: restore.id,
          user_id: restore.userId,
          share_id: restore.shareId,
          target_id: restore.targetId,
          spec: JSON.stringify(restore.spec),
          created_at: at,
        })
        .execute();
    },

    /** A queued save by its task id; undefined when it is done or gone. */
    async queuedRestore(id: string): Promise<QueuedRestore | undefined> {
      const row = await db
        .selectFrom('share_restores')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) {
        return undefined;
      }
      const spec = JSON.parse(row.spec) as Partial<QueuedRestore['spec']>;
      return {
        id: row.id,
        userId: row.user_id,
        shareId: row.share_id,
        targetId: row.target_id,
        spec: { rootIds: spec.rootIds ?? [], gcids: spec.gcids ?? [] },
        plan: row.plan === null ? undefined : (JSON.parse(row.plan) as FrozenCopy[]),
        copied: row.copied,
        attempts: row.attempts,
      };
    },

    /** How many items of a queued save are made; undefined when the save is done or gone. */
    async restoreCopied(id: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('share_restores')
        .select('copied')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.copied;
    },

    /** Counts one more run of a queued save; answers the runs so far. */
    async startRestoreAttempt(id: string): Promise<number> {
      await db
        .updateTable('share_restores')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', id)
        .execute();
      const row = await db
        .selectFrom('share_restores')
        .select('attempts')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.attempts ?? 0;
    },

    /** Keeps a save's frozen plan, or moves how many of its items are made and what stays booked for the rest. */
    async advanceRestore(
      id: string,
      progress: { plan?: FrozenCopy[]; copied: number; reservedBytes: number },
    ): Promise<void> {
      await db
        .updateTable('share_restores')
        .set({
          ...(progress.plan === undefined ? {} : { plan: JSON.stringify(progress.plan) }),
          copied: progress.copied,
          reserved_bytes: progress.reservedBytes,
        })
        .where('id', '=', id)
        .execute();
    },

    async dropQueuedRestore(id: string): Promise<void> {
      await db.deleteFrom('share_restores').where('id', '=', id).execute();
    },

    /**
     * Changes a `restore` task the worker holds (running, its lease) and renews or gives up the
     * lease; false when the worker no longer holds it. Inside a transaction it also locks the
     * task's row until the end, so the lease cannot be taken back meanwhile.
     */
    async holdTask(id: string, workerId: string, patch: HeldTaskPatch): Promise<boolean> {
      const {
        leaseUntil,
        params,
        phase,
        progress,
        fileId,
        fileName,
        fileSize,
        statusSize,
        messageKey,
        updatedAt,
      } = patch;
      const result = await db
        .updateTable('tasks')
        .set({
          updated_at: updatedAt,
          ...(phase === undefined ? {} : { phase }),
          ...(progress === undefined ? {} : { progress }),
          ...(fileId === undefined ? {} : { file_id: fileId }),
          ...(fileName === undefined ? {} : { file_name: fileName }),
          ...(fileSize === undefined ? {} : { file_size: fileSize }),
          ...(statusSize === undefined ? {} : { status_size: statusSize }),
          ...(messageKey === undefined ? {} : { message_key: messageKey }),
          ...(params === undefined ? {} : { params: JSON.stringify(params) }),
          ...(leaseUntil === 'release'
            ? { lease_owner: null, lease_until: null }
            : { lease_until: leaseUntil }),
        })
        .where('id', '=', id)
        .where('type', '=', 'restore')
        .where('phase', '=', 'PHASE_TYPE_RUNNING')
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Queued saves whose task the member deleted before it completed. */
    async orphanedRestores(): Promise<{ id: string; shareId: string; userId: string }[]> {
      const rows = await db
        .selectFrom('share_restores')
        .leftJoin('tasks', 'tasks.id', 'share_restores.id')
        .select(['share_restores.id', 'share_restores.share_id', 'share_restores.user_id'])
        .where('tasks.id', 'is', null)
        .limit(100)
        .execute();
      return rows.map((row) => ({ id: row.id, shareId: row.share_id, userId: row.user_id }));
    },

    /**
     * Drops a queued save and answers what it had made (its plan and how many items of it),
     * read by the delete itself; undefined when it was dropped already.
     */
    async dropQueuedRestoreOnce(
      id: string,
    ): Promise<{ plan: FrozenCopy[] | undefined; copied: number } | undefined> {
      const row = await db
        .deleteFrom('share_restores')
        .where('id', '=', id)
        .returning(['plan', 'copied'])
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : {
            plan: row.plan === null ? undefined : (JSON.parse(row.plan) as FrozenCopy[]),
            copied: row.copied,
          };
    },

    /** Gives back the count of a save that could not be made. */
    async giveBackRestore(shareId: string): Promise<void> {
      await db
        .updateTable('shares')
        .set({ restore_count: sql<number>`restore_count - 1` })
        .where('id', '=', shareId)
        .where('restore_count', '>', 0)
        .execute();
    },
  };
}
