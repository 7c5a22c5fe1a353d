// A built Nimbus server for a bench: started on a fresh SQLite database, a signed-up member,
// API calls, and files stored straight into its data folder.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort, root, startProcess } from './processes.mjs';

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
