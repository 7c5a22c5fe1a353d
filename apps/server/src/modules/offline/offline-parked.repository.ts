import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** One object of an offline download's bytes parked in the bucket (`key`, holding `size` bytes). */
export interface ParkedPart {
  key: string;
  size: number;
}

/** The parked objects a `tasks.parked` value lists; none when it is empty or not such a list. */
function parsedParked(text: string): ParkedPart[] {
  if (text === '') {
    return [];
  }
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list)
      ? list.filter(
          (item): item is ParkedPart =>
            typeof (item as ParkedPart).key === 'string' &&
            Number.isSafeInteger((item as ParkedPart).size),
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Where the first bytes of offline downloads are parked in the bucket (`tasks.parked`, with
 * `BLOB_STORE=s3`), so a worker on another node resumes a download from them.
 */
export function createParkedRepository(db: Kysely<Database>) {
  return {
    /** The objects a download's first bytes are parked in, in order (none: `[]`). */
    async parkedOf(id: string): Promise<ParkedPart[]> {
      const row = await db
        .selectFrom('tasks')
        .select('parked')
        .where('id', '=', id)
        .executeTakeFirst();
      return parsedParked(row?.parked ?? '');
    },

    /** Records where a download's first bytes are parked, while `workerId` holds the task. */
    async recordParked(id: string, workerId: string, parked: ParkedPart[]): Promise<boolean> {
      const result = await db
        .updateTable('tasks')
        .set({ parked: parked.length === 0 ? '' : JSON.stringify(parked) })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Those of `ids` that are a task or an upload, whose objects in the bucket are in use. */
    async ownedAmong(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) {
        return new Set();
      }
      const rows = await db
        .selectFrom('tasks')
        .select('id')
        .where('id', 'in', ids)
        .unionAll(db.selectFrom('uploads').select('id').where('id', 'in', ids))
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type ParkedRepository = ReturnType<typeof createParkedRepository>;
