import type { Kysely } from 'kysely';

/**
 * Offline downloads of magnet links and `.torrent` files. A torrent task keeps beside its row
 * what its worker needs besides the magnet link (`tasks.source_url`): the `.torrent` file the
 * member gave (base64, null for a magnet link) and the indexes of the files the member chose
 * (a JSON array, null for every file). The row goes with its task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('torrent_sources')
    .addColumn('task_id', 'varchar(32)', (column) =>
      column.primaryKey().references('tasks.id').onDelete('cascade'),
    )
    .addColumn('torrent', 'text')
    .addColumn('files', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('torrent_sources').execute();
}
