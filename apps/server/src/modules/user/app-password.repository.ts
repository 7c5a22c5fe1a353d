import type { Kysely, Selectable } from 'kysely';
import type { AppPasswordTable, Database } from '../../db/schema';

export type AppPasswordRow = Selectable<AppPasswordTable>;

/** Members' app passwords, by the SHA-256 of the password. */
export function createAppPasswordRepository(db: Kysely<Database>) {
  return {
    async insert(row: AppPasswordRow): Promise<void> {
      await db.insertInto('app_passwords').values(row).execute();
    },

    /** A member's app passwords, newest first. */
    async listOf(userId: string): Promise<AppPasswordRow[]> {
      return db
        .selectFrom('app_passwords')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async countOf(userId: string): Promise<number> {
      const row = await db
        .selectFrom('app_passwords')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * The app password with this hash of the active account with this e-mail, in one query
     * (what every WebDAV call asks first).
     */
    async findActiveByEmail(
      email: string,
      passwordHash: string,
    ): Promise<AppPasswordRow | undefined> {
      return db
        .selectFrom('app_passwords')
        .innerJoin('users', 'users.id', 'app_passwords.user_id')
        .selectAll('app_passwords')
        .where('users.email', '=', email)
        .where('users.status', '=', 'active')
        .where('app_passwords.password_hash', '=', passwordHash)
        .executeTakeFirst();
    },

    async noteUse(id: string, at: string, ip: string): Promise<void> {
      await db
        .updateTable('app_passwords')
        .set({ last_used_at: at, last_used_ip: ip })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes one of a member's app passwords; false when there was none. */
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('app_passwords')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type AppPasswordRepository = ReturnType<typeof createAppPasswordRepository>;
