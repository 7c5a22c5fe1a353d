// Shared pieces of the benchmarks: servers in child processes, a signed-in member, peak memory
// of a process, files of random bytes, percentiles, and load from autocannon.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts a process and waits until `readyPath` answers 200; returns it with a stop(). */
export async function startProcess({ args, env = {}, port, readyPath }) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}${readyPath}`, child);
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Debian's nginx binary, installed with apt-get when missing and the bench runs as root. */
export function nginxBinary() {
  const known = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
  if (known) {
    return known;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      'nginx is not installed: apt-get install -y nginx (as root), then run the bench again',
    );
  }
  process.stdout.write('installing nginx (apt-get install nginx)\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'nginx'],
    { stdio: 'inherit', env },
  );
  if (install.status !== 0 || !fs.existsSync('/usr/sbin/nginx')) {
    throw new Error('apt-get install nginx failed');
  }
  return '/usr/sbin/nginx';
}

/**
 * nginx in the foreground, as the current user (one process, no daemon, no privilege change),
 * with a config of its own in a temp folder: `sendfile on` serving `root` on a free port.
 */
export async function startNginx(root) {
  const binary = nginxBinary();
  const prefix = tempDir('nimbus-bench-nginx-');
  const port = await freePort();
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    `daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { application/octet-stream bin; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn(binary, ['-c', config, '-p', prefix, '-e', `${prefix}/error.log`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `nginx exited with ${child.exitCode}: ${fs.readFileSync(`${prefix}/error.log`, 'utf8')}`,
      );
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).status < 500) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error('nginx did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', resolve);
        child.kill('SIGQUIT');
      }),
  };
}

/** A bytes-per-second figure as MiB/s, padded for the result table. */
export const mibps = (bytesPerSecond) =>
  `${(bytesPerSecond / 1024 / 1024).toFixed(0).padStart(6)} MiB/s`;

/** Prints the median of several runs' rates, with the best run and the ratio to a baseline. */
export function rateLine(name, rates, baselineRate) {
  const rate = median(rates);
  line(
    name,
    `${mibps(rate)}  (median of ${rates.length}, best ${mibps(Math.max(...rates)).trim()})`,
    baselineRate === undefined ? undefined : rate / baselineRate,
  );
  return rate;
}

/** Fails the bench early when curl, the download client of the baselines, is missing. */
export function requireCurl(role) {
  if (spawnSync('curl', ['--version']).status !== 0) {
    throw new Error(`curl is needed as the ${role} (apt-get install -y curl)`);
  }
}

/**
 * One GET of `url` with curl into `out` (default /dev/null, so this process's RSS sampling is
 * not blocked), expecting a 200 of `size` bytes. `durable` runs `sync <out>` before the clock
 * stops; a real `out` is removed after. Answers curl's own `time_total` and the wall time from
 * spawn to exit (the sync included), in seconds.
 */
export function curlDownload(url, { size, out = '/dev/null', durable = false }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const curl = spawn('curl', [
      '-sS',
      '-o',
      out,
      '-w',
      '%{http_code} %{size_download} %{time_total}',
      url,
    ]);
    let text = '';
    let err = '';
    curl.stdout.on('data', (chunk) => (text += chunk));
    curl.stderr.on('data', (chunk) => (err += chunk));
    curl.on('error', reject);
    curl.on('close', (code) => {
      if (durable) {
        spawnSync('sync', [out]);
      }
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const [status, bytes, curlSeconds] = text.trim().split(' ');
      if (out !== '/dev/null') {
        fs.rmSync(out, { force: true });
      }
      if (code !== 0 || status !== '200' || Number(bytes) !== size) {
        reject(
          new Error(`GET ${url}: curl ${code}, HTTP ${status}, ${bytes} of ${size} bytes ${err}`),
        );
      } else {
        resolve({ curlSeconds: Number(curlSeconds), wallSeconds });
      }
    });
  });
}

/**
 * A file of `size` random bytes in a temp folder served by nginx as `/big.bin`; answers its
 * path, digest (SHA-256, GCID, size), URL and the nginx to stop.
 */
export async function servedRandomFile(prefix, size) {
  const dir = tempDir(prefix);
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, 'big.bin');
  writeRandomFile(file, size);
  const digest = await hashFile(file);
  const nginx = await startNginx(dir);
  return { file, digest, url: nginx.url('big.bin'), nginx };
}

let built = false;

/**
 * Bundles the server from the current sources, once per bench process (esbuild takes well under
 * a second), so a bench never measures a stale `dist/main.js`. `BENCH_NO_BUILD=1` skips it.
 */
function buildServer() {
  if (built || process.env.BENCH_NO_BUILD === '1') {
    return;
  }
  const result = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error('the server build failed');
  }
  built = true;
}

