// `npm run bench -- webdav`: `/dav/` (docs/api.md#webdav) beside `rclone serve webdav` (Debian's
// rclone, a fast peer server over a local folder: the cost of WebDAV and the disk alone), over
// the same files in the same run, each figure with its ratio:
// - GET of a large file with curl, against nginx serving it with `sendfile` (target >= 0.85x);
// - PUT of the same file with curl, against `dd conv=fsync` writing it (target >= 0.6x);
// - a PROPFIND Depth 1 of a folder of 100,000 entries (time to the last byte, and the server's
//   peak RSS growth, which must stay under 64 MiB: the answer streams);
// - 1,000 one-KiB PUTs, four at a time, and Nimbus's own form uploads (create, then the
//   multipart POST) of the same files;
// - `rclone copy` of a tree of 1,000 small files (nested folders, names in several scripts) up.
// `BENCH_DAV_FILES` changes the 1,000, `BENCH_DAV_LISTING_FILES` the 100,000, `BENCH_SIZE_MIB`
// the large file (1 GiB by default), `BENCH_RUNS` the GET, PUT and PROPFIND runs whose median is
// printed (3).
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import {
  api,
  benchSizeBytes,
  curlDownload,
  curlUpload,
  freePort,
  line,
  median,
  NotMeasured,
  postForm,
  rateLine,
  requireCurl,
  rssWatch,
  runBench,
  seedFolder,
  servedRandomFile,
  signUp,
  startNimbus,
  target,
  tempDir,
  timedConcurrently,
} from './lib.mjs';

