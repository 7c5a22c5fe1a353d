import type { Kysely } from 'kysely';

/**
 * A covering index for a member's storage usage (the sum of sizes of complete files, live and in
 * the trash), which `about` and every upload's quota check ask for: the database adds the sizes
 * from the index alone instead of reading every file row of the drive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('files_usage_idx')
    .on('files')
    .columns(['user_id', 'kind', 'phase', 'trashed', 'size'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_usage_idx').execute();
}
