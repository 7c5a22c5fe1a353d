import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  createTaskRepository,
  type QueuedSource,
  type TaskRecord,
} from '../../task/task.repository';

/** What a torrent task's worker reads besides the magnet link. */
export interface TorrentSource {
  /** The member's `.torrent` file; undefined for a magnet link. */
  torrent: Buffer | undefined;
  /** The chosen file indexes; null for every file. */
  files: number[] | null;
}

function parseFiles(text: string | null): number[] | null {
  if (text === null) {
    return null;
  }
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) &&
      value.every((item) => Number.isInteger(item) && (item as number) >= 0)
      ? (value as number[])
      : null;
  } catch {
    return null;
  }
}

/** The `torrent_sources` rows (0017), written with their task in one transaction. */
export function createTorrentSourceRepository(db: Kysely<Database>) {
  return {
    /** Queues a torrent task and what its worker needs, together (no worker sees one without the other). */
    async queue(task: TaskRecord, source: QueuedSource, torrent: TorrentSource): Promise<void> {
      await db.transaction().execute(async (transaction) => {
        await createTaskRepository(transaction).insertQueued(task, source);
        await transaction
          .insertInto('torrent_sources')
          .values({
            task_id: task.id,
            torrent: torrent.torrent === undefined ? null : torrent.torrent.toString('base64'),
            files: torrent.files === null ? null : JSON.stringify(torrent.files),
          })
          .execute();
      });
    },

    /** Keeps the metadata a magnet task learned (as a `.torrent` file), so a later run need not ask for it. */
    async saveTorrent(taskId: string, torrent: Buffer): Promise<void> {
      await db
        .updateTable('torrent_sources')
        .set({ torrent: torrent.toString('base64') })
        .where('task_id', '=', taskId)
        .execute();
    },

    /** A task's torrent source; a task without one fetches every file of its magnet link. */
    async find(taskId: string): Promise<TorrentSource> {
      const row = await db
        .selectFrom('torrent_sources')
        .select(['torrent', 'files'])
        .where('task_id', '=', taskId)
        .executeTakeFirst();
      return {
        torrent:
          row === undefined || row.torrent === null
            ? undefined
            : Buffer.from(row.torrent, 'base64'),
        files: parseFiles(row?.files ?? null),
      };
    },
  };
}

export type TorrentSourceRepository = ReturnType<typeof createTorrentSourceRepository>;
