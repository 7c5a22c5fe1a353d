import type { Kysely } from 'kysely';

/**
 * The console counts and lists a compensation's claims (docs/api.md#operator-console): an
 * index led by the activity and the time, so each is a range of the index, not a table scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('activity_grants_activity_idx')
    .on('activity_grants')
    .columns(['activity', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_grants_activity_idx').execute();
}
