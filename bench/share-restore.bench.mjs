// Saving a share of 10,000 files (nested folders) into another member's drive through the real
// HTTP API: `POST /drive/v1/share/restore` with a pass-code token, timed from the request until
// the save is complete, and the bytes the blob store gained meanwhile (the targets: at
// most 1 s, 0 bytes). A share this large is saved by a background `restore` task: the call
// answers `RESTORE_START` at once and the bench polls `GET /drive/v1/tasks/{id}` every 20 ms until the task
// is `PHASE_TYPE_COMPLETE` (the answer's own time is printed too). The baseline, in the same run,
// is the save of a share of 100 files (saved within the call): the cost of the call itself.
// Each figure is the median of three saves, each by a new member. It runs on SQLite, then on
// PostgreSQL (`BENCH_DATABASE_URL`, else the local cluster `scripts/ensure-postgres.sh` starts;
// skipped with a note when there is none), each server on a fresh database.
// `BENCH_RESTORE_FILES` changes the 10,000 (files are spread over 10 x 10 folders);
// `BENCH_DIALECTS` (`sqlite,postgres`) picks the databases.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { api, line, median, root, runBench, signUp, startNimbus, target } from './lib.mjs';

const fileCount = Number(process.env.BENCH_RESTORE_FILES ?? 10_000);
const runs = 3;
/** How often the task is polled: often enough to time a save to 1 s, rarely enough not to load the server. */
const pollMs = 20;

/** CPU time a process has used, in ms (user + system, from /proc; 0 where there is none). */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Bytes of every file under a folder (the local blob store). */
function bytesUnder(dir) {
  if (!fs.existsSync(dir)) {
    return 0;
  }
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    }
  }
  return total;
}

const fileColumns =
  'id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type, file_extension, file_category, phase, starred, trashed, created_at, modified_at, params';

/**
 * The rows of a tree in a folder: 10 folders of 10 folders each, the files spread over those
 * 100, every file with a blob of its own (stored on disk like the local store keeps it) so the
 * save moves as many reference counts as files.
 */
function treeRows(nimbus, userId, rootId, count) {
  const stamp = new Date().toISOString();
  const files = [];
  const blobs = [];
  const leaves = [];
  const row = (id, parentId, kind, name, size, sha256, gcid, mime, ext, category) =>
    files.push([
      id,
      userId,
      parentId,
      kind,
      name,
      name,
      size,
      sha256,
      gcid,
      mime,
      ext,
      category,
      'PHASE_TYPE_COMPLETE',
      0,
      0,
      stamp,
      stamp,
      '{}',
    ]);
  for (let i = 0; i < 10; i += 1) {
    const outer = randomBytes(12).toString('base64url');
    row(outer, rootId, 'folder', `part ${i}`, 0, null, '', '', '', 'OTHER');
    for (let j = 0; j < 10; j += 1) {
      const inner = randomBytes(12).toString('base64url');
      row(inner, outer, 'folder', `day ${j}`, 0, null, '', '', '', 'OTHER');
      leaves.push(inner);
    }
  }
  for (let index = 0; index < count; index += 1) {
    const bytes = Buffer.from(
      `file ${index} of the share-restore benchmark ${randomBytes(8).toString('hex')}\n`,
    );
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const dir = path.join(nimbus.dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, sha256), bytes);
    const gcid = createHash('sha1').update(bytes).digest('hex').toUpperCase();
    blobs.push([sha256, gcid, bytes.length, 1, stamp, stamp]);
    const name = `photo ${String(index).padStart(5, '0')}.jpg`;
    row(
      randomBytes(12).toString('base64url'),
      leaves[index % leaves.length],
      'file',
      name,
      bytes.length,
      sha256,
      gcid,
      'image/jpeg',
      'jpg',
      'IMAGE',
    );
  }
  return { files, blobs };
}

