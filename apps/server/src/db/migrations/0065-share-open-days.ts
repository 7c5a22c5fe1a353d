import type { Kysely } from 'kysely';

/**
 * Share opens per UTC day (docs/api.md#operator-console): each visit a share's view count
 * counts (a visitor's first page, not the sharer's own) adds one to its day's row, so the
 * dashboard's "shares opened" series is counted from the visits themselves, not estimated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_open_days')
    .addColumn('day', 'varchar(10)', (column) => column.primaryKey())
    .addColumn('opens', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_open_days').execute();
}
