import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Membership activities (docs/api.md#account-and-membership). `invite_codes` holds each member's one invite code.
 * `activity_grants` records every reward a member received from an activity, one row per member
 * and activity (`invite` for the free trial or an invitation, `task:<type>` for a membership
 * task, `compensation:<type>` for a compensation), so each is given once: the primary key
 * refuses a second. An invitation's row names the inviter and the days the inviter received;
 * `address_hash` (SHA-256 of the client address) counts grants per address for the abuse limit.
 * `mail_unsubscribes` lists the addresses that asked for no more mail of a scene.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invite_codes')
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('code', 'varchar(16)', (column) => column.notNull().unique())
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('activity_grants')
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('activity', 'varchar(80)', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addColumn('inviter_id', 'varchar(32)', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('inviter_days', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('address_hash', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('activity_grants_pk', ['user_id', 'activity'])
    .execute();
  // The referral page (an inviter's invitees, newest first) and the monthly limit per inviter.
  await db.schema
    .createIndex('activity_grants_inviter_idx')
    .on('activity_grants')
    .columns(['inviter_id', 'created_at'])
    .execute();
  // The daily limit of grants per client address.
  await db.schema
    .createIndex('activity_grants_address_idx')
    .on('activity_grants')
    .columns(['address_hash', 'created_at'])
    .execute();
  await db.schema
    .createTable('mail_unsubscribes')
    .addColumn('email', 'varchar(320)', (column) => column.notNull())
    .addColumn('scene', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('mail_unsubscribes_pk', ['email', 'scene'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_unsubscribes').execute();
  await db.schema.dropIndex('activity_grants_address_idx').execute();
  await db.schema.dropIndex('activity_grants_inviter_idx').execute();
  await db.schema.dropTable('activity_grants').execute();
  await db.schema.dropTable('invite_codes').execute();
}
