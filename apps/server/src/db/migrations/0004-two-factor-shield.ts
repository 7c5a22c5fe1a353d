import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Two-factor sign-in (a TOTP secret per member, encrypted, and single-use recovery codes, hashed)
 * and the captcha shield (proof-of-work challenges and the captcha tokens they or low risk yield,
 * hashed). Times are RFC 3339 text, as in 0001 and 0002.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factors')
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret_box', 'varchar(256)', (column) => column.notNull())
    .addColumn('enabled_at', time)
    .addColumn('last_step', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_idx')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('shield_challenges')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('action', 'varchar(300)', (column) => column.notNull())
    .addColumn('device_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('subject', 'varchar(254)', (column) => column.notNull())
    .addColumn('challenge', 'text', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('solved_at', time)
    .execute();
  await db.schema
    .createIndex('shield_challenges_expires_idx')
    .on('shield_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('captcha_tokens')
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('action', 'varchar(300)', (column) => column.notNull())
    .addColumn('device_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('subject', 'varchar(254)', (column) => column.notNull())
    .addColumn('proof', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('consumed_at', time)
    .execute();
  await db.schema
    .createIndex('captcha_tokens_expires_idx')
    .on('captcha_tokens')
    .column('expires_at')
    .execute();
}

/** Drops the two-factor and shield tables, dependants first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha_tokens').execute();
  await db.schema.dropTable('shield_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factors').execute();
}
