import type { Kysely } from 'kysely';

/**
 * Leases of the fleet's periodic jobs (housekeeping, reminders): one row per job. A node runs a
 * pass only after it took the row (`held_until` passed and `next_run_at` reached), so a pass runs
 * once per fleet per period; a node killed in the middle leaves the row to the next node once
 * `held_until` passes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('holder', 'varchar(64)', (column) => column.notNull())
    .addColumn('held_until', 'varchar(32)', (column) => column.notNull())
    .addColumn('next_run_at', 'varchar(32)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
