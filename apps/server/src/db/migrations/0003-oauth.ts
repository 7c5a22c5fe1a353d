import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * The OAuth grants: authorization codes (PKCE) and device authorizations (RFC 8628). Codes and
 * device codes are stored only as SHA-256 hashes; times are RFC 3339 text, as in 0001 and 0002.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('redirect_uri', 'varchar(2048)', (column) => column.notNull())
    .addColumn('scope', 'varchar(128)', (column) => column.notNull())
    .addColumn('code_challenge', 'varchar(128)')
    .addColumn('code_challenge_method', 'varchar(16)')
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('consumed_at', time)
    .addColumn('session_id', 'varchar(32)', (column) =>
      column.references('sessions.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('oauth_codes_expires_idx')
    .on('oauth_codes')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('device_grants')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('device_code_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('user_code', 'varchar(16)', (column) => column.notNull().unique())
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('scope', 'varchar(128)', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.references('users.id').onDelete('cascade'),
    )
    .addColumn('interval_seconds', 'integer', (column) => column.notNull())
    .addColumn('last_polled_at', time)
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('decided_at', time)
    .addColumn('session_id', 'varchar(32)', (column) =>
      column.references('sessions.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('device_grants_expires_idx')
    .on('device_grants')
    .column('expires_at')
    .execute();
}

/** Drops the OAuth tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_grants').execute();
  await db.schema.dropTable('oauth_codes').execute();
}
