import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A figure of a UTC day, split by a dimension and a detail (`''` when not split). */
export interface DailyFigure {
  day: string;
  metric: DailyMetric;
  dimension: string;
  detail: string;
  value: number;
}

/** The figures the rollup keeps per day (table `statistics_daily`). */
export const dailyMetrics = [
  /** Members with at least one analytics event. */
  'active_members',
  /** Analytics events by page route (dimension) and the page's language (detail). */
  'page_views',
  /** Files added to drives, and their bytes. */
  'uploads',
  'upload_bytes',
  'shares_created',
  /** Visits of shares (each counted as a share's view count is: once per visitor's visit). */
  'shares_opened',
  /** Saves of a share's files into a drive. */
  'shares_saved',
  'reports',
  /** Offline tasks created that day by their phase now (dimension) and failure reason (detail). */
  'offline_tasks',
  /** App downloads by platform (dimension), one per address a day. */
  'app_downloads',
] as const;
export type DailyMetric = (typeof dailyMetrics)[number];

/** The figures the dashboard also sums over the period by their dimension and detail. */
export const splitMetrics: readonly DailyMetric[] = [
  'page_views',
  'offline_tasks',
  'app_downloads',
];

/** The row that marks a day rolled up. */
const rolledMarker = 'rolled';
const failedPhase = 'PHASE_TYPE_ERROR';

/**
 * The statistics rollup's figures (docs/api.md#operator-console): counted per UTC day from the
 * raw rows (each a range scan of an index on time), stored per finished day in
 * `statistics_daily`, and read back for a period.
 */