/** The server's database as the bench reaches it: SQLite in `DATA_DIR`, or a PostgreSQL schema. */
function sqliteStore(nimbus) {
  const file = path.join(nimbus.dataDir, 'nimbus.db');
  return {
    async seed({ files, blobs }) {
      const db = new Database(file);
      db.pragma('busy_timeout = 10000');
      const insertFile = db.prepare(
        `insert into files (${fileColumns}) values (${fileColumns
          .split(',')
          .map(() => '?')
          .join(', ')})`,
      );
      const insertBlob = db.prepare(
        'insert into blobs (sha256, gcid, size, ref_count, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
      );
      db.transaction(() => {
        blobs.forEach((values) => insertBlob.run(...values));
        files.forEach((values) => insertFile.run(...values));
      })();
      db.close();
    },
    async rowsOf(userId) {
      const db = new Database(file, { readonly: true });
      const { n } = db.prepare('select count(*) as n from files where user_id = ?').get(userId);
      db.close();
      return n;
    },
    /** SQLite works inside the server process: its CPU is the server's. */
    async databaseCpuMs() {
      return 0;
    },
    async close() {},
  };
}

function postgresStore(url, schema, applicationName) {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  const connected = client.connect();
  const insertMany = async (table, columns, rows) => {
    const width = columns.split(',').length;
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const values = chunk
        .map(
          (_, r) =>
            `(${Array.from({ length: width }, (__, c) => `$${r * width + c + 1}`).join(', ')})`,
        )
        .join(', ');
      await client.query(`insert into ${table} (${columns}) values ${values}`, chunk.flat());
    }
  };
  return {
    async seed({ files, blobs }) {
      await connected;
      await client.query('begin');
      await insertMany('blobs', 'sha256, gcid, size, ref_count, created_at, updated_at', blobs);
      await insertMany('files', fileColumns, files);
      await client.query('commit');
      await client.query('analyze files');
    },
    /** CPU time of the server's database sessions (found by their application name), from /proc. */
    async databaseCpuMs() {
      await connected;
      const { rows } = await client.query(
        'select pid from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      return rows.reduce((sum, row) => sum + cpuMsOf(row.pid), 0);
    },
    async rowsOf(userId) {
      await connected;
      return Number(
        (await client.query('select count(*) as n from files where user_id = $1', [userId])).rows[0]
          .n,
      );
    },
    async close() {
      await connected;
      await client.end();
    },
  };
}

/** A shared folder of `count` files: its share id and a pass-code token. */
async function sharedTree(nimbus, store, owner, name, count) {
  const folder = (
    await api(nimbus, owner, 'POST', '/drive/v1/files', {
      kind: 'drive#folder',
      name,
      parent_id: '',
    })
  ).file;
  await store.seed(treeRows(nimbus, owner.userId, folder.id, count));
  // A GET first: it retries once when the kept-alive socket closed while the seeding blocked.
  await api(nimbus, owner, 'GET', `/drive/v1/files?parent_id=${folder.id}`);
  const made = await api(nimbus, owner, 'POST', '/drive/v1/share', {
    file_ids: [folder.id],
    pass_code_option: 'REQUIRED',
  });
  const opened = await api(
    nimbus,
    {},
    'GET',
    `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: made.pass_code })}`,
  );
  if (opened.share_status !== 'OK') {
    throw new Error(`the share answered ${opened.share_status}`);
  }
  return { shareId: made.share_id, token: opened.pass_code_token, rows: count + 111 };
}

/**
 * Three saves of a share by three new members: the median time of the answer and of the whole
 * save (the same when the call saves it), and the blob store's growth.
 */
