import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

/** The settings of a scope, read on every config call: compiled once. */
export const settingsOfScope = preparedQuery((db: Kysely<Database>, values: { scope: string }) =>
  db
    .selectFrom('setting')
    .select(['key', 'value'])
    .where('scope', '=', values.scope)
    .orderBy('key'),
);

/** Stored site settings, by scope. Values are JSON text. */
export function createSettingRepository(db: Kysely<Database>) {
  return {
    async listScope(scope: string): Promise<{ key: string; value: string }[]> {
      return settingsOfScope.execute(db, { scope });
    },

    /** The stored setting, undefined when none is stored. */
    async find(
      scope: string,
      key: string,
    ): Promise<{ value: string; updated_at: string } | undefined> {
      return db
        .selectFrom('setting')
        .select(['value', 'updated_at'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async remove(scope: string, key: string): Promise<void> {
      await db.deleteFrom('setting').where('scope', '=', scope).where('key', '=', key).execute();
    },

    async put(scope: string, key: string, value: string, now: Date): Promise<void> {
      await db
        .insertInto('setting')
        .values({ scope, key, value, updated_at: now.toISOString() })
        .onConflict((conflict) =>
          conflict.columns(['scope', 'key']).doUpdateSet({ value, updated_at: now.toISOString() }),
        )
        .execute();
    },
  };
}

export type SettingRepository = ReturnType<typeof createSettingRepository>;