/**
 * Starts the built Nimbus server (API only) on a fresh SQLite database in a temp `DATA_DIR`;
 * returns its port, origin, data folder, process id and a stop().
 */
export async function startNimbus(extraEnv = {}) {
  buildServer();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-'));
  const server = await startProcess({
    // BENCH_NODE_ARGS: options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    args: [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      'apps/server/dist/main.js',
    ],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BLOB_STORE: 'local',
      WEB: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      ...extraEnv,
    },
    port,
    readyPath: '/readyz',
  });
  return {
    port,
    origin,
    dataDir,
    pid: server.child.pid,
    stop: async () => {
      await server.stop();
      if (process.env.BENCH_KEEP_DATA === '1') {
        process.stdout.write(`kept the server's data in ${dataDir}\n`);
      } else {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

async function postJson(url, body, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  }
  return JSON.parse(text);
}

/**
 * Signs a new member up the way a person does (docs/api.md#user-service): asks for a code, reads it from the
 * mail the server wrote to `DATA_DIR/outbox` (no SMTP configured), trades it for a verification
 * token and signs up. Returns the member's id, access token and the headers that carry it.
 */
export async function signUp(
  nimbus,
  email = `bench-${randomBytes(4).toString('hex')}@example.com`,
) {
  const base = nimbus.origin;
  const { verification_id: verificationId } = await postJson(`${base}/v1/auth/verification`, {
    email,
    target: 'ANY',
    usage: 'REGISTER',
    client_id: 'tv',
    locale: 'en-US',
  });
  const outbox = path.join(nimbus.dataDir, 'outbox');
  let code;
  for (let attempt = 0; attempt < 100 && code === undefined; attempt += 1) {
    const files = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml'))
      : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      if (text.includes(`To: ${email}`)) {
        code = /^Subject: (\d{6}) /m.exec(text)?.[1];
      }
    }
    if (code === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (code === undefined) {
    throw new Error(`no verification mail to ${email} in ${outbox}`);
  }
  const { verification_token: verificationToken } = await postJson(
    `${base}/v1/auth/verification/verify`,
    {
      verification_id: verificationId,
      verification_code: code,
      client_id: 'tv',
    },
  );
  const token = await postJson(`${base}/v1/auth/signup`, {
    email,
    password: 'Bench-password-1',
    verification_token: verificationToken,
    client_id: 'tv',
  });
  return {
    userId: token.sub,
    accessToken: token.access_token,
    headers: { authorization: `Bearer ${token.access_token}`, 'x-client-id': 'tv' },
  };
}

/**
 * fetch, retried once when a kept-alive connection turns out closed: a bench that blocked its
 * event loop (seeding a database synchronously) may hold a socket the server has since closed.
 */
export async function fetchRetrying(url, init = {}) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof TypeError && error.cause?.code === 'UND_ERR_SOCKET') {
      return fetch(url, init);
    }
    throw error;
  }
}

/** A non-2xx answer of the API. */
export class ApiError extends Error {
  constructor(method, pathAndQuery, status, text) {
    super(`${method} ${pathAndQuery} answered ${status}: ${text.slice(0, 500)}`);
    this.status = status;
  }
}

