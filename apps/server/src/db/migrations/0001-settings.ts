import type { Kysely } from 'kysely';

/** Site settings that operators change at run time without a restart. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setting')
    .addColumn('scope', 'varchar(64)', (column) => column.notNull())
    .addColumn('key', 'varchar(128)', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('setting_pk', ['scope', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('setting').execute();
}
