import { sql, type Kysely } from 'kysely';

const time = 'varchar(32)';

/** The columns each listing order sorts by, after the folder (`kind`) when folders come first. */
const sortColumns = {
  name: 'name_key',
  modified: 'modified_at',
  size: 'size',
  type: 'file_extension',
} as const;

/**
 * Files and folders of the drive (docs/api.md#files). `parent_id` is `''` at the root; `name_key` is the
 * case-folded name that uniqueness and prefix search use; `trashed` is 0 (live), 1 (put in the
 * trash by the member) or 2 (inside a folder that is in the trash). Live names are unique per
 * folder; every listing order has an index ending in `id`, the keyset's tie-breaker, with and
 * without folders first. Times are RFC 3339 text, as in the earlier migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('parent_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('name', 'varchar(1024)', (column) => column.notNull())
    .addColumn('name_key', 'varchar(1024)', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('sha256', 'varchar(64)', (column) => column.references('blobs.sha256'))
    .addColumn('gcid', 'varchar(40)', (column) => column.notNull().defaultTo(''))
    .addColumn('mime_type', 'varchar(255)', (column) => column.notNull().defaultTo(''))
    .addColumn('file_extension', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('file_category', 'varchar(16)', (column) => column.notNull().defaultTo('OTHER'))
    .addColumn('phase', 'varchar(32)', (column) => column.notNull())
    .addColumn('starred', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('trashed', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('trashed_at', time)
    .addColumn('original_parent_id', 'varchar(32)')
    .addColumn('original_path', 'text')
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('modified_at', time, (column) => column.notNull())
    .addColumn('params', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('files_live_name_uq')
    .on('files')
    .columns(['user_id', 'parent_id', 'name_key'])
    .unique()
    .where(sql.ref('trashed'), '=', 0)
    .execute();
  for (const [order, column] of Object.entries(sortColumns)) {
    await db.schema
      .createIndex(`files_${order}_idx`)
      .on('files')
      .columns(['user_id', 'parent_id', column, 'id'])
      .execute();
    await db.schema
      .createIndex(`files_folders_${order}_idx`)
      .on('files')
      .columns(['user_id', 'parent_id', 'kind', column, 'id'])
      .execute();
    // Listings across every folder (trash, starred, categories: parent_id `*`).
    await db.schema
      .createIndex(`files_all_${order}_idx`)
      .on('files')
      .columns(['user_id', 'trashed', column, 'id'])
      .execute();
  }
  await db.schema.createIndex('files_sha256_idx').on('files').column('sha256').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
}
