import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A dead property of a file or folder. */
export interface DavProperty {
  fileId: string;
  ns: string;
  name: string;
  value: string;
}

/** Ids a query names at once at most (SQLite's bound parameters). */
const batch = 500;

/** Dead properties of WebDAV, by file (the file's access is checked by the caller). */
export function createDavPropertyRepository(db: Kysely<Database>) {
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

    /** Sets (`value` XML) and removes (`value` null) properties of one file in order, all or none. */
    async change(
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
      });
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
