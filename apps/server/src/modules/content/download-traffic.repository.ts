import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The `download_traffic` counter rows (migration 0023). */
export function createDownloadTrafficRepository(db: Kysely<Database>) {
  return {
    /** Adds bytes sent to a member in a period. */
    async add(userId: string, period: string, bytes: number): Promise<void> {
      await db
        .insertInto('download_traffic')
        .values({ user_id: userId, period, bytes })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'period'])
            .doUpdateSet({ bytes: sql<number>`download_traffic.bytes + ${bytes}` }),
        )
        .execute();
    },

    /** Bytes sent to a member in a period. */
    async usageOf(userId: string, period: string): Promise<number> {
      const row = await db
        .selectFrom('download_traffic')
        .select('bytes')
        .where('user_id', '=', userId)
        .where('period', '=', period)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },
  };
}

export type DownloadTrafficRepository = ReturnType<typeof createDownloadTrafficRepository>;
