import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A dead property of a file or folder. */
export interface DavProperty {
  fileId: string;
  ns: string;
  name: string;
  value: string;
}

/**
 * What one file or folder may hold in dead properties: their count, and the characters of
 * their namespaces, names and values together. A PROPFIND reads them all and they count against
 * no quota, so they stay small (clients keep a few short values).
 */
export const deadPropertyLimits = { count: 100, characters: 64 * 1024 };

/** Thrown inside a change's transaction to roll it back when the file would hold too much. */
class TooManyProperties extends Error {}

/** Ids a query names at once at most (SQLite's bound parameters). */
const batch = 500;

/** Dead properties of WebDAV, by file (the file's access is checked by the caller). */
export function createDavPropertyRepository(db: Kysely<Database>) {
  async function applyChanges(
    fileId: string,
    changes: { ns: string; name: string; value: string | null }[],
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (const property of changes) {
        await trx
          .deleteFrom('dav_properties')
          .where('file_id', '=', fileId)
          .where('ns', '=', property.ns)
          .where('name', '=', property.name)
          .execute();
        if (property.value !== null) {
          await trx
            .insertInto('dav_properties')
            .values({
              file_id: fileId,
              ns: property.ns,
              name: property.name,
              value: property.value,
            })
            .execute();
        }
      }
      const held = await trx
        .selectFrom('dav_properties')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn
            .sum<number | string | null>(
              sql<number>`length(${eb.ref('ns')}) + length(${eb.ref('name')}) + length(${eb.ref('value')})`,
            )
            .as('characters'),
        ])
        .where('file_id', '=', fileId)
        .executeTakeFirstOrThrow();
      if (
        Number(held.count) > deadPropertyLimits.count ||
        Number(held.characters ?? 0) > deadPropertyLimits.characters
      ) {
        throw new TooManyProperties();
      }
    });
  }

  return {
    /** The dead properties of these files. */
    async listOf(fileIds: string[]): Promise<DavProperty[]> {
      const found: DavProperty[] = [];
      for (let start = 0; start < fileIds.length; start += batch) {
        const rows = await db
          .selectFrom('dav_properties')
          .select(['file_id', 'ns', 'name', 'value'])
          .where('file_id', 'in', fileIds.slice(start, start + batch))
          .orderBy('file_id')
          .orderBy('ns')
          .orderBy('name')
          .execute();
        found.push(
          ...rows.map((row) => ({
            fileId: row.file_id,
            ns: row.ns,
            name: row.name,
            value: row.value,
          })),
        );
      }
      return found;
    },

    /**
     * Sets (`value` XML) and removes (`value` null) properties of one file in order, all or
     * none; answers false, changing nothing, when the file would then hold more than
     * `deadPropertyLimits`.
     */
    async change(
      fileId: string,
      changes: { ns: string; name: string; value: string | null }[],
    ): Promise<boolean> {
      try {
        await applyChanges(fileId, changes);
        return true;
      } catch (error) {
        if (error instanceof TooManyProperties) {
          return false;
        }
        throw error;
      }
    },

    /** Gives a copy the dead properties of its source. */
    async copy(fromId: string, toId: string): Promise<void> {
      const rows = await db
        .selectFrom('dav_properties')
        .select(['ns', 'name', 'value'])
        .where('file_id', '=', fromId)
        .execute();
      for (const row of rows) {
        await db
          .insertInto('dav_properties')
          .values({ file_id: toId, ...row })
          .execute();
      }
    },
  };
}

export type DavPropertyRepository = ReturnType<typeof createDavPropertyRepository>;
