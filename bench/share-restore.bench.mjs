// Saving a share of 10,000 files (nested folders) into another member's drive through the real
// HTTP API: `POST /drive/v1/share/restore` with a pass-code token, timed from request to answer,
// and the bytes the blob store gained meanwhile (the targets: at most 1 s, 0 bytes). The
// baseline, in the same run, is the save of a share of 100 files: the cost of the call itself.
// Each figure is the median of three saves, each by a new member. `BENCH_RESTORE_FILES` changes
// the 10,000 (files are spread over 10 x 10 folders).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { api, line, median, runBench, signUp, startNimbus, target } from './lib.mjs';

const fileCount = Number(process.env.BENCH_RESTORE_FILES ?? 10_000);
const runs = 3;

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

/**
 * Puts a tree into a folder straight into the server's SQLite database, in one transaction:
 * 10 folders of 10 folders each, the files spread over those 100, every file with a blob of its
 * own (stored on disk like the local store keeps it) so the save moves as many reference counts
 * as files.
 */
function seedTree(nimbus, userId, rootId, count) {
  const db = new Database(path.join(nimbus.dataDir, 'nimbus.db'));
  db.pragma('busy_timeout = 10000');
  const stamp = new Date().toISOString();
  const insertFile = db.prepare(`
    insert into files (id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type,
      file_extension, file_category, phase, starred, trashed, created_at, modified_at, params)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PHASE_TYPE_COMPLETE', 0, 0, ?, ?, '{}')`);
  const insertBlob = db.prepare(
    'insert into blobs (sha256, gcid, size, ref_count, created_at, updated_at) values (?, ?, ?, 1, ?, ?)',
  );
  const leaves = [];
  db.transaction(() => {
    for (let i = 0; i < 10; i += 1) {
      const outer = randomBytes(12).toString('base64url');
      insertFile.run(outer, userId, rootId, 'folder', `part ${i}`, `part ${i}`, 0, null, '', '', '', 'OTHER', stamp, stamp);
      for (let j = 0; j < 10; j += 1) {
        const inner = randomBytes(12).toString('base64url');
        insertFile.run(inner, userId, outer, 'folder', `day ${j}`, `day ${j}`, 0, null, '', '', '', 'OTHER', stamp, stamp);
        leaves.push(inner);
      }
    }
    for (let index = 0; index < count; index += 1) {
      const bytes = Buffer.from(`file ${index} of the share-restore benchmark ${randomBytes(8).toString('hex')}\n`);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const dir = path.join(nimbus.dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4));
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, sha256), bytes);
      const gcid = createHash('sha1').update(bytes).digest('hex').toUpperCase();
      insertBlob.run(sha256, gcid, bytes.length, stamp, stamp);
      const name = `photo ${String(index).padStart(5, '0')}.jpg`;
      insertFile.run(
        randomBytes(12).toString('base64url'),
        userId,
        leaves[index % leaves.length],
        'file',
        name,
        name,
        bytes.length,
        sha256,
        gcid,
        'image/jpeg',
        'jpg',
        'IMAGE',
        stamp,
        stamp,
      );
    }
  })();
  db.close();
}

/** Rows of a member's drive (files and folders). */
function rowsOf(nimbus, userId) {
  const db = new Database(path.join(nimbus.dataDir, 'nimbus.db'), { readonly: true });
  const { n } = db.prepare('select count(*) as n from files where user_id = ?').get(userId);
  db.close();
  return n;
}

/** A shared folder of `count` files: its share id and a pass-code token. */
async function sharedTree(nimbus, owner, name, count) {
  const root = (await api(nimbus, owner, 'POST', '/drive/v1/files', { kind: 'drive#folder', name, parent_id: '' })).file;
  seedTree(nimbus, owner.userId, root.id, count);
  // A GET first: it retries once when the kept-alive socket closed while the seeding blocked.
  await api(nimbus, owner, 'GET', `/drive/v1/files?parent_id=${root.id}`);
  const made = await api(nimbus, owner, 'POST', '/drive/v1/share', { file_ids: [root.id], pass_code_option: 'REQUIRED' });
  const opened = await api(nimbus, {}, 'GET', `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: made.pass_code })}`);
  if (opened.share_status !== 'OK') {
    throw new Error(`the share answered ${opened.share_status}`);
  }
  return { shareId: made.share_id, token: opened.pass_code_token, rows: count + 111 };
}

/** Three saves of a share by three new members: the median time and the blob store's growth. */
async function measure(nimbus, shared) {
  const times = [];
  let written = 0;
  for (let run = 0; run < runs; run += 1) {
    const saver = await signUp(nimbus);
    const before = bytesUnder(path.join(nimbus.dataDir, 'blobs'));
    const started = process.hrtime.bigint();
    const answer = await api(nimbus, saver, 'POST', '/drive/v1/share/restore', { share_id: shared.shareId, pass_code_token: shared.token });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    written += bytesUnder(path.join(nimbus.dataDir, 'blobs')) - before;
    if (answer.restore_status !== 'RESTORE_COMPLETE') {
      throw new Error(`the save answered ${JSON.stringify(answer).slice(0, 300)}`);
    }
    // The saver's drive holds the tree and the "Saved from shares" folder.
    const rows = rowsOf(nimbus, saver.userId);
    if (rows !== shared.rows + 1) {
      throw new Error(`the saver has ${rows} items, expected ${shared.rows + 1}`);
    }
    times.push(elapsed);
  }
  return { ms: median(times), written };
}

await runBench(async () => {
  const nimbus = await startNimbus();
  try {
    const owner = await signUp(nimbus);
    const seeded = Date.now();
    const small = await sharedTree(nimbus, owner, 'small share', 100);
    const big = await sharedTree(nimbus, owner, 'big share', fileCount);
    process.stdout.write(`seeded ${100 + fileCount} files in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`);

    const baseline = await measure(nimbus, small);
    line('save a share of 100 files (baseline)', `${baseline.ms.toFixed(1).padStart(7)} ms  ${baseline.written} B written`);
    const result = await measure(nimbus, big);
    line(`save a share of ${fileCount} files in 111 folders`, `${result.ms.toFixed(1).padStart(7)} ms  ${result.written} B written`, result.ms / baseline.ms);
    target(`save of ${fileCount} files within 1 s`, result.ms <= 1000, `${result.ms.toFixed(1)} ms (median of ${runs})`);
    target('no byte written to the blob store', result.written === 0 && baseline.written === 0, `${result.written + baseline.written} B`);
  } finally {
    await nimbus.stop();
  }
});
