// The console dashboard's queries over a year of seeded data (docs/api.md#operator-console):
// 100,000 members and 10 million analytics events (BENCH_DASHBOARD_SCALE=0.1 for a tenth), plus
// files, shares, saves, reports, offline tasks, memberships and blobs spread over the year,
// seeded with one INSERT ... SELECT per table (a recursive CTE on SQLite, generate_series on
// PostgreSQL). Then every query of the dashboard is timed through the server's own repositories
// (apps/server/scripts/dashboard-timings.ts): the year counted from the raw rows, the rollup
// that stores each day, and each query of GET /audit.admin/v1/dashboard over the daily rows.
// Target: each dashboard query under 1 s. Runs on SQLite, then on PostgreSQL in a fresh schema.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { line, root, runBench, target } from './lib.mjs';

const scale = Number(process.env.BENCH_DASHBOARD_SCALE ?? 1);
const count = (full) => Math.max(1, Math.round(full * scale));
const volumes = {
  members: count(100_000),
  events: count(10_000_000),
  files: count(1_000_000),
  shares: count(100_000),
  saves: count(50_000),
  reports: count(10_000),
  tasks: count(200_000),
};
const yearSeconds = 365 * 86_400;
const start = Math.floor(Date.now() / 1000) - yearSeconds;
const bundle = path.join(root, 'apps/server/dist/dashboard-timings.js');
const locales = ['en-US', 'es', 'id', 'ja', 'ko', 'ms', 'pt', 'ru', 'uk', 'zh-CN', 'zh-TW'];
const pages = [
  '/',
  '/drive/all',
  '/s/:share_id',
  '/drive/payment',
  '/mobile-app',
  '/help',
  '/faq',
  '/drive/offline',
];
const platforms = ['android', 'ios', 'windows', 'mac', 'linux', 'tv', 'extension'];

/** A CASE picking `values[n % values.length]`. */
const pick = (values, n = 'n') =>
  `case ${n} % ${values.length} ${values.map((value, index) => `when ${index} then '${value}'`).join(' ')} end`;

