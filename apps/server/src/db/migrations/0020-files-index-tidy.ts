import { sql, type Kysely } from 'kysely';

/** The listing orders whose per-folder index without `kind` goes (0006 made them). */
const orders = {
  name: 'name_key',
  modified: 'modified_at',
  size: 'size',
  type: 'file_extension',
} as const;

/**
 * Fewer indexes on `files` and `blobs`, which every new row (an upload, a copy, each item of a
 * save from a share) and every reference count pays for.
 *
 * - `files_<order>_idx` `(user_id, parent_id, column, id)` go: a folder listed without folders
 *   first is read as its folders and its files, each a keyset range of
 *   `files_folders_<order>_idx` `(user_id, parent_id, kind, column, id)`, merged by the
 *   database (`FileQueries.list`); the unique `files_live_name_uq` finds names in a folder.
 * - `files_usage_idx` goes: storage usage is a counter row since 0019, and only `npm run
 *   verify` sums file rows. What it also served, a member's download folder, gets a partial
 *   index that holds only those folders (so other rows do not pay for it).
 * - `blobs_ref_count_idx` `(ref_count, updated_at)` becomes a partial index of the blobs at
 *   zero references, the only ones garbage collection looks for: a reference count that moves
 *   above zero no longer writes an entry of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const order of Object.keys(orders)) {
    await db.schema.dropIndex(`files_${order}_idx`).execute();
  }
  await db.schema.dropIndex('files_usage_idx').execute();
  await db.schema
    .createIndex('files_download_folder_idx')
    .on('files')
    .columns(['user_id', 'created_at', 'id'])
    .where(sql.ref('folder_type'), '=', sql.lit('DOWNLOAD'))
    .execute();
  await db.schema.dropIndex('blobs_ref_count_idx').execute();
  await db.schema
    .createIndex('blobs_unreferenced_idx')
    .on('blobs')
    .column('updated_at')
    .where(sql.ref('ref_count'), '=', sql.lit(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('blobs_unreferenced_idx').execute();
  await db.schema
    .createIndex('blobs_ref_count_idx')
    .on('blobs')
    .columns(['ref_count', 'updated_at'])
    .execute();
  await db.schema.dropIndex('files_download_folder_idx').execute();
  await db.schema
    .createIndex('files_usage_idx')
    .on('files')
    .columns(['user_id', 'kind', 'phase', 'trashed', 'size'])
    .execute();
  for (const [order, column] of Object.entries(orders)) {
    await db.schema
      .createIndex(`files_${order}_idx`)
      .on('files')
      .columns(['user_id', 'parent_id', column, 'id'])
      .execute();
  }
}
