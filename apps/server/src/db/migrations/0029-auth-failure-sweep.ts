import type { Kysely } from 'kysely';

/**
 * The sweep of stale guessing counters: `auth_failures` gets a row per account, address, device
 * and pair that ever failed or asked for a code, so an attacker changing addresses would grow it
 * without end. The hourly sweep deletes counters whose window began long ago and that hold
 * nobody, by `window_started_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('auth_failures_window_idx')
    .on('auth_failures')
    .column('window_started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('auth_failures_window_idx').execute();
}
