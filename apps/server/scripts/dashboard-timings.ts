// The dashboard bench's (bench/dashboard.bench.mjs) server side, bundled by apps/server/scripts/build.mjs: `migrate` brings a
// database to the latest schema; `time` runs every query of the dashboard through the server's
// own repositories and services and prints the timings as JSON. The database comes from the
// environment: BENCH_DATA_DIR (SQLite) or BENCH_DATABASE_URL with BENCH_SCHEMA (PostgreSQL).
import { performance } from 'node:perf_hooks';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { createDashboardRepository } from '../src/modules/admin/dashboard.repository';
import { createDashboardService } from '../src/modules/admin/dashboard.service';
import { createStatisticsRollupRepository } from '../src/modules/admin/statistics-rollup.repository';
import { createStatisticsRollup } from '../src/modules/admin/statistics-rollup.service';

const dayMs = 86_400_000;
const runs = Number(process.env.BENCH_RUNS ?? 3);

const schema = process.env.BENCH_SCHEMA;
const handle = openDatabase({
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? '',
  DATABASE_POOL_SIZE: 10,
  ...(schema ? { searchPath: schema } : {}),
});

/** The median and the slowest of `runs` timed runs of `work`, in milliseconds. */
async function timed(
  work: () => Promise<unknown>,
  repeat = runs,
): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let run = 0; run < repeat; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0 };
}

async function timeAll(): Promise<Record<string, { median: number; max: number }>> {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const midnight = Date.parse(`${today}T00:00:00.000Z`);
  const yearFrom = dayOf(midnight - 365 * dayMs);
  const dashboard = createDashboardRepository(handle.db);
  const rollups = createStatisticsRollupRepository(handle.db);
  const service = createDashboardService({ dashboard, rollups, now: () => now });
  const rollup = createStatisticsRollup({ rollups, now: () => now });
  const iso = (day: string) => `${day}T00:00:00.000Z`;
  const results: Record<string, { median: number; max: number }> = {};
  const tomorrow = new Date(midnight + dayMs).toISOString();

  // Before the rollup: the year counted from the raw rows (what the daily rows spare).
  results['raw count of the year (no daily rows), once'] = await timed(
    () => rollups.count(iso(yearFrom), tomorrow),
    1,
  );
  // The rollup of the whole year, one day per batch as housekeeping runs it.
  const start = performance.now();
  let days = 0;
  while ((await rollup.rollupNext()) > 0) {
    days += 1;
  }
  const total = performance.now() - start;
  results[`rollup of ${days} days (total)`] = { median: total, max: total };
  results['rollup of one day (mean)'] = {
    median: total / Math.max(1, days),
    max: total / Math.max(1, days),
  };

  results['sign-ups, conversions, expiries per day (year)'] = await timed(() =>
    dashboard.daily(iso(yearFrom), tomorrow),
  );
  results['bytes stored'] = await timed(() => dashboard.storedBytes());
  results['app downloads since the site began'] = await timed(() => dashboard.appDownloads());
  results['last day rolled up'] = await timed(() => rollups.lastRolled());
  results['daily rows of the year'] = await timed(() => rollups.stored(yearFrom, today));
  results["today's figures, live"] = await timed(() => rollups.count(iso(today), tomorrow));
  results['storage by plan'] = await timed(() => rollups.storageByPlan(now.toISOString()));
  results['deduplication'] = await timed(() => rollups.deduplication());
  for (const period of [30, 365]) {
    results[`GET dashboard, ${period} days (all of the above)`] = await timed(() =>
      service.figures(dayOf(midnight - (period - 1) * dayMs), today),
    );
  }
  return results;
}

try {
  const command = process.argv[2];
  if (command === 'migrate') {
    await migrateToLatest(handle.db, schema);
  } else if (command === 'time') {
    process.stdout.write(`${JSON.stringify(await timeAll())}\n`);
  } else {
    throw new Error(`unknown command ${String(command)}`);
  }
} finally {
  await handle.db.destroy();
}
