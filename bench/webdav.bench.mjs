// `npm run bench -- webdav`: Debian's rclone as a WebDAV client of `/dav/` (docs/api.md#webdav).
// `rclone copy` of a tree of 1,000 small files (nested folders, names in several scripts) up, then
// of one large file up and back down, in files/s and MiB/s. The baseline, in the same run with the
// same client and files, is `rclone serve webdav` over a local folder (a fast peer server: the
// cost of WebDAV and the disk alone); `dd conv=fsync` prints what the disk writes on its own.
// Then, with a plain HTTP client: a PROPFIND Depth 1 of a folder of 100,000 entries (time to the
// last byte, and the server's peak RSS growth, which must stay under 64 MiB: the answer streams),
// against the same PROPFIND of `rclone serve webdav`; and 1,000 one-KiB PUTs, four at a time,
// against the same PUTs to `rclone serve webdav` and against Nimbus's own form uploads (create,
// then the multipart POST) of the same files.
// `BENCH_DAV_FILES` changes the 1,000, `BENCH_DAV_LISTING_FILES` the 100,000, `BENCH_SIZE_MIB`
// the large file (1 GiB by default), `BENCH_RUNS` the PROPFIND runs whose median is printed (3).
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import {
  api,
  benchSizeBytes,
  freePort,
  line,
  mibps,
  median,
  NotMeasured,
  postForm,
  rssWatch,
  runBench,
  seedFolder,
  signUp,
  startNimbus,
  target,
  tempDir,
  timedConcurrently,
  writeRandomFile,
} from './lib.mjs';

const run = promisify(execFile);
const count = Number(process.env.BENCH_DAV_FILES ?? 1000);
const largeSize = benchSizeBytes();
const listingCount = Number(process.env.BENCH_DAV_LISTING_FILES ?? 100_000);
const propfindRuns = Number(process.env.BENCH_RUNS ?? 3);
const smallSize = 1024;
const folders = ['', 'Документы', 'Документы/写真 2024', 'música', 'música/ελληνικά', 'عربى'];

/** The small tree: `count` files of 1 to 4 KiB spread over nested folders. */
function makeTree(dir) {
  for (let index = 0; index < count; index += 1) {
    const folder = path.join(dir, folders[index % folders.length]);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, `fichier-${index}-ファイル.txt`),
      randomBytes(1024 * (1 + (index % 4))),
    );
  }
}

