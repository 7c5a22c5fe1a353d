import type { Kysely } from 'kysely';

/**
 * A member's change of e-mail address: the code mailed to the new address is a verification
 * (usage `EMAIL_CHANGE`) bound to the member who asked for it, so nobody else's session can
 * confirm it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verifications').addColumn('user_id', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verifications').dropColumn('user_id').execute();
}
