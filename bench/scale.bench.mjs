// The hot paths of an internet-scale drive: PostgreSQL seeded with 10 million files of 100,000
// members (COPY, lib/scale-seed.mjs), then, through the real HTTP API of a server on it: the first
// page of a folder, a member's `about`, a share opened by a visitor, a save of a share of 1,000
// items (a folder of 999 files), an upload's commit (the POST of a 1 KiB form upload's bytes, where
// the file is stored and filed) and the trash of 1,000 files. p95 of each, and the plan
// PostgreSQL chooses for the main query of each (EXPLAIN), side by side with the same on a
// database of 100,000 files (the baseline, seeded the same way with a hundredth of the members).
// Target: every hot path < 50 ms p95 at the full size.
// `BENCH_SCALE_FILES` (10,000,000) and `BENCH_SCALE_MEMBERS` (100,000) size the big database,
// `BENCH_SCALE_BASE_FILES` (100,000) the baseline's; `BENCH_SCALE_READS` (200) and
// `BENCH_SCALE_WRITES` (20) are the timed calls of each read and write path.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  api,
  line,
  percentile,
  postForm,
  root,
  runBench,
  signUp,
  startNimbus,
  target,
} from './lib.mjs';
import { seedScale } from './lib/scale-seed.mjs';

const bigFiles = Number(process.env.BENCH_SCALE_FILES ?? 10_000_000);
const bigMembers = Number(process.env.BENCH_SCALE_MEMBERS ?? 100_000);
const baseFiles = Number(process.env.BENCH_SCALE_BASE_FILES ?? 100_000);
const reads = Number(process.env.BENCH_SCALE_READS ?? 200);
const writes = Number(process.env.BENCH_SCALE_WRITES ?? 20);
const warmUps = 2;
const targetMs = 50;

