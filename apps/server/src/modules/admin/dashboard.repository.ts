import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The grants a member paid for: a purchase, or a code bought in the operator's shop. */
const conversionSources = ['payment', 'activation_code'];

/** A line of a query plan: SQLite's `detail`, PostgreSQL's `QUERY PLAN`. */
interface PlanLine {
  detail?: string;
  'QUERY PLAN'?: string;
}

/** A count per UTC day (`YYYY-MM-DD`). */
export interface DayCount {
  day: string;
  count: number | string;
}

/**
 * The dashboard's live figures (docs/api.md#operator-console): sign-ups, conversions and expiries
 * per day over `[from, to)`, each a range scan of one index (the dashboard test reads their
 * plans), the bytes stored and the app downloads since the site began. The figures kept per day
 * are in statistics-rollup.repository.ts.
 */
export function createDashboardRepository(db: Kysely<Database>) {
  // Times are ISO text: the day is its first ten characters, on both databases.
  const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

  const queries = (from: string, to: string) => ({
    signUps: db
      .selectFrom('users')
      .select([day('created_at').as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(day('created_at')),
    conversions: db
      .selectFrom('memberships')
      .select([day('created_at').as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('source', 'in', conversionSources)
      .groupBy(day('created_at')),
    expiries: db
      .selectFrom('memberships')
      .select([day('expires_at').as('day'), (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('expires_at', '>=', from)
      .where('expires_at', '<', to)
      .groupBy(day('expires_at')),
  });

  return {
    async daily(
      from: string,
      to: string,
    ): Promise<{
      signUps: DayCount[];
      conversions: DayCount[];
      expiries: DayCount[];
    }> {
      const made = queries(from, to);
      const [signUps, conversions, expiries] = await Promise.all([
        made.signUps.execute(),
        made.conversions.execute(),
        made.expiries.execute(),
      ]);
      return { signUps, conversions, expiries };
    },

    /** The app downloads counted per platform since the site began (one row per platform). */
    async appDownloads(): Promise<{ platform: string; downloads: number | string }[]> {
      return db
        .selectFrom('app_download_counts')
        .select(['platform', 'downloads'])
        .orderBy('platform')
        .execute();
    },

    /** The bytes members keep in their drives and trashes now. */
    async storedBytes(): Promise<{ live: number | string; trash: number | string }> {
      const row = await db
        .selectFrom('member_usage')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number | string>('live_bytes'), sql<number>`0`).as('live'),
          eb.fn.coalesce(eb.fn.sum<number | string>('trash_bytes'), sql<number>`0`).as('trash'),
        ])
        .executeTakeFirstOrThrow();
      return { live: row.live, trash: row.trash };
    },

    /**
     * The plan of each daily query, as the database tells it (`EXPLAIN QUERY PLAN` on SQLite,
     * `EXPLAIN` on PostgreSQL with sequential scans priced out, as on a large table).
     */
    async plans(from: string, to: string, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
      const plans: string[] = [];
      for (const query of Object.values(queries(from, to))) {
        const compiled = query.compile();
        const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
        const explain = CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]);
        const lines =
          dialect === 'sqlite'
            ? await db.executeQuery<PlanLine>(explain)
            : await db.transaction().execute(async (trx) => {
                await sql`set local enable_seqscan = off`.execute(trx);
                return trx.executeQuery<PlanLine>(explain);
              });
        plans.push(lines.rows.map((row) => row.detail ?? row['QUERY PLAN'] ?? '').join('\n'));
      }
      return plans;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
