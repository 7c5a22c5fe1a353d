import type { Insertable, Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, UserTable } from '../../db/schema';

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;

/** A member's row, read on most signed-in calls: compiled once. */
export const userById = preparedQuery((db: Kysely<Database>, values: { id: string }) =>
  db.selectFrom('users').selectAll().where('id', '=', values.id),
);

/** Accounts. E-mail addresses arrive here already lower-cased. */
export function createUserRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [user] = await userById.execute(db, { id });
      return user;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    /** Inserts an account; false when the e-mail address already has one. */
    async insert(user: NewUser): Promise<boolean> {
      const result = await db
        .insertInto('users')
        .values(user)
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async updateProfile(
      id: string,
      changes: { name?: string; picture?: string },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Moves an account to a new address; false when another account holds it (checked in the
     * statement, and by the unique index when two changes race).
     */
    async changeEmail(id: string, email: string, now: Date): Promise<boolean> {
      try {
        const result = await db
          .updateTable('users')
          .set({ email, updated_at: now.toISOString() })
          .where('id', '=', id)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb.selectFrom('users as other').select('other.id').where('other.email', '=', email),
              ),
            ),
          )
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      } catch (error) {
        const holder = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        if (holder && holder.id !== id) {
          return false;
        }
        throw error;
      }
    },

    async setPasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
