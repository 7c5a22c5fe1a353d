import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Stored site settings, by scope. Values are JSON text. */
export function createSettingRepository(db: Kysely<Database>) {
  return {
    async listScope(scope: string): Promise<{ key: string; value: string }[]> {
      return db
        .selectFrom('setting')
        .select(['key', 'value'])
        .where('scope', '=', scope)
        .orderBy('key')
        .execute();
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