/** A JSON call to the API with a member's headers; throws an ApiError on any non-2xx answer. */
export async function api(nimbus, member, method, pathAndQuery, body) {
  const call = method === 'GET' ? fetchRetrying : fetch;
  const response = await call(`${nimbus.origin}${pathAndQuery}`, {
    method,
    headers: {
      ...member.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(method, pathAndQuery, response.status, text);
  }
  return text === '' ? {} : JSON.parse(text);
}

/** Bytes the big benches move: `BENCH_SIZE_MIB` (default 1024, the issue's 1 GiB). */
export function benchSizeBytes() {
  const mib = Number(process.env.BENCH_SIZE_MIB ?? 1024);
  if (!Number.isFinite(mib) || mib <= 0) {
    throw new Error(
      `BENCH_SIZE_MIB must be a positive number of MiB, not ${process.env.BENCH_SIZE_MIB}`,
    );
  }
  return Math.round(mib * 1024 * 1024);
}

/** A temp folder removed at exit. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `size` random bytes to `file` (1 MiB at a time); returns its SHA-256. */
export function writeRandomFile(file, size) {
  const chunk = Buffer.alloc(1024 * 1024);
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'w', 0o644);
  try {
    for (let written = 0; written < size;) {
      const part = chunk.subarray(0, Math.min(chunk.length, size - written));
      randomFillSync(part);
      fs.writeSync(fd, part);
      hash.update(part);
      written += part.length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/**
 * Stores the file as Nimbus stores an upload, straight into its data folder and database: the
 * bytes as the blob `blobs/ab/cd/<sha256>` (a hard link, so nginx and Nimbus read one cached
 * file) and the blob and file rows (a second file of the same bytes adds a reference). Returns
 * the new file's id.
 */
export function storeInNimbus(nimbus, userId, file, digest, name) {
  const blobDir = path.join(
    nimbus.dataDir,
    'blobs',
    digest.sha256.slice(0, 2),
    digest.sha256.slice(2, 4),
  );
  fs.mkdirSync(blobDir, { recursive: true });
  const blob = path.join(blobDir, digest.sha256);
  try {
    fs.linkSync(file, blob);
  } catch {
    fs.copyFileSync(file, blob);
  }
  const db = new Database(path.join(nimbus.dataDir, 'nimbus.db'));
  db.pragma('busy_timeout = 10000');
  const stamp = new Date().toISOString();
  const id = `bench${randomBytes(5).toString('hex')}`;
  const extension = path.extname(name).slice(1);
  db.transaction(() => {
    db.prepare(
      `insert into blobs (sha256, gcid, size, ref_count, created_at, updated_at) values (?, ?, ?, 1, ?, ?)
       on conflict (sha256) do update set ref_count = ref_count + 1`,
    ).run(digest.sha256, digest.gcid, digest.size, stamp, stamp);
    db.prepare(
      `insert into files (id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type,
        file_extension, file_category, phase, starred, trashed, created_at, modified_at, params)
       values (?, ?, '', 'file', ?, ?, ?, ?, ?, 'application/octet-stream', ?, 'OTHER',
        'PHASE_TYPE_COMPLETE', 0, 0, ?, ?, '{}')`,
    ).run(id, userId, name, name, digest.size, digest.sha256, digest.gcid, extension, stamp, stamp);
  })();
  db.close();
  return id;
}

/** SHA-256 and GCID (Xunlei/PikPak content hash, docs/api.md#files `hash`) of a file. */
export async function hashFile(file) {
  const size = fs.statSync(file).size;
  let blockSize = 256 * 1024;
  while (size / blockSize > 512 && blockSize < 2 * 1024 * 1024) {
    blockSize *= 2;
  }
  const sha256 = createHash('sha256');
  const outer = createHash('sha1');
  let block = createHash('sha1');
  let filled = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    sha256.update(chunk);
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(blockSize - filled, chunk.length - offset);
      block.update(chunk.subarray(offset, offset + take));
      filled += take;
      offset += take;
      if (filled === blockSize) {
        outer.update(block.digest());
        block = createHash('sha1');
        filled = 0;
      }
    }
  }
  if (filled > 0) {
    outer.update(block.digest());
  }
  return { sha256: sha256.digest('hex'), gcid: outer.digest('hex').toUpperCase(), size };
}

function statusKiB(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}

/**
 * Watches the resident memory of a process during a measurement: start() resets the kernel's
 * peak (VmHWM, via /proc/<pid>/clear_refs) and takes the current VmRSS as the baseline; stop()
 * returns the baseline and the peak (the larger of VmHWM and VmRSS sampled every 10 ms), in MiB.
 */
export function rssWatch(pid) {
  let baseline = 0;
  let peak = 0;
  let timer;
  const sample = () => {
    try {
      peak = Math.max(peak, statusKiB(pid, 'VmRSS'));
    } catch {
      // the process is gone; keep what was seen
    }
  };
  return {
    start() {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        // not allowed here: the sampled VmRSS still gives the peak
      }
      baseline = statusKiB(pid, 'VmRSS');
      peak = baseline;
      timer = setInterval(sample, 10);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      sample();
      try {
        peak = Math.max(peak, statusKiB(pid, 'VmHWM'));
      } catch {
        // gone
      }
      return {
        baselineMiB: baseline / 1024,
        peakMiB: peak / 1024,
        growthMiB: (peak - baseline) / 1024,
      };
    },
  };
}

let clockTicks;

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function cpuMillis(pid) {
  clockTicks ??=
    Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

/**
 * CPU time (user + system) of a process's main thread and of all its other threads together
 * (hash threads, the libuv pool, V8's helpers) so far, in milliseconds.
 */
export function threadCpuMillis(pid) {
  clockTicks ??=
    Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  let main = 0;
  let others = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      // The thread ended meanwhile.
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const millis = ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
    if (Number(tid) === pid) {
      main += millis;
    } else {
      others += millis;
    }
  }
  return { main, others };
}

/** Runs `task(index)` for indexes below `total`, `concurrency` at a time; seconds taken. */
export async function timedConcurrently(task, total, concurrency) {
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The multipart POST of one file (a form upload's bytes), with the form's other fields first. */
export async function postForm(url, fields, bytes, name, headers) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, String(value));
  }
  form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), name);
  const response = await fetch(url, { method: 'POST', body: form, headers });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return text;
}