/** The SQL of one dialect: a time `seconds` after the year's start, and the rows 0..total-1. */
const dialects = {
  sqlite: {
    time: (seconds) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${start} + (${seconds}), 'unixepoch')`,
    rows: (total) =>
      `with recursive g(n) as (select 0 union all select n + 1 from g where n + 1 < ${total}) select`,
    from: 'from g',
    pad: (n) => `printf('%064d', ${n})`,
  },
  postgres: {
    time: (seconds) =>
      `to_char(to_timestamp(${start} + (${seconds})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    rows: () => 'select',
    from: (total) => `from generate_series(0::bigint, ${total - 1}) as g(n)`,
    pad: (n) => `lpad(${n}::text, 64, '0')`,
  },
};

/** One INSERT ... SELECT per table. */
function seedStatements(dialect) {
  const d = dialects[dialect];
  const from = (total) => (typeof d.from === 'string' ? d.from : d.from(total));
  const spread = (total) => d.time(`(n * ${yearSeconds}) / ${total}`);
  const v = volumes;
  const member = (expression) => `'bu' || ((${expression}) % ${v.members})`;
  const insert = (table, columns, total, values) =>
    `insert into ${table} (${columns}) ${d.rows(total)} ${values} ${from(total)}`;
  return [
    insert(
      'users',
      'id, email, name, password_hash, status, frozen_until, locale, picture, phone_number, picture_sha256, picture_type, deletion_requested_at, created_at, updated_at',
      v.members,
      `'bu' || n, 'm' || n || '@bench.test', '', null, 'active', null, 'en-US', '', '', null, null, null, ${spread(v.members)}, ${spread(v.members)}`,
    ),
    insert(
      'member_usage',
      'user_id, live_bytes, trash_bytes, updated_at',
      v.members,
      `'bu' || n, (n % 2000) * 1048576, (n % 7) * 1024, ${spread(v.members)}`,
    ),
    insert(
      'memberships',
      'id, user_id, type, source, days, starts_at, expires_at, activation_code_id, created_at',
      Math.ceil(v.members / 10),
      `'bm' || n, ${member('n * 10')}, 'platinum', case n % 2 when 0 then 'payment' else 'activation_code' end, 30, ${spread(Math.ceil(v.members / 10))}, ${d.time(`(n * ${yearSeconds}) / ${Math.ceil(v.members / 10)} + 2592000`)}, null, ${spread(Math.ceil(v.members / 10))}`,
    ),
    insert(
      'analytics_events',
      'id, event, page, client_id, client_type, language_system, language_web, user_type, source, scene, referer_list, device_hash, user_id, country, address_hash, props, created_at',
      v.events,
      `'be' || n, 'restore-click', ${pick(pages)}, '', 'web', '', ${pick(locales, '(n / 8)')}, 1, '', '', '', '', case when n % 4 = 0 then null else ${member('n * 7919')} end, '', 'x', '{}', ${spread(v.events)}`,
    ),
    insert(
      'files',
      'id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type, file_extension, file_category, phase, starred, trashed, trashed_at, original_parent_id, original_path, created_at, modified_at, params',
      v.files,
      `'bf' || n, ${member('n')}, '', 'file', 'f' || n, 'f' || n, (n % 5000) * 1024, null, '', '', '', '', 'PHASE_TYPE_COMPLETE', 0, 0, null, null, null, ${spread(v.files)}, ${spread(v.files)}, '{}'`,
    ),
    insert(
      'shares',
      'id, user_id, title, pass_code, share_to, expiration_days, expires_at, restore_limit, restore_count, view_count, file_num, file_size, file_id, file_kind, audit_status, cancelled_at, created_at, updated_at',
      v.shares,
      `'bs' || n, ${member('n')}, 't', '', '', -1, null, -1, 0, 0, 1, 1, 'bf' || n, 'file', 'OK', null, ${spread(v.shares)}, ${spread(v.shares)}`,
    ),
    insert(
      'share_restores',
      'id, user_id, share_id, target_id, spec, created_at, plan',
      v.saves,
      `'br' || n, ${member('n * 31')}, 'bs' || (n % ${v.shares}), '', '{}', ${spread(v.saves)}, null`,
    ),
    insert(
      'share_reports',
      'id, share_id, reporter_id, reporter_address, share_user_id, file_ids, gcids, reason, created_at, reviewed_at',
      v.reports,
      `'bp' || n, 'bs' || (n % ${v.shares}), null, 'x', 'bu0', '[]', '[]', 'spam', ${spread(v.reports)}, null`,
    ),
    insert(
      'tasks',
      'id, user_id, type, name, phase, progress, file_id, file_name, file_size, message_key, params, status_size, created_at, updated_at',
      v.tasks,
      `'bt' || n, ${member('n')}, 'offline', 't', case n % 10 when 0 then 'PHASE_TYPE_ERROR' when 1 then 'PHASE_TYPE_RUNNING' else 'PHASE_TYPE_COMPLETE' end, 100, '', '', 0, case n % 10 when 0 then ${pick(['offline_source_gone', 'offline_too_large', 'offline_timeout'], '(n / 10)')} else '' end, '{}', 1, ${spread(v.tasks)}, ${spread(v.tasks)}`,
    ),
    insert(
      'blobs',
      'sha256, gcid, size, ref_count, created_at, updated_at, verified_at',
      1000,
      `${d.pad('n')}, '', (n % 100) * 1048576, 1, ${spread(1000)}, ${spread(1000)}, null`,
    ),
    insert(
      'app_download_marks',
      'platform, address_hash, day',
      2000,
      `${pick(platforms)}, 'a' || n, substr(${d.time(`${yearSeconds} - 86400 + (n % 2) * 86400`)}, 1, 10)`,
    ),
  ];
}

function buildBundle() {
  const result = spawnSync(
    process.execPath,
    [
      'apps/server/scripts/build.mjs',
      '--entry',
      'apps/server/scripts/dashboard-timings.ts',
      '--outfile',
      bundle,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    throw new Error('the build of the timings failed');
  }
}

function runTimings(command, env) {
  return execFileSync(process.execPath, [bundle, command], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
}

async function benchOn(dialect, env, execute) {
  process.stdout.write(
    `\n## ${dialect}: ${volumes.members.toLocaleString('en')} members, ${volumes.events.toLocaleString('en')} analytics events, ${volumes.files.toLocaleString('en')} files over a year\n`,
  );
  runTimings('migrate', env);
  const seedStart = performance.now();
  for (const statement of seedStatements(dialect)) {
    await execute(statement);
  }
  line('seeding', `${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const timings = JSON.parse(runTimings('time', env));
  for (const [name, { median, max }] of Object.entries(timings)) {
    line(name, `${median.toFixed(1).padStart(9)} ms  (slowest ${max.toFixed(1)} ms)`);
  }
  for (const [name, { max }] of Object.entries(timings)) {
    if (!name.startsWith('raw count') && !name.startsWith('rollup')) {
      target(`${dialect} ${name}`, max < 1000, `${max.toFixed(1)} ms < 1000 ms`);
    }
  }
}

function postgresUrl() {
  if (process.env.BENCH_DATABASE_URL) {
    return process.env.BENCH_DATABASE_URL;
  }
  try {
    return execFileSync('bash', [path.join(root, 'scripts/ensure-postgres.sh')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

const wanted = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');

await runBench(async () => {
  if (scale !== 1) {
    process.stdout.write(`BENCH_DASHBOARD_SCALE=${scale}: ${scale}x the issue's volumes\n`);
  }
  buildBundle();
  if (wanted.includes('sqlite')) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-dashboard-'));
    try {
      let db;
      await benchOn('sqlite', { BENCH_DATA_DIR: dataDir }, (statement) => {
        db ??= new Database(path.join(dataDir, 'nimbus.db'));
        db.exec(statement);
      });
      db?.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!wanted.includes('postgres')) {
    return;
  }
  const url = postgresUrl();
  if (url === undefined) {
    process.stdout.write('PostgreSQL skipped: no BENCH_DATABASE_URL and no local cluster\n');
    return;
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    await admin.query(`set search_path = ${schema}`);
    await benchOn(
      'postgres',
      { BENCH_DATABASE_URL: url, BENCH_SCHEMA: schema },
      async (statement) => {
        await admin.query(statement);
        // The planner's statistics of the table just filled (only this schema's).
        await admin.query(`analyze ${/^insert into (\w+)/.exec(statement)?.[1] ?? ''}`);
      },
    );
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
});