/** The PostgreSQL server to bench on (BENCH_DATABASE_URL, else the local cluster). */
function postgresUrl() {
  if (process.env.BENCH_DATABASE_URL) {
    return process.env.BENCH_DATABASE_URL;
  }
  return execFileSync('bash', [path.join(root, 'scripts/ensure-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * Times `call` `count` times after `warmUps` untimed calls; answers the times in ms (a call that
 * answers a number has timed its own part).
 */
async function timed(count, call) {
  for (let index = 0; index < warmUps; index += 1) {
    await call(index);
  }
  const times = [];
  for (let index = warmUps; index < warmUps + count; index += 1) {
    const started = process.hrtime.bigint();
    const own = await call(index);
    times.push(typeof own === 'number' ? own : Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times;
}

/** A plan in one line: each node with the index or table it reads, its children in brackets. */
function planOf(node) {
  const reads = node['Index Name'] ?? node['Relation Name'];
  const name = `${node['Node Type']}${reads ? ` ${reads}` : ''}`;
  const children = node.Plans ?? [];
  return children.length > 0 ? `${name} (${children.map(planOf).join(', ')})` : name;
}

async function explain(client, sql, values) {
  const { rows } = await client.query(`explain (format json) ${sql}`, values);
  return planOf(rows[0]['QUERY PLAN'][0].Plan);
}

/**
 * The main query of each hot path as the server runs it (the SQL its repositories send,
 * apps/server/test/app/hot-path-sql/postgres.sql has the listing's and the commit's), with the
 * values of the bench's own calls.
 */
async function plans(client, { reader, sharer, listing, shared, trash, upload }) {
  const stamp = new Date().toISOString();
  const ids = trash.ids.map((_, index) => `$${index + 3}`).join(', ');
  const page = (kind, first) =>
    `select * from (select * from files where user_id = $${first} and parent_id = $${first + 1} and kind = '${kind}' and trashed + 0 = 0 order by modified_at desc, id desc limit 101) as "${kind}"`;
  return {
    listing: await explain(
      client,
      `${page('folder', 1)} union all ${page('file', 3)} order by modified_at desc, id desc limit 101`,
      [reader.userId, listing.folderId, reader.userId, listing.folderId],
    ),
    about: await explain(
      client,
      'select live_bytes, trash_bytes from member_usage where user_id = $1',
      [reader.userId],
    ),
    open: await explain(
      client,
      `select shares.*, (select count(*) from share_items si cross join files f where si.share_id = shares.id
         and f.id = si.file_id and f.user_id = shares.user_id and +f.trashed = 0) as live_items
       from shares where shares.id = $1`,
      [shared.shareId],
    ),
    save: await explain(
      client,
      `with recursive tree(id, depth) as (
         select id, 1 from files where user_id = $1 and parent_id in ($2) and +trashed = 0
         union all
         select f.id, tree.depth + 1 from tree cross join files f
         where f.user_id = $1 and f.parent_id = tree.id and +f.trashed = 0 and tree.depth < 512)
       select count(*) as items, sum(case when files.kind = 'file' then files.size else 0 end) as bytes,
         sum(case when files.id in ($2) then 1 else 0 end) as chosen_inside
       from tree cross join files where files.id = tree.id`,
      [sharer.userId, shared.folderId],
    ),
    commit: await explain(
      client,
      `update files set phase = 'PHASE_TYPE_COMPLETE', sha256 = null, size = 1024, modified_at = $1
         where id = $2 and user_id = $3 and phase = 'PHASE_TYPE_PENDING'`,
      [stamp, upload.fileId, reader.userId],
    ),
    trash: await explain(
      client,
      `update files set trashed = 1, trashed_at = $1 where user_id = $2 and id in (${ids})`,
      [stamp, reader.userId, ...trash.ids],
    ),
  };
}

/** One database of `files` files of `members` members: seeded, its hot paths timed, its plans. */
async function measureAt(url, files, members) {
  const schema = `bench_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  withSchema.searchParams.set('application_name', schema);
  // The reader keeps every save of the share: room for them all.
  const nimbus = await startNimbus({
    DATABASE_URL: withSchema.toString(),
    PLAN_FREE_STORAGE_BYTES: String(2 ** 50),
  });
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const reader = await signUp(nimbus);
    const sharer = await signUp(nimbus);
    const folder = (userId, name, count) => ({
      userId,
      folderId: randomBytes(12).toString('base64url'),
      name,
      count,
      ids: [],
    });
    const listing = folder(reader.userId, 'listing', 1000);
    const trashed = Array.from({ length: warmUps + writes }, (_, index) =>
      folder(reader.userId, `trash ${index}`, 1000),
    );
    const sharedFolder = folder(sharer.userId, 'shared', 999);
    const seeded = Date.now();
    const written = await seedScale(client, {
      url,
      schema,
      members,
      files,
      own: [listing, sharedFolder, ...trashed],
    });
    process.stdout.write(
      `seeded ${written} files of ${members} members (COPY, indexes, vacuum analyze) in ${seconds(seeded)}\n`,
    );
    const made = await api(nimbus, sharer, 'POST', '/drive/v1/share', {
      file_ids: [sharedFolder.folderId],
      pass_code_option: 'NOT_REQUIRED',
    });
    const shared = { shareId: made.share_id, folderId: sharedFolder.folderId };
    const visitor = { headers: {} };
    const openShare = async () => {
      const opened = await api(
        nimbus,
        visitor,
        'GET',
        `/drive/v1/share?share_id=${shared.shareId}`,
      );
      if (opened.share_status !== 'OK') {
        throw new Error(`the share answered ${opened.share_status}`);
      }
      return opened;
    };
    const token = (await openShare()).pass_code_token;
    let upload = { fileId: '' };
    const times = {
      listing: await timed(reads, () =>
        api(nimbus, reader, 'GET', `/drive/v1/files?parent_id=${listing.folderId}&limit=100`),
      ),
      about: await timed(reads, () => api(nimbus, reader, 'GET', '/drive/v1/about')),
      open: await timed(reads, openShare),
      save: await timed(writes, async () => {
        const saved = await api(nimbus, reader, 'POST', '/drive/v1/share/restore', {
          share_id: shared.shareId,
          pass_code_token: token,
        });
        if (saved.restore_status !== 'RESTORE_COMPLETE') {
          throw new Error(`the save answered ${JSON.stringify(saved).slice(0, 300)}`);
        }
      }),
      commit: await timed(writes, async (index) => {
        const created = await api(nimbus, reader, 'POST', '/drive/v1/files', {
          kind: 'drive#file',
          name: `upload ${index}.bin`,
          parent_id: '',
          size: '1024',
          upload_type: 'UPLOAD_TYPE_FORM',
        });
        upload = { fileId: created.file.id };
        // Only the POST of the bytes is timed: the create is not part of the commit.
        const started = process.hrtime.bigint();
        await postForm(
          new URL(created.form.url, nimbus.origin).href,
          created.form.multi_parts ?? {},
          randomBytes(1024),
          `upload ${index}.bin`,
          reader.headers,
        );
        return Number(process.hrtime.bigint() - started) / 1e6;
      }),
      trash: await timed(writes, (index) =>
        api(nimbus, reader, 'POST', '/drive/v1/files:batchTrash', { ids: trashed[index].ids }),
      ),
    };
    const planned = await plans(client, {
      reader,
      sharer,
      listing,
      shared,
      trash: trashed[0],
      upload,
    });
    // Every figure is wall time: on a busy machine it grows with the load, not with the database.
    const load = os.loadavg()[0].toFixed(1);
    process.stdout.write(`machine load (1-minute average, ${os.cpus().length} CPUs): ${load}\n`);
    return { files: written, times, plans: planned };
  } finally {
    await client.end();
    await nimbus.stop();
    if (process.env.BENCH_KEEP_DATA === '1') {
      process.stdout.write(`kept the PostgreSQL schema ${schema}\n`);
    } else {
      await admin.query(`drop schema ${schema} cascade`);
    }
    await admin.end();
  }
}

const paths = {
  listing: 'first page (100) of a folder of 1,000 files',
  about: "a member's about",
  open: 'a share opened by a visitor',
  save: 'save of a share of 1,000 items',
  commit: "an upload's commit (1 KiB form POST)",
  trash: 'trash of 1,000 files',
};

await runBench(async () => {
  const url = postgresUrl();
  const baseMembers = Math.max(10, Math.round((bigMembers * baseFiles) / bigFiles));
  const base = await measureAt(url, baseFiles, baseMembers);
  const big = await measureAt(url, bigFiles, bigMembers);
  const count = (n) => n.toLocaleString('en-US');
  process.stdout.write(`\np95 at ${count(base.files)} files | at ${count(big.files)} files\n`);
  for (const [key, name] of Object.entries(paths)) {
    const small = percentile(base.times[key], 95);
    const large = percentile(big.times[key], 95);
    line(
      `${name}`,
      `${small.toFixed(1).padStart(7)} ms | ${large.toFixed(1).padStart(7)} ms`,
      large / small,
    );
    process.stdout.write(`    plan at ${count(big.files)}: ${big.plans[key]}\n`);
    if (base.plans[key] !== big.plans[key]) {
      process.stdout.write(`    plan at ${count(base.files)}: ${base.plans[key]}\n`);
    }
  }
  for (const [key, name] of Object.entries(paths)) {
    const large = percentile(big.times[key], 95);
    target(
      `${name} < ${targetMs} ms p95 at ${count(big.files)} files`,
      large < targetMs,
      `${large.toFixed(1)} ms`,
    );
  }
});