/** The p-th percentile (0..100) of numbers, nearest rank. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 50);

/** Prints one line: a name, a figure, and its ratio to a baseline when there is one. */
export function line(name, figure, ratio) {
  const suffix = ratio === undefined ? '' : `  ${ratio.toFixed(2)}x baseline`;
  process.stdout.write(`${name.padEnd(62)} ${figure}${suffix}\n`);
}

let missedTargets = 0;

/** Prints a check against a target of the issue: `ok` or `MISSED` (which fails the bench). */
export function target(name, ok, detail) {
  missedTargets += ok ? 0 : 1;
  process.stdout.write(`${(ok ? 'ok' : 'MISSED').padEnd(7)}${name}: ${detail}\n`);
}

/** A bench stops without a figure: what it measures is not served by this build. */
export class NotMeasured extends Error {}

/**
 * Runs a bench: exit code 1 when it failed, could not measure (printed as `not measured: ...`)
 * or missed a target of the issue.
 */
export async function runBench(body) {
  try {
    await body();
    process.exitCode = missedTargets > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof NotMeasured) {
      process.stdout.write(`not measured: ${error.message}\n`);
    } else {
      const cause =
        error instanceof Error && error.cause ? `\ncaused by: ${String(error.cause)}` : '';
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}\n`,
      );
    }
    process.exitCode = 1;
  }
}

const seedWords = [
  'holiday',
  'Report',
  'scan',
  'IMG',
  'draft',
  'Музыка',
  '写真',
  'invoice',
  'notes',
  'backup',
];
const seedExtensions = [
  ['jpg', 'image/jpeg', 'IMAGE'],
  ['mp4', 'video/mp4', 'VIDEO'],
  ['pdf', 'application/pdf', 'DOCUMENT'],
  ['txt', 'text/plain', 'TEXT'],
  ['zip', 'application/zip', 'ARCHIVE'],
];

/**
 * Puts `count` files into a folder straight into the server's SQLite database, in one
 * transaction (a few seconds for 100,000): rows as the server writes them, all referencing one
 * small stored blob. Names mix scripts and cases; modified times spread over a year.
 */
function seedFolderNow(dataDir, userId, folderId, count) {
  const bytes = Buffer.from('a file seeded by a Nimbus benchmark\n');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const blobDir = path.join(dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4));
  fs.mkdirSync(blobDir, { recursive: true });
  fs.writeFileSync(path.join(blobDir, sha256), bytes);
  const db = new Database(path.join(dataDir, 'nimbus.db'));
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const insertFile = db.prepare(`
    insert into files (id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type,
      file_extension, file_category, phase, starred, trashed, created_at, modified_at, params)
    values (?, ?, ?, 'file', ?, ?, ?, ?, ?, ?, ?, ?, 'PHASE_TYPE_COMPLETE', 0, 0, ?, ?, '{}')`);
  db.transaction(() => {
    db.prepare(
      `insert into blobs (sha256, gcid, size, ref_count, created_at, updated_at) values (?, ?, ?, ?, ?, ?)
       on conflict (sha256) do update set ref_count = blobs.ref_count + excluded.ref_count`,
    ).run(sha256, 'B'.repeat(40), bytes.length, count, stamp, stamp);
    for (let index = 0; index < count; index += 1) {
      const [extension, mimeType, category] = seedExtensions[index % seedExtensions.length];
      const name = `${seedWords[(index * 7) % seedWords.length]} ${String(index).padStart(6, '0')}.${extension}`;
      const modified = new Date(
        now - Math.floor(Math.random() * 365 * 24 * 3600 * 1000),
      ).toISOString();
      insertFile.run(
        randomBytes(12).toString('base64url'),
        userId,
        folderId,
        name,
        name.normalize('NFC').toUpperCase().toLowerCase(),
        bytes.length,
        sha256,
        'B'.repeat(40),
        mimeType,
        extension,
        category,
        modified,
        modified,
      );
    }
  })();
  db.close();
}

/**
 * seedFolder in a worker thread, so this process's event loop stays free meanwhile (a blocked
 * loop keeps kept-alive sockets that the server closes in the meantime).
 */
export function seedFolder(nimbus, userId, folderId, count) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { seed: { dataDir: nimbus.dataDir, userId, folderId, count } },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding exited with ${code}`)),
    );
  });
}

if (!isMainThread && workerData?.seed) {
  const { dataDir, userId, folderId, count } = workerData.seed;
  seedFolderNow(dataDir, userId, folderId, count);
}

/** Runs autocannon against a URL: requests per second, requests answered, latency percentiles. */
export async function load(options) {
  const result = await autocannon({ connections: 32, duration: 5, ...options });
  if (result.errors > 0 || (result.non2xx > 0 && !options.expectErrors)) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