async function measure(nimbus, store, shared) {
  const answers = [];
  const times = [];
  const cpu = [];
  const databaseCpu = [];
  let written = 0;
  let status = '';
  for (let run = 0; run < runs; run += 1) {
    const saver = await signUp(nimbus);
    const before = bytesUnder(path.join(nimbus.dataDir, 'blobs'));
    const cpuBefore = cpuMsOf(nimbus.pid);
    const databaseBefore = await store.databaseCpuMs();
    const started = process.hrtime.bigint();
    const answer = await api(nimbus, saver, 'POST', '/drive/v1/share/restore', {
      share_id: shared.shareId,
      pass_code_token: shared.token,
    });
    answers.push(Number(process.hrtime.bigint() - started) / 1e6);
    status = answer.restore_status;
    if (answer.restore_status === 'RESTORE_START') {
      for (;;) {
        const task = await api(nimbus, saver, 'GET', `/drive/v1/tasks/${answer.restore_task_id}`);
        if (task.phase === 'PHASE_TYPE_COMPLETE') {
          break;
        }
        if (task.phase !== 'PHASE_TYPE_PENDING' && task.phase !== 'PHASE_TYPE_RUNNING') {
          throw new Error(`the save's task ended ${JSON.stringify(task).slice(0, 300)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } else if (answer.restore_status !== 'RESTORE_COMPLETE') {
      throw new Error(`the save answered ${JSON.stringify(answer).slice(0, 300)}`);
    }
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    cpu.push(cpuMsOf(nimbus.pid) - cpuBefore);
    databaseCpu.push((await store.databaseCpuMs()) - databaseBefore);
    written += bytesUnder(path.join(nimbus.dataDir, 'blobs')) - before;
    // The saver's drive holds the tree and the "Saved from shares" folder.
    const rows = await store.rowsOf(saver.userId);
    if (rows !== shared.rows + 1) {
      throw new Error(`the saver has ${rows} items, expected ${shared.rows + 1}`);
    }
  }
  return {
    ms: median(times),
    answerMs: median(answers),
    cpuMs: median(cpu),
    databaseCpuMs: median(databaseCpu),
    written,
    status,
  };
}

async function benchOn(dialect, env, storeOf) {
  process.stdout.write(`## ${dialect}\n`);
  const nimbus = await startNimbus(env);
  const store = storeOf(nimbus);
  try {
    const owner = await signUp(nimbus);
    const seeded = Date.now();
    const small = await sharedTree(nimbus, store, owner, 'small share', 100);
    const big = await sharedTree(nimbus, store, owner, 'big share', fileCount);
    process.stdout.write(
      `seeded ${100 + fileCount} files in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`,
    );

    const baseline = await measure(nimbus, store, small);
    line(
      `${dialect}: save a share of 100 files (baseline)`,
      `${baseline.ms.toFixed(1).padStart(7)} ms  ${baseline.written} B written`,
    );
    const result = await measure(nimbus, store, big);
    line(
      `${dialect}: answer to a save of ${fileCount} files (${result.status})`,
      `${result.answerMs.toFixed(1).padStart(7)} ms`,
    );
    line(
      `${dialect}: save a share of ${fileCount} files in 111 folders`,
      `${result.ms.toFixed(1).padStart(7)} ms  ${result.written} B written`,
      result.ms / baseline.ms,
    );
    line(
      `${dialect}: server CPU for it (${dialect === 'sqlite' ? 'with SQLite' : 'without PostgreSQL'}, with the polls)`,
      `${result.cpuMs.toFixed(0).padStart(7)} ms`,
    );
    if (dialect === 'postgres') {
      line(
        `${dialect}: CPU of the server's PostgreSQL sessions for it`,
        `${result.databaseCpuMs.toFixed(0).padStart(7)} ms`,
      );
    }
    line(
      `${dialect}: machine load (1-minute average, ${os.cpus().length} CPUs)`,
      os.loadavg()[0].toFixed(1).padStart(7),
    );
    target(
      `${dialect}: save of ${fileCount} files within 1 s`,
      result.ms <= 1000,
      `${result.ms.toFixed(1)} ms (median of ${runs}, request to task complete)`,
    );
    target(
      `${dialect}: no byte written to the blob store`,
      result.written === 0 && baseline.written === 0,
      `${result.written + baseline.written} B`,
    );
  } finally {
    await store.close();
    await nimbus.stop();
  }
}

/** The PostgreSQL server to bench on, or undefined when there is none. */
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

const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');

await runBench(async () => {
  if (dialects.includes('sqlite')) {
    await benchOn('sqlite', {}, sqliteStore);
  }
  if (!dialects.includes('postgres')) {
    return;
  }
  const url = postgresUrl();
  if (url === undefined) {
    process.stdout.write('PostgreSQL skipped: no BENCH_DATABASE_URL and no local cluster\n');
    return;
  }
  // A schema of its own, dropped afterwards: the server migrates it at start.
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    withSchema.searchParams.set('application_name', schema);
    await benchOn('postgres', { DATABASE_URL: withSchema.toString() }, () =>
      postgresStore(url, schema, schema),
    );
  } finally {
    if (process.env.BENCH_KEEP_DATA === '1') {
      process.stdout.write(`kept the PostgreSQL schema ${schema}\n`);
    } else {
      await admin.query(`drop schema ${schema} cascade`);
    }
    await admin.end();
  }
});
