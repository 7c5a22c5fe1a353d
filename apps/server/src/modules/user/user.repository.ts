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
