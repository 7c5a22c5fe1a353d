import type { Kysely } from 'kysely';

/**
 * Download traffic: `download_traffic` counts the bytes the content origin sent for a member's
 * own download links (file and zip links, ranges by what was sent; thumbnails and inline
 * previews are not counted) per member and UTC month (`YYYY-MM`), against the plan's
 * `PLAN_*_DOWNLOAD_TRAFFIC_BYTES`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('download_traffic')
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('period', 'varchar(7)', (column) => column.notNull())
    .addColumn('bytes', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('download_traffic_pk', ['user_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_traffic').execute();
}
