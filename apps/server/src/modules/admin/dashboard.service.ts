import { AppError } from '../../http/app-error';
import type { DashboardRepository, DayCount } from './dashboard.repository';
import {
  splitMetrics,
  type DailyFigure,
  type DailyMetric,
  type StatisticsRollupRepository,
} from './statistics-rollup.repository';

const dayMs = 86_400_000;
/** The longest period the dashboard counts at once. */
export const dashboardMaxDays = 366;
/** The page and language pairs the dashboard lists, the most viewed first. */
const topPages = 100;

/** Counts per day, keyed by day. */
function byDay(rows: DayCount[]): Map<string, number> {
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Sums the figures of each key the `key` function gives (figures it answers `undefined` for are left out). */
function sumBy(
  figures: readonly DailyFigure[],
  key: (figure: DailyFigure) => string | undefined,
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const figure of figures) {
    const at = key(figure);
    if (at !== undefined) {
      sums.set(at, (sums.get(at) ?? 0) + figure.value);
    }
  }
  return sums;
}

/**
 * The console's dashboard (docs/api.md#operator-console): per day of a period, the sign-ups,
 * paid conversions and premium grants ending (live, each one indexed range query), and the
 * figures the statistics rollup keeps per finished day (active members, files added and their
 * bytes, shares created, opened and saved, reports, app downloads); over the period, the analytics
 * events by page and language, the offline tasks by phase and failure reason and the app
 * downloads per platform; now, the bytes stored, by plan, and the deduplication saving. Days the
 * rollup has not stored yet (today, and any before its first pass) are counted live from the raw
 * rows. Days without any count as 0.
 */
export function createDashboardService(deps: {
  dashboard: DashboardRepository;
  rollups: StatisticsRollupRepository;
  now: () => Date;
}) {
  /**
   * The kept figures of `[start, end)`, stored days from the rollup and the rest counted live:
   * per day and figure (`daily`, `''` dimensions), and per figure, dimension and detail over the
   * period for the figures split by one (`totals`, no day).
   */
  async function keptFigures(
    start: number,
    end: number,
  ): Promise<{ daily: DailyFigure[]; totals: DailyFigure[] }> {
    const lastRolled = await deps.rollups.lastRolled();
    const liveFrom =
      lastRolled === undefined
        ? start
        : Math.max(start, Date.parse(`${lastRolled}T00:00:00.000Z`) + dayMs);
    const [stored, live] = await Promise.all([
      liveFrom > start
        ? deps.rollups.stored(dayOf(start), dayOf(liveFrom - dayMs))
        : { daily: [], totals: [] },
      liveFrom < end
        ? deps.rollups.count(new Date(liveFrom).toISOString(), new Date(end).toISOString())
        : [],
    ]);
    return {
      daily: [...stored.daily, ...live],
      totals: [...stored.totals, ...live.filter((figure) => splitMetrics.includes(figure.metric))],
    };
  }

  return {
    async figures(fromDay: string, toDay: string) {
      const start = Date.parse(`${fromDay}T00:00:00.000Z`);
      const end = Date.parse(`${toDay}T00:00:00.000Z`) + dayMs;
      if ((end - start) / dayMs > dashboardMaxDays) {
        throw new AppError('invalid_argument', {
          description: `A period of at most ${dashboardMaxDays} days`,
        });
      }
      const from = new Date(start).toISOString();
      const to = new Date(end).toISOString();
      const [daily, kept, stored, downloads, byPlan, deduplication] = await Promise.all([
        deps.dashboard.daily(from, to),
        keptFigures(start, end),
        deps.dashboard.storedBytes(),
        deps.dashboard.appDownloads(),
        deps.rollups.storageByPlan(deps.now().toISOString()),
        deps.rollups.deduplication(),
      ]);
      const signUps = byDay(daily.signUps);
      const conversions = byDay(daily.conversions);
      const expiries = byDay(daily.expiries);
      const perDay = (metric: DailyMetric) =>
        sumBy(kept.daily, (figure) => (figure.metric === metric ? figure.day : undefined));
      const active = perDay('active_members');
      const uploads = perDay('uploads');
      const uploadBytes = perDay('upload_bytes');
      const sharesCreated = perDay('shares_created');
      const sharesOpened = perDay('shares_opened');
      const sharesSaved = perDay('shares_saved');
      const reports = perDay('reports');
      const appDownloads = perDay('app_downloads');
      const days = [];
      for (let at = start; at < end; at += dayMs) {
        const day = dayOf(at);
        days.push({
          day,
          sign_ups: signUps.get(day) ?? 0,
          active_members: active.get(day) ?? 0,
          conversions: conversions.get(day) ?? 0,
          expiries: expiries.get(day) ?? 0,
          uploads: uploads.get(day) ?? 0,
          upload_bytes: uploadBytes.get(day) ?? 0,
          shares_created: sharesCreated.get(day) ?? 0,
          shares_opened: sharesOpened.get(day) ?? 0,
          shares_saved: sharesSaved.get(day) ?? 0,
          reports: reports.get(day) ?? 0,
          app_downloads: appDownloads.get(day) ?? 0,
        });
      }
      // Keys join a figure's dimension and detail with a line feed, which neither holds.
      const split = (key: string) => {
        const [dimension = '', detail = ''] = key.split('\n');
        return { dimension, detail };
      };
      const pageViews = [
        ...sumBy(kept.totals, (figure) =>
          figure.metric === 'page_views' ? `${figure.dimension}\n${figure.detail}` : undefined,
        ),
      ]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, topPages)
        .map(([key, views]) => {
          const { dimension, detail } = split(key);
          return { route: dimension, locale: detail, views };
        });
      const offlineTasks = [
        ...sumBy(kept.totals, (figure) =>
          figure.metric === 'offline_tasks' ? `${figure.dimension}\n${figure.detail}` : undefined,
        ),
      ]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([key, count]) => {
          const { dimension, detail } = split(key);
          return { phase: dimension, reason: detail, count };
        });
      const platforms = [
        ...sumBy(kept.totals, (figure) =>
          figure.metric === 'app_downloads' ? figure.dimension : undefined,
        ),
      ]
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([platform, count]) => ({ platform, downloads: count }));
      return {
        days,
        stored: { live_bytes: String(stored.live), trash_bytes: String(stored.trash) },
        storage_by_plan: byPlan
          .sort((a, b) => (a.plan < b.plan ? -1 : 1))
          .map((row) => ({ plan: row.plan, members: row.members, bytes: String(row.bytes) })),
        deduplication: {
          logical_bytes: String(deduplication.logical),
          physical_bytes: String(deduplication.physical),
        },
        page_views: pageViews,
        offline_tasks: offlineTasks,
        period_downloads: platforms,
        app_downloads: downloads.map((row) => ({
          platform: row.platform,
          downloads: Number(row.downloads),
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
