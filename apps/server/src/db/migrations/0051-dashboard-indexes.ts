import type { Kysely } from 'kysely';

/**
 * Indexes of the console's dashboard (docs/api.md#operator-console), which counts per day over a
 * period: premium grants by time (the conversions), and analytics events by time with their
 * member (the active members, read from the index alone). Sign-ups use `users_created_idx` (0036).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('memberships_created_idx')
    .on('memberships')
    .columns(['created_at', 'source'])
    .execute();
  await db.schema
    .createIndex('analytics_events_created_user_idx')
    .on('analytics_events')
    .columns(['created_at', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('analytics_events_created_user_idx').execute();
  await db.schema.dropIndex('memberships_created_idx').execute();
}
