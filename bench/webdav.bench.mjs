// `npm run bench -- webdav`: Debian's rclone as a WebDAV client of `/dav/` (docs/api.md#webdav).
// `rclone copy` of a tree of 1,000 small files (nested folders, names in several scripts) up, then
// of one large file up and back down, in files/s and MiB/s. The baseline, in the same run with the
// same client and files, is `rclone serve webdav` over a local folder (a fast peer server: the
// cost of WebDAV and the disk alone); `dd conv=fsync` prints what the disk writes on its own.
// `BENCH_DAV_FILES` changes the 1,000, `BENCH_SIZE_MIB` the large file (1 GiB by default).
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
  NotMeasured,
  runBench,
  signUp,
  startNimbus,
  tempDir,
  writeRandomFile,
} from './lib.mjs';

const run = promisify(execFile);
const count = Number(process.env.BENCH_DAV_FILES ?? 1000);
const largeSize = benchSizeBytes();
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

  const peerDir = path.join(work, 'peer');
  fs.mkdirSync(peerDir);
  const peer = await startPeer(peerDir);
  let baseline;
  try {
    baseline = await measure(
      { RCLONE_WEBDAV_URL: peer.url, RCLONE_WEBDAV_VENDOR: 'other' },
      work,
      'peer',
    );
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
});
