import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Members' feedback (`POST /drive/v1/feedback`). `feedback` keeps each message with what the
 * page sent along (category, contact address, app version, locale, user agent, client id);
 * `user_id` turns null when the account is deleted, so operators keep what was said.
 * `address_hash` (SHA-256 of the client address) and `user_id` with `created_at` count recent
 * feedback for the per-member and per-address limits, shared by every node.
 * `feedback_attachments` lists each attachment in order: a blob reference (`sha256`, one
 * reference held per row), the type found in its bytes, its size and a cleaned-up name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('category', 'varchar(32)', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('contact_email', 'varchar(320)', (column) => column.notNull().defaultTo(''))
    .addColumn('app_version', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('locale', 'varchar(16)', (column) => column.notNull())
    .addColumn('user_agent', 'varchar(512)', (column) => column.notNull().defaultTo(''))
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('address_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_user_idx')
    .on('feedback')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('feedback_address_idx')
    .on('feedback')
    .columns(['address_hash', 'created_at'])
    .execute();
  // The operators' list, newest first.
  await db.schema
    .createIndex('feedback_created_idx')
    .on('feedback')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createTable('feedback_attachments')
    .addColumn('feedback_id', 'varchar(32)', (column) =>
      column.notNull().references('feedback.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('name', 'varchar(200)', (column) => column.notNull())
    .addColumn('type', 'varchar(64)', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('sha256', 'varchar(64)', (column) => column.notNull())
    .addPrimaryKeyConstraint('feedback_attachments_pk', ['feedback_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback_attachments').execute();
  await db.schema.dropIndex('feedback_created_idx').execute();
  await db.schema.dropIndex('feedback_address_idx').execute();
  await db.schema.dropIndex('feedback_user_idx').execute();
  await db.schema.dropTable('feedback').execute();
}
