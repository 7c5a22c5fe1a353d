import type { Kysely } from 'kysely';
import type { AnalyticsEventTable, AppDownloadMarkTable, Database } from '../../db/schema';

/** Analytics events and the app download counts (0027). Only this file queries them. */
export function createStatisticsRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores events and counts the downloads among them, in one transaction: each mark that is
     * new (an address not yet counted for the platform that day) raises the platform's count.
     */
    async insert(
      events: readonly AnalyticsEventTable[],
      marks: readonly AppDownloadMarkTable[],
      now: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (events.length > 0) {
          await trx
            .insertInto('analytics_events')
            .values([...events])
            .execute();
        }
        if (marks.length === 0) {
          return;
        }
        const added = await trx
          .insertInto('app_download_marks')
          .values([...marks])
          .onConflict((conflict) =>
            conflict.columns(['platform', 'address_hash', 'day']).doNothing(),
          )
          .returning('platform')
          .execute();
        const byPlatform = new Map<string, number>();
        for (const { platform } of added) {
          byPlatform.set(platform, (byPlatform.get(platform) ?? 0) + 1);
        }
        for (const [platform, downloads] of byPlatform) {
          await trx
            .insertInto('app_download_counts')
            .values({ platform, downloads, updated_at: now })
            .onConflict((conflict) =>
              conflict.column('platform').doUpdateSet((eb) => ({
                downloads: eb('app_download_counts.downloads', '+', eb.ref('excluded.downloads')),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
      });
    },

    /** The download count of each platform that has one. */
    async downloadCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('app_download_counts')
        .select(['platform', 'downloads'])
        .execute();
      return new Map(rows.map((row) => [row.platform, Number(row.downloads)]));
    },

    /**
     * Deletes up to `limit` events created before `before`, oldest first, and the download marks
     * of days before `beforeDay`; answers how many events went.
     */
    async deleteOlderThan(before: string, beforeDay: string, limit: number): Promise<number> {
      const events = await db
        .deleteFrom('analytics_events')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('analytics_events')
            .select('id')
            .where('created_at', '<', before)
            .orderBy('created_at')
            .limit(limit),
        )
        .executeTakeFirst();
      await db.deleteFrom('app_download_marks').where('day', '<', beforeDay).execute();
      return Number(events.numDeletedRows);
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