const run = promisify(execFile);
const count = Number(process.env.BENCH_DAV_FILES ?? 1000);
const largeSize = benchSizeBytes();
const listingCount = Number(process.env.BENCH_DAV_LISTING_FILES ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
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

/** `rclone copy` of the small tree up through one server: files/s. */
async function copyTree(env, work, label) {
  const seconds = await timedRclone(env, 'copy', path.join(work, 'tree'), `:webdav:${label}/tree`);
  return count / seconds;
}

/** `dd` copying the large file to the disk with an fsync at the end: bytes/s. */
async function ddRate(from, to) {
  const started = process.hrtime.bigint();
  await run('dd', [`if=${from}`, `of=${to}`, 'bs=1M', 'conv=fsync', 'status=none']);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  fs.rmSync(to);
  return largeSize / seconds;
}

/**
 * The large file through one WebDAV server with curl: `runs` PUTs to `url` (each writes it
 * whole again), each after a `dd conv=fsync` of the same file; then, after one warm-up, `runs`
 * GETs of it, each after a GET of the file from nginx. Baseline and server take turns, so both
 * see the same load; bytes/s of each run, the baselines' pushed to `baselines`.
 */
async function transfers(url, file, headers, baselines) {
  const up = [];
  for (let index = 0; index < runs; index += 1) {
    baselines.dd.push(await ddRate(file, path.join(path.dirname(file), 'dd.bin')));
    up.push(largeSize / (await curlUpload(url, file, { size: largeSize, headers })));
  }
  const down = [];
  await curlDownload(url, { size: largeSize, headers });
  for (let index = 0; index < runs; index += 1) {
    const nginx = await curlDownload(baselines.nginxUrl, { size: largeSize });
    baselines.nginx.push(largeSize / nginx.curlSeconds);
    const { curlSeconds } = await curlDownload(url, { size: largeSize, headers });
    down.push(largeSize / curlSeconds);
  }
  return { up, down };
}

const perSecond = (rate) => `${rate.toFixed(0).padStart(6)} files/s`;

const propfindBody =
  '<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getcontentlength/><D:getlastmodified/><D:getetag/><D:getcontenttype/></D:prop></D:propfind>';

/**
 * PROPFIND Depth 1 of a folder of `entries` entries, read to its last byte `runs` times:
 * the median seconds, and the server's largest peak RSS growth over the runs (MiB).
 */
async function timedPropfind(url, headers, entries, pid) {
  const seconds = [];
  let growth = 0;
  for (let run = 0; run < runs; run += 1) {
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
  requireCurl('WebDAV client');
  const work = tempDir('nimbus-bench-dav-');
  makeTree(path.join(work, 'tree'));
  const size = `${Math.round(largeSize / 1024 / 1024)} MiB`;
  // The large file, served by nginx with sendfile: the GET baseline, and what every PUT sends.
  const {
    file: large,
    url: nginxUrl,
    nginx,
  } = await servedRandomFile('nimbus-bench-dav-', largeSize);
  // Stopped at exit with the bench's other temp folders.
  process.once('exit', () => void nginx.stop());
  const baselines = { nginxUrl, nginx: [], dd: [] };
  await curlDownload(nginxUrl, { size: largeSize });

  const contents = Array.from({ length: count }, () => randomBytes(smallSize));
  const peerDir = path.join(work, 'peer');
  fs.mkdirSync(path.join(peerDir, 'puts'), { recursive: true });
  fs.mkdirSync(path.join(peerDir, 'large'));
  makeListingFolder(path.join(peerDir, 'big'));
  const peer = await startPeer(peerDir);
  const baseline = {};
  try {
    Object.assign(baseline, await transfers(`${peer.url}large/large.bin`, large, {}, baselines));
    baseline.listing = await timedPropfind(`${peer.url}big/`, {}, listingCount, peer.pid);
    baseline.puts = await timedPuts(`${peer.url}puts/`, {}, contents);
    baseline.small = await copyTree(
      { RCLONE_WEBDAV_URL: peer.url, RCLONE_WEBDAV_VENDOR: 'other' },
      work,
      'peer',
    );
  } finally {
    await peer.stop();
  }
  fs.rmSync(peerDir, { recursive: true, force: true });

  const nimbus = await startNimbus({ PLAN_FREE_STORAGE_BYTES: String(64 * 1024 ** 3) });
  const figures = {};
  try {
    const email = `bench-dav-${randomBytes(4).toString('hex')}@example.com`;
    const member = await signUp(nimbus, email);
    const created = await api(nimbus, member, 'POST', '/v1/user/app-passwords', {
      name: 'rclone',
      scope: 'write',
    });
    const basic = {
      authorization: `Basic ${Buffer.from(`${email}:${created.password}`).toString('base64')}`,
    };
    for (const folder of ['large', 'puts']) {
      const mkcol = await fetch(`${nimbus.origin}/dav/${folder}/`, {
        method: 'MKCOL',
        headers: basic,
      });
      if (mkcol.status !== 201) {
        throw new Error(`MKCOL /dav/${folder}/ answered ${mkcol.status}`);
      }
    }
    Object.assign(
      figures,
      await transfers(`${nimbus.origin}/dav/large/large.bin`, large, basic, baselines),
    );

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
    figures.puts = await timedPuts(`${nimbus.origin}/dav/puts/`, basic, contents);
    figures.form = await timedFormUploads(nimbus, member, contents);
    const obscured = (await run('rclone', ['obscure', created.password])).stdout.trim();
    figures.small = await copyTree(
      {
        RCLONE_WEBDAV_URL: `${nimbus.origin}/dav/`,
        RCLONE_WEBDAV_VENDOR: 'owncloud',
        RCLONE_WEBDAV_USER: email,
        RCLONE_WEBDAV_PASS: obscured,
      },
      work,
      'nimbus',
    );
  } finally {
    await nimbus.stop();
    await nginx.stop();
  }

  const nginxRate = rateLine(`GET ${size}, nginx sendfile (baseline)`, baselines.nginx);
  const nimbusGet = rateLine(`GET ${size}, Nimbus /dav/`, figures.down, nginxRate);
  rateLine(`GET ${size}, rclone serve webdav`, baseline.down, nginxRate);
  target(
    `GET ${size} through /dav/ >= 0.85x nginx`,
    nimbusGet / nginxRate >= 0.85,
    `${(nimbusGet / nginxRate).toFixed(2)}x`,
  );
  const ddBaseline = rateLine(`PUT ${size}, dd conv=fsync (baseline)`, baselines.dd);
  const nimbusPut = rateLine(`PUT ${size}, Nimbus /dav/`, figures.up, ddBaseline);
  rateLine(`PUT ${size}, rclone serve webdav (no fsync)`, baseline.up, ddBaseline);
  target(
    `PUT ${size} through /dav/ >= 0.6x dd conv=fsync`,
    nimbusPut / ddBaseline >= 0.6,
    `${(nimbusPut / ddBaseline).toFixed(2)}x`,
  );

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

  line(
    `rclone copy ${count} small files, rclone serve webdav (baseline)`,
    perSecond(baseline.small),
  );
  line(
    `rclone copy ${count} small files, Nimbus /dav/`,
    perSecond(figures.small),
    figures.small / baseline.small,
  );
  line(
    'machine load (1, 5, 15 min) at the end',
    fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  );
});
