import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Shares (docs/api.md#shares), their items, reports and moderation, and member roles.
 *
 * - `shares`: one link. `pass_code` is `''` when none is asked; `expires_at` null means never;
 *   `restore_limit` -1 means unlimited and `restore_count` is raised by one conditional update per
 *   save; `audit_status` is the moderation state (`OK`, `AUDITING`, `SENSITIVE_RESOURCE`,
 *   `SENSITIVE_WORD`, `PROHIBITED`); `cancelled_at` is set when the owner deletes the link, which
 *   visitors then see as `DELETED`. Owners list their links newest first by `(user_id,
 *   created_at, id)`.
 * - `share_items`: the files and folders the owner chose, in the order given; what they hold is
 *   shared through them. `file_id` is indexed to find the shares of a file.
 * - `share_reports`: reports of visitors for review.
 * - `file_moderation`: a file's moderation state when an operator set one.
 * - `member_roles`: members with a role beyond `member` (`admin` sets moderation states); a
 *   table of its own so the accounts' rows stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('title', 'varchar(1024)', (column) => column.notNull())
    .addColumn('pass_code', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('share_to', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .addColumn('expiration_days', 'integer', (column) => column.notNull())
    .addColumn('expires_at', time)
    .addColumn('restore_limit', 'integer', (column) => column.notNull())
    .addColumn('restore_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('file_num', 'integer', (column) => column.notNull())
    .addColumn('file_size', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('file_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('file_kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('audit_status', 'varchar(32)', (column) => column.notNull().defaultTo('OK'))
    .addColumn('cancelled_at', time)
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('shares_owner_idx')
    .on('shares')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('share_items')
    .addColumn('share_id', 'varchar(32)', (column) =>
      column.notNull().references('shares.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('share_items_pk', ['share_id', 'file_id'])
    .execute();
  await db.schema.createIndex('share_items_file_idx').on('share_items').column('file_id').execute();

  await db.schema
    .createTable('share_reports')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('share_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('reporter_id', 'varchar(32)')
    .addColumn('reporter_address', 'varchar(64)', (column) => column.notNull())
    .addColumn('share_user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('file_ids', 'text', (column) => column.notNull())
    .addColumn('gcids', 'text', (column) => column.notNull())
    .addColumn('reason', 'varchar(1024)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('reviewed_at', time)
    .execute();
  await db.schema
    .createIndex('share_reports_share_idx')
    .on('share_reports')
    .columns(['share_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('file_moderation')
    .addColumn('file_id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('status', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_by', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('member_roles')
    .addColumn('user_id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('role', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_roles').execute();
  await db.schema.dropTable('file_moderation').execute();
  await db.schema.dropTable('share_reports').execute();
  await db.schema.dropTable('share_items').execute();
  await db.schema.dropTable('shares').execute();
}
