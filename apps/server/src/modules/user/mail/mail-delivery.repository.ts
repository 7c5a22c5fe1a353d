import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** How many of the latest failures the console lists. */
const failuresListed = 20;

/** The mail outbox's record (`mail_deliveries`, 0060): one row per message sent or tried. */
export function createMailDeliveryRepository(db: Kysely<Database>) {
  return {
    async begin(id: string, at: string): Promise<void> {
      await db
        .insertInto('mail_deliveries')
        .values({ id, status: 'sending', error: '', created_at: at, updated_at: at })
        .execute();
    },

    async end(id: string, status: 'sent' | 'failed', error: string, at: string): Promise<void> {
      await db
        .updateTable('mail_deliveries')
        .set({ status, error, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes up to `limit` rows created before `before`; answers how many went. */
    async sweep(before: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('mail_deliveries')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_deliveries')
            .select('id')
            .where('created_at', '<', before)
            .orderBy('created_at')
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The messages kept per status, and the latest failures, newest first. */
    async state(): Promise<{
      counts: Map<string, number>;
      failures: { id: string; error: string; at: string }[];
    }> {
      const [counts, failures] = await Promise.all([
        db
          .selectFrom('mail_deliveries')
          .select(['status', sql<number | string>`count(*)`.as('count')])
          .groupBy('status')
          .execute(),
        db
          .selectFrom('mail_deliveries')
          .select(['id', 'error', 'updated_at as at'])
          .where('status', '=', 'failed')
          .orderBy('updated_at', 'desc')
          .limit(failuresListed)
          .execute(),
      ]);
      return {
        counts: new Map(counts.map((row) => [row.status, Number(row.count)])),
        failures,
      };
    },
  };
}

export type MailDeliveryRepository = ReturnType<typeof createMailDeliveryRepository>;