/** `rclone serve webdav` over a folder, answering on a free port. */
async function startPeer(dir) {
  const port = await freePort();
  const child = spawn('rclone', ['serve', 'webdav', dir, '-q', '--addr', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      throw new Error('rclone serve webdav did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** An rclone run against a WebDAV server; seconds taken. */
async function timedRclone(env, ...args) {
  const started = process.hrtime.bigint();
  await run('rclone', [...args, '--transfers', '4', '--checkers', '8', '--retries', '1'], {
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The three figures through one server: small files up, the large file up and down. */
async function measure(env, work, label) {
  const small = await timedRclone(env, 'copy', path.join(work, 'tree'), `:webdav:${label}/tree`);
  const up = await timedRclone(env, 'copy', path.join(work, 'large'), `:webdav:${label}/large`);
  const back = path.join(work, `back-${label}`);
  const down = await timedRclone(env, 'copy', `:webdav:${label}/large`, back);
  if (fs.statSync(path.join(back, 'large.bin')).size !== largeSize) {
    throw new Error(`${label}: the large file came back with another size`);
  }
  fs.rmSync(back, { recursive: true, force: true });
  return { small: count / small, up: largeSize / up, down: largeSize / down };
}

const perSecond = (rate) => `${rate.toFixed(0).padStart(6)} files/s`;

const propfindBody =
  '<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getcontentlength/><D:getlastmodified/><D:getetag/><D:getcontenttype/></D:prop></D:propfind>';

/**
 * PROPFIND Depth 1 of a folder of `entries` entries, read to its last byte `propfindRuns` times:
 * the median seconds, and the server's largest peak RSS growth over the runs (MiB).
 */
async function timedPropfind(url, headers, entries, pid) {
  const seconds = [];
  let growth = 0;
  for (let run = 0; run < propfindRuns; run += 1) {
    const watch = rssWatch(pid);
    watch.start();
    const started = process.hrtime.bigint();
    const response = await fetch(url, {
      method: 'PROPFIND',
      headers: { ...headers, depth: '1', 'content-type': 'application/xml; charset=utf-8' },
      body: propfindBody,
    });
    if (response.status !== 207) {
      throw new Error(`PROPFIND ${url} answered ${response.status}`);
    }
    // Counted as the bytes come, never held whole: the folder's own response and its entries'.
    const decoder = new TextDecoder();
    let responses = 0;
    let tail = '';
    for await (const chunk of response.body) {
      const text = tail + decoder.decode(chunk, { stream: true });
      let end = 0;
      for (const match of text.matchAll(/<(?:[A-Za-z]+:)?response[\s>]/g)) {
        responses += 1;
        end = match.index + match[0].length;
      }
      tail = text.slice(Math.max(end, text.length - 32));
    }
    seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
    growth = Math.max(growth, watch.stop().growthMiB);
    if (responses !== entries + 1) {
      throw new Error(`PROPFIND ${url} answered ${responses} responses, not ${entries + 1}`);
    }
  }
  return { seconds: median(seconds), growth };
}

/** `contents.length` PUTs of small files into `folderUrl`, four at a time: files per second. */
async function timedPuts(folderUrl, headers, contents) {
  const seconds = await timedConcurrently(
    async (index) => {
      const response = await fetch(`${folderUrl}small-${index}.bin`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: contents[index],
      });
      await response.arrayBuffer();
      if (response.status !== 201 && response.status !== 204) {
        throw new Error(`PUT ${folderUrl}small-${index}.bin answered ${response.status}`);
      }
    },
    contents.length,
    4,
  );
  return contents.length / seconds;
}

/** The same files through Nimbus's form uploads (create, then the multipart POST): files/s. */
async function timedFormUploads(nimbus, member, contents) {
  const folder = await api(nimbus, member, 'POST', '/drive/v1/files', {
    kind: 'drive#folder',
    name: 'form',
    parent_id: '',
  });
  const seconds = await timedConcurrently(
    async (index) => {
      const name = `small-${index}.bin`;
      const { form } = await api(nimbus, member, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        name,
        parent_id: folder.file.id,
        size: String(contents[index].length),
        upload_type: 'UPLOAD_TYPE_FORM',
      });
      await postForm(
        new URL(form.url, nimbus.origin).href,
        form.multi_parts ?? {},
        contents[index],
        name,
        member.headers,
      );
    },
    contents.length,
    4,
  );
  return contents.length / seconds;
}

/** The big folder of the peer server: `listingCount` small files on disk. */
function makeListingFolder(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const bytes = Buffer.from('a file seeded by a Nimbus benchmark\n');
  for (let index = 0; index < listingCount; index += 1) {
    fs.writeFileSync(path.join(dir, `file ${String(index).padStart(6, '0')}.txt`), bytes);
  }
}

const listingFigure = (result) =>
  `${result.seconds.toFixed(2).padStart(6)} s (${(listingCount / result.seconds).toFixed(0)} entries/s), RSS +${result.growth.toFixed(1)} MiB`;

await runBench(async () => {
  if (spawnSync('rclone', ['version']).status !== 0) {
    throw new NotMeasured('rclone is not installed (apt-get install rclone)');
  }
  const work = tempDir('nimbus-bench-dav-');
  makeTree(path.join(work, 'tree'));
  fs.mkdirSync(path.join(work, 'large'));
  writeRandomFile(path.join(work, 'large', 'large.bin'), largeSize);
  const size = `${Math.round(largeSize / 1024 / 1024)} MiB`;

  const disk = path.join(work, 'dd.bin');
  const ddStarted = process.hrtime.bigint();
  await run('dd', [
    'if=/dev/zero',
    `of=${disk}`,
    'bs=1M',
    `count=${Math.round(largeSize / 1024 / 1024)}`,
    'conv=fsync',
  ]);
  const ddRate = largeSize / (Number(process.hrtime.bigint() - ddStarted) / 1e9);
  fs.rmSync(disk);
  line(`dd conv=fsync, ${size} (the disk alone)`, mibps(ddRate));

  const contents = Array.from({ length: count }, () => randomBytes(smallSize));
  const peerDir = path.join(work, 'peer');
  fs.mkdirSync(path.join(peerDir, 'puts'), { recursive: true });
  makeListingFolder(path.join(peerDir, 'big'));
  const peer = await startPeer(peerDir);
  let baseline;
  try {
    baseline = await measure(
      { RCLONE_WEBDAV_URL: peer.url, RCLONE_WEBDAV_VENDOR: 'other' },
      work,
      'peer',
    );
    baseline.listing = await timedPropfind(`${peer.url}big/`, {}, listingCount, peer.pid);
    baseline.puts = await timedPuts(`${peer.url}puts/`, {}, contents);
  } finally {
    await peer.stop();
  }
  fs.rmSync(peerDir, { recursive: true, force: true });

  const nimbus = await startNimbus({ PLAN_FREE_STORAGE_BYTES: String(64 * 1024 ** 3) });
  let figures;
  try {
    const email = `bench-dav-${randomBytes(4).toString('hex')}@example.com`;
    const member = await signUp(nimbus, email);
    const created = await api(nimbus, member, 'POST', '/v1/user/app-passwords', {
      name: 'rclone',
      scope: 'write',
    });
    const obscured = (await run('rclone', ['obscure', created.password])).stdout.trim();
    figures = await measure(
      {
        RCLONE_WEBDAV_URL: `${nimbus.origin}/dav/`,
        RCLONE_WEBDAV_VENDOR: 'owncloud',
        RCLONE_WEBDAV_USER: email,
        RCLONE_WEBDAV_PASS: obscured,
      },
      work,
      'nimbus',
    );

    const basic = {
      authorization: `Basic ${Buffer.from(`${email}:${created.password}`).toString('base64')}`,
    };
    const big = await api(nimbus, member, 'POST', '/drive/v1/files', {
      kind: 'drive#folder',
      name: 'big',
      parent_id: '',
    });
    await seedFolder(nimbus, member.userId, big.file.id, listingCount);
    figures.listing = await timedPropfind(
      `${nimbus.origin}/dav/big/`,
      basic,
      listingCount,
      nimbus.pid,
    );
    const mkcol = await fetch(`${nimbus.origin}/dav/puts/`, { method: 'MKCOL', headers: basic });
    if (mkcol.status !== 201) {
      throw new Error(`MKCOL /dav/puts/ answered ${mkcol.status}`);
    }
    figures.puts = await timedPuts(`${nimbus.origin}/dav/puts/`, basic, contents);
    figures.form = await timedFormUploads(nimbus, member, contents);
  } finally {
    await nimbus.stop();
  }

  line(
    `rclone copy ${count} small files, rclone serve webdav (baseline)`,
    perSecond(baseline.small),
  );
  line(
    `rclone copy ${count} small files, Nimbus /dav/`,
    perSecond(figures.small),
    figures.small / baseline.small,
  );
  line(`rclone copy ${size} up, rclone serve webdav (baseline)`, mibps(baseline.up));
  line(`rclone copy ${size} up, Nimbus /dav/`, mibps(figures.up), figures.up / baseline.up);
  line(
    `rclone copy ${size} up, Nimbus /dav/ vs dd conv=fsync`,
    mibps(figures.up),
    figures.up / ddRate,
  );
  line(`rclone copy ${size} down, rclone serve webdav (baseline)`, mibps(baseline.down));
  line(`rclone copy ${size} down, Nimbus /dav/`, mibps(figures.down), figures.down / baseline.down);

  line(
    `PROPFIND Depth 1, ${listingCount} entries, rclone serve webdav (baseline)`,
    listingFigure(baseline.listing),
  );
  line(
    `PROPFIND Depth 1, ${listingCount} entries, Nimbus /dav/`,
    listingFigure(figures.listing),
    baseline.listing.seconds / figures.listing.seconds,
  );
  target(
    `PROPFIND Depth 1 of ${listingCount} entries streams: server RSS growth < 64 MiB`,
    figures.listing.growth < 64,
    `+${figures.listing.growth.toFixed(1)} MiB`,
  );
  line(`${count} PUTs of 1 KiB, rclone serve webdav (baseline)`, perSecond(baseline.puts));
  line(
    `${count} PUTs of 1 KiB, Nimbus /dav/`,
    perSecond(figures.puts),
    figures.puts / baseline.puts,
  );
  line(`${count} form uploads of 1 KiB, Nimbus (baseline)`, perSecond(figures.form));
  line(
    `${count} PUTs of 1 KiB, Nimbus /dav/ vs its form uploads`,
    perSecond(figures.puts),
    figures.puts / figures.form,
  );
});