export function createStatisticsRollupRepository(db: Kysely<Database>) {
  // Times are ISO text: the day is its first ten characters, on both databases.
  const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const count = sql<number | string>`count(*)`;

  return {
    /** The figures of each day in `[from, to)` (ISO times at midnight), from the raw rows. */
    async count(from: string, to: string): Promise<DailyFigure[]> {
      const fromDay = from.slice(0, 10);
      const toDay = to.slice(0, 10);
      const [active, pages, uploads, created, opened, saved, reports, offline, downloads] =
        await Promise.all([
          db
            .selectFrom('analytics_events')
            .select([
              day('created_at').as('day'),
              (eb) => eb.fn.count<number | string>('user_id').distinct().as('value'),
            ])
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .where('user_id', 'is not', null)
            .groupBy(day('created_at'))
            .execute(),
          db
            .selectFrom('analytics_events')
            .select([
              day('created_at').as('day'),
              'page as dimension',
              sql<string>`substr(language_web, 1, 64)`.as('detail'),
              count.as('value'),
            ])
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .groupBy([day('created_at'), 'page', sql`substr(language_web, 1, 64)`])
            .execute(),
          db
            .selectFrom('files')
            .select([
              day('created_at').as('day'),
              count.as('uploads'),
              (eb) =>
                eb.fn.coalesce(eb.fn.sum<number | string>('size'), sql<number>`0`).as('bytes'),
            ])
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .where('kind', '=', 'file')
            .groupBy(day('created_at'))
            .execute(),
          db
            .selectFrom('shares')
            .select([day('created_at').as('day'), count.as('value')])
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .groupBy(day('created_at'))
            .execute(),
          db
            .selectFrom('share_open_days')
            .select(['day', 'opens as value'])
            .where('day', '>=', fromDay)
            .where('day', '<', toDay)
            .execute(),
          db
            .selectFrom('share_restores')
            .select([day('created_at').as('day'), count.as('value')])
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .groupBy(day('created_at'))
            .execute(),
          db
            .selectFrom('share_reports')
            .select([day('created_at').as('day'), count.as('value')])
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .groupBy(day('created_at'))
            .execute(),
          db
            .selectFrom('tasks')
            .select([
              day('created_at').as('day'),
              'phase as dimension',
              sql<string>`case when phase = ${sql.lit(failedPhase)} then message_key else '' end`.as(
                'detail',
              ),
              count.as('value'),
            ])
            .where('type', '=', 'offline')
            .where('created_at', '>=', from)
            .where('created_at', '<', to)
            .groupBy([
              day('created_at'),
              'phase',
              sql`case when phase = ${sql.lit(failedPhase)} then message_key else '' end`,
            ])
            .execute(),
          db
            .selectFrom('app_download_marks')
            .select(['day', 'platform as dimension', count.as('value')])
            .where('day', '>=', fromDay)
            .where('day', '<', toDay)
            .groupBy(['day', 'platform'])
            .execute(),
        ]);
      const figure = (
        metric: DailyMetric,
        row: { day: string; dimension?: string; detail?: string },
        value: number | string,
      ): DailyFigure => ({
        day: row.day,
        metric,
        dimension: row.dimension ?? '',
        detail: row.detail ?? '',
        value: Number(value),
      });
      return [
        ...active.map((row) => figure('active_members', row, row.value)),
        ...pages.map((row) => figure('page_views', row, row.value)),
        ...uploads.map((row) => figure('uploads', row, row.uploads)),
        ...uploads.map((row) => figure('upload_bytes', row, row.bytes)),
        ...created.map((row) => figure('shares_created', row, row.value)),
        ...opened.map((row) => figure('shares_opened', row, row.value)),
        ...saved.map((row) => figure('shares_saved', row, row.value)),
        ...reports.map((row) => figure('reports', row, row.value)),
        ...offline.map((row) => figure('offline_tasks', row, row.value)),
        ...downloads.map((row) => figure('app_downloads', row, row.value)),
      ];
    },

    /**
     * Stores a day's figures in place of any stored before (one transaction), with the row that
     * marks the day rolled up: storing a day again gives the same rows.
     */
    async store(dayOf: string, figures: readonly DailyFigure[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('statistics_daily').where('day', '=', dayOf).execute();
        const rows = [
          ...figures.map((figure) => ({
            day: dayOf,
            metric: figure.metric,
            dimension: figure.dimension,
            detail: figure.detail,
            value: figure.value,
          })),
          { day: dayOf, metric: rolledMarker, dimension: '', detail: '', value: 1 },
        ];
        // Bounded batches keep each statement under the databases' bound-parameter limits.
        for (let start = 0; start < rows.length; start += 500) {
          await trx
            .insertInto('statistics_daily')
            .values(rows.slice(start, start + 500))
            .execute();
        }
      });
    },

    /** The last day rolled up, `undefined` when none. */
    async lastRolled(): Promise<string | undefined> {
      const row = await db
        .selectFrom('statistics_daily')
        .select((eb) => eb.fn.max('day').as('day'))
        .where('metric', '=', rolledMarker)
        .executeTakeFirst();
      return row?.day ?? undefined;
    },

    /** The day of the site's first member or analytics event, `undefined` when it has none. */
    async firstDay(): Promise<string | undefined> {
      const [user, event] = await Promise.all([
        db
          .selectFrom('users')
          .select((eb) => eb.fn.min('created_at').as('at'))
          .executeTakeFirst(),
        db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.min('created_at').as('at'))
          .executeTakeFirst(),
      ]);
      const times = [user?.at, event?.at].filter((at): at is string => typeof at === 'string');
      return times.length === 0 ? undefined : times.sort()[0]?.slice(0, 10);
    },

    /**
     * The stored figures of the days from `fromDay` to `toDay` (inclusive), summed in the
     * database: per day and figure over its dimensions (`daily`), and per figure, dimension and
     * detail over the days for the figures split by one (`totals`).
     */
    async stored(
      fromDay: string,
      toDay: string,
    ): Promise<{ daily: DailyFigure[]; totals: DailyFigure[] }> {
      const sum = sql<number | string>`sum(value)`;
      const [daily, totals] = await Promise.all([
        db
          .selectFrom('statistics_daily')
          .select(['day', 'metric', sum.as('value')])
          .where('day', '>=', fromDay)
          .where('day', '<=', toDay)
          .where(
            'metric',
            'in',
            dailyMetrics.filter((metric) => metric !== 'page_views'),
          )
          .groupBy(['day', 'metric'])
          .execute(),
        db
          .selectFrom('statistics_daily')
          .select(['metric', 'dimension', 'detail', sum.as('value')])
          .where('day', '>=', fromDay)
          .where('day', '<=', toDay)
          .where('metric', 'in', splitMetrics)
          .groupBy(['metric', 'dimension', 'detail'])
          .execute(),
      ]);
      return {
        daily: daily.map((row) => ({
          day: row.day,
          metric: row.metric as DailyMetric,
          dimension: '',
          detail: '',
          value: Number(row.value),
        })),
        totals: totals.map((row) => ({
          day: '',
          metric: row.metric as DailyMetric,
          dimension: row.dimension,
          detail: row.detail,
          value: Number(row.value),
        })),
      };
    },

    /** Members and the bytes of their drives now, by plan (premium: a membership not yet ended). */
    async storageByPlan(now: string): Promise<{ plan: string; members: number; bytes: number }[]> {
      const rows = await db
        .selectFrom('member_usage')
        .select((eb) => [
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('memberships')
                  .select('memberships.id')
                  .whereRef('memberships.user_id', '=', 'member_usage.user_id')
                  .where('memberships.expires_at', '>', now),
              ),
            )
            .then('premium')
            .else('free')
            .end()
            .as('plan'),
          count.as('members'),
          eb.fn
            .coalesce(eb.fn.sum<number | string>(sql`live_bytes + trash_bytes`), sql<number>`0`)
            .as('bytes'),
        ])
        .groupBy(sql.ref('plan'))
        .execute();
      return rows.map((row) => ({
        plan: String(row.plan),
        members: Number(row.members),
        bytes: Number(row.bytes),
      }));
    },

    /** The bytes of distinct blobs kept (physical) and of members' files (logical) now. */
    async deduplication(): Promise<{ logical: number; physical: number }> {
      const [physical, logical] = await Promise.all([
        db
          .selectFrom('blobs')
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<number | string>('size'), sql<number>`0`).as('bytes'),
          )
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('member_usage')
          .select((eb) =>
            eb.fn
              .coalesce(eb.fn.sum<number | string>(sql`live_bytes + trash_bytes`), sql<number>`0`)
              .as('bytes'),
          )
          .executeTakeFirstOrThrow(),
      ]);
      return { logical: Number(logical.bytes), physical: Number(physical.bytes) };
    },
  };
}

export type StatisticsRollupRepository = ReturnType<typeof createStatisticsRollupRepository>;
