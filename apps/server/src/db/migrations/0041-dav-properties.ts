import type { Kysely } from 'kysely';

/**
 * Dead properties of WebDAV (docs/api.md#webdav): what a client set with PROPPATCH on one of a
 * member's files or folders, by the property's namespace and name, its value kept as XML. A
 * row goes with its file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dav_properties')
    .addColumn('file_id', 'varchar(32)', (column) =>
      column.notNull().references('files.id').onDelete('cascade'),
    )
    .addColumn('ns', 'varchar(512)', (column) => column.notNull())
    .addColumn('name', 'varchar(255)', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('dav_properties_pk', ['file_id', 'ns', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dav_properties').execute();
}
