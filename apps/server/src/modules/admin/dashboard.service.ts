import { AppError } from '../../http/app-error';
import type { DashboardRepository, DayCount } from './dashboard.repository';

const dayMs = 86_400_000;
/** The longest period the dashboard counts at once. */
export const dashboardMaxDays = 366;

/** Counts per day, keyed by day. */
function byDay(rows: DayCount[]): Map<string, number> {
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/**
 * The console's dashboard (docs/api.md#operator-console): per day of a period, the sign-ups,
 * the members active that day, the paid conversions and the premium grants ending (days without
 * any count as 0), the bytes stored now and the app downloads per platform. Each figure is one indexed range query, so a year answers quickly however
 * large the tables grow.
 */
export function createDashboardService(deps: { dashboard: DashboardRepository }) {
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
      const [daily, stored, downloads] = await Promise.all([
        deps.dashboard.daily(from, to),
        deps.dashboard.storedBytes(),
        deps.dashboard.appDownloads(),
      ]);
      const signUps = byDay(daily.signUps);
      const active = byDay(daily.activeMembers);
      const conversions = byDay(daily.conversions);
      const expiries = byDay(daily.expiries);
      const days = [];
      for (let at = start; at < end; at += dayMs) {
        const day = new Date(at).toISOString().slice(0, 10);
        days.push({
          day,
          sign_ups: signUps.get(day) ?? 0,
          active_members: active.get(day) ?? 0,
          conversions: conversions.get(day) ?? 0,
          expiries: expiries.get(day) ?? 0,
        });
      }
      return {
        days,
        stored: { live_bytes: String(stored.live), trash_bytes: String(stored.trash) },
        app_downloads: downloads.map((row) => ({
          platform: row.platform,
          downloads: Number(row.downloads),
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
