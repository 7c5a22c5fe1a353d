import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Accounts, verification codes, sessions with their refresh-token families, and failed-attempt
 * counters. Times are RFC 3339 text, as in 0001, so both dialects sort and compare them alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(128)', (column) => column.notNull())
    .addColumn('password_hash', 'varchar(256)')
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('frozen_until', time)
    .addColumn('locale', 'varchar(16)', (column) => column.notNull())
    .addColumn('picture', 'varchar(2048)', (column) => column.notNull().defaultTo(''))
    .addColumn('phone_number', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('usage', 'varchar(16)', (column) => column.notNull())
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('code_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('consumed_at', time)
    .addColumn('verification_token_hash', 'varchar(64)', (column) => column.unique())
    .addColumn('token_expires_at', time)
    .addColumn('token_consumed_at', time)
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('verifications_expires_idx')
    .on('verifications')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('device_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('user_agent', 'varchar(512)', (column) => column.notNull())
    .addColumn('ip', 'varchar(64)', (column) => column.notNull())
    .addColumn('scope', 'varchar(128)', (column) => column.notNull())
    .addColumn('cookie_token_hash', 'varchar(64)', (column) => column.unique())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('last_used_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('revoked_at', time)
    .addColumn('revoked_reason', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('sessions_user_idx')
    .on('sessions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('session_id', 'varchar(32)', (column) =>
      column.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('rotated_from', 'varchar(32)')
    .addColumn('rotated_at', time)
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('auth_failures')
    .addColumn('scope', 'varchar(16)', (column) => column.notNull())
    .addColumn('subject', 'varchar(254)', (column) => column.notNull())
    .addColumn('failures', 'integer', (column) => column.notNull())
    .addColumn('window_started_at', time, (column) => column.notNull())
    .addColumn('last_failure_at', time, (column) => column.notNull())
    .addColumn('locked_until', time)
    .addPrimaryKeyConstraint('auth_failures_pk', ['scope', 'subject'])
    .execute();
}

/** Drops the identity tables, dependants first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_failures').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('verifications').execute();
  await db.schema.dropTable('users').execute();
}
