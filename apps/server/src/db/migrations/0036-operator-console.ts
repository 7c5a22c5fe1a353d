import { PostgresAdapter, sql, type Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * The operator console (docs/product.md#operator-console).
 *
 * - `member_roles` (from 0013) now holds `admin`, `moderator` or `support`.
 * - `sessions.two_factor_at`: when the session's sign-in last passed a two-factor check; console
 *   calls need one within the last 12 hours.
 * - `audit_log`: one row per console call, append-only. A trigger on each dialect refuses every
 *   UPDATE and DELETE (and, on PostgreSQL, TRUNCATE), so not even a stray statement rewrites
 *   history. Searched newest first, by actor, by action and by target.
 * - `users` indexes for the members search (sign-up date, status) and the purge of accounts
 *   whose deletion grace is over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('two_factor_at', time).execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('actor_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('actor_role', 'varchar(16)', (column) => column.notNull())
    .addColumn('ip', 'varchar(64)', (column) => column.notNull())
    .addColumn('action', 'varchar(64)', (column) => column.notNull())
    .addColumn('target_kind', 'varchar(32)', (column) => column.notNull())
    .addColumn('target_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'varchar(1000)', (column) => column.notNull())
    .addColumn('request_id', 'varchar(64)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_time_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_id', 'created_at'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
      $$`.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
  await db.schema
    .createIndex('users_created_idx')
    .on('users')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('users_status_idx')
    .on('users')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('users_deletion_idx')
    .on('users')
    .columns(['deletion_requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_deletion_idx').execute();
  await db.schema.dropIndex('users_status_idx').execute();
  await db.schema.dropIndex('users_created_idx').execute();
  await db.schema.dropTable('audit_log').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function audit_log_append_only()`.execute(db);
  }
  await db.schema.alterTable('sessions').dropColumn('two_factor_at').execute();
}
