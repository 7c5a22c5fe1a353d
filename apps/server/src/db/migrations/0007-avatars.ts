import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Uploaded avatars and deletion requests on the member's row. `picture_sha256` is the blob the
 * row holds one reference to (its avatar, served at `/v1/user/avatar/<sha256>`) with the image
 * type found in its bytes; `deletion_requested_at` is when the member asked for the account to be
 * deleted (status `under_review`), from which the operator's purge counts the grace period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('picture_sha256', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('picture_type', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('deletion_requested_at', time).execute();
  // Serving an avatar asks whether some member's current avatar has this hash.
  await db.schema
    .createIndex('users_picture_sha256_idx')
    .on('users')
    .column('picture_sha256')
    .execute();
  // The purge job looks for the oldest deletion requests.
  await db.schema
    .createIndex('users_deletion_requested_at_idx')
    .on('users')
    .column('deletion_requested_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_deletion_requested_at_idx').execute();
  await db.schema.dropIndex('users_picture_sha256_idx').execute();
  await db.schema.alterTable('users').dropColumn('deletion_requested_at').execute();
  await db.schema.alterTable('users').dropColumn('picture_type').execute();
  await db.schema.alterTable('users').dropColumn('picture_sha256').execute();
}
