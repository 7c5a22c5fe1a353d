import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { newId } from '../src/lib/secrets';
import { ContentHasher } from '../src/modules/storage/content-hash';
import { createUserRepository } from '../src/modules/user/user.repository';
import { createArgon2Hasher } from '../src/modules/user/password';

/**
 * Uploads against the real server process, killed with SIGKILL while bytes are on their way.
 * `UPLOAD_PROCESS_BYTES` sets the size of the resumed upload: 1 GiB by default, as the issue
 * asks (about 30 s here, a crash and a restart included); a smaller size makes a quick run, e.g.
 * `UPLOAD_PROCESS_BYTES=268435456`.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const resumedBytes = Number(process.env.UPLOAD_PROCESS_BYTES ?? 1024 ** 3);
const chunkSize = 8 * 1024 * 1024;
let workDir: string;
const bundles = {
  server: path.join(serverRoot, 'dist', `upload-process-test-${process.pid}.js`),
  verify: path.join(serverRoot, 'dist', `upload-verify-test-${process.pid}.js`),
};

function bundle(entry: string, outfile: string): void {
  const build = spawnSync(
    process.execPath,
    ['scripts/build.mjs', '--entry', entry, '--outfile', outfile],
    {
      cwd: serverRoot,
      encoding: 'utf8',
    },
  );
  expect(build.status, build.stderr).toBe(0);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

function envOf(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BLOB_STORE: 'local',
    WEB: 'off',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    PLAN_FREE_STORAGE_BYTES: String(64 * 1024 ** 3),
  };
}

/** A running server process and how to stop it. */
interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

async function startServer(dataDir: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, [bundles.server], {
    cwd: serverRoot,
    env: envOf(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}: ${output}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
        return { child, exited, output: () => output };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server never became ready: ${output}`);
}

async function kill(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** A member made in the database before the server starts; answers their credentials. */
async function prepare(dataDir: string): Promise<{ email: string; password: string }> {
  const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
  try {
    await migrateToLatest(database.db);
    const email = `uploader-${newId()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}@example.com`;
    const password = 'correct horse 1';
    const stamp = new Date().toISOString();
    await createUserRepository(database.db).insert({
      id: newId(),
      email,
      name: 'Uploader',
      password_hash: await createArgon2Hasher().hash(password),
      status: 'active',
      frozen_until: null,
      locale: 'en-US',
      picture: '',
      phone_number: '',
      created_at: stamp,
      updated_at: stamp,
    });
    return { email, password };
  } finally {
    await database.db.destroy();
  }
}

async function signIn(
  origin: string,
  account: { email: string; password: string },
): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'tv', username: account.email, password: account.password }),
  });
  expect(response.status).toBe(200);
  const token = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${token.access_token}` };
}

async function createUpload(
  origin: string,
  headers: Record<string, string>,
  name: string,
  size: number,
): Promise<{ fileId: string; url: string }> {
  const response = await fetch(`${origin}/drive/v1/files`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'drive#file',
      name,
      parent_id: '',
      size: String(size),
      upload_type: 'UPLOAD_TYPE_RESUMABLE',
    }),
  });
  const body = (await response.json()) as {
    file: { id: string };
    resumable: { params: { url: string } };
  };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return { fileId: body.file.id, url: body.resumable.params.url };
}

/** The file rows as the database holds them after the run. */
async function filesIn(
  dataDir: string,
): Promise<Map<string, { phase: string; sha256: string | null; gcid: string; size: number }>> {
  const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
  try {
    const rows = await database.db
      .selectFrom('files')
      .select(['id', 'phase', 'sha256', 'gcid', 'size'])
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        { phase: row.phase, sha256: row.sha256, gcid: row.gcid, size: Number(row.size) },
      ]),
    );
  } finally {
    await database.db.destroy();
  }
}

function blobPath(dataDir: string, sha256: string): string {
  return path.join(dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

function sha256OfFile(file: string): string {
  const hash = createHash('sha256');
  const handle = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
    for (let read = fs.readSync(handle, buffer); read > 0; read = fs.readSync(handle, buffer)) {
      hash.update(buffer.subarray(0, read));
    }
  } finally {
    fs.closeSync(handle);
  }
  return hash.digest('hex');
}

function verify(dataDir: string): { status: number | null; stdout: string } {
  const run = spawnSync(process.execPath, [bundles.verify], {
    cwd: serverRoot,
    env: envOf(dataDir, 0),
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout + run.stderr };
}

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-upload-process-'));
  bundle('src/main.ts', bundles.server);
  bundle('src/cli/verify.ts', bundles.verify);
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
  for (const file of Object.values(bundles)) {
    fs.rmSync(file, { force: true });
    fs.rmSync(`${file}.map`, { force: true });
  }
});

describe('uploads across server crashes', () => {
  it('tus-js-client resumes after the server is killed with SIGKILL midway and restarted, re-sending at most one chunk; the stored SHA-256 matches', async () => {
    const dataDir = path.join(workDir, 'resume');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // The content first: a request after a long pause could meet the server closing an idle connection.
    const content = randomBytes(resumedBytes);
    const expected = createHash('sha256').update(content).digest('hex');
    const account = await prepare(dataDir);
    let server = await startServer(dataDir, port);
    const headers = await signIn(origin, account);
    const { fileId, url } = await createUpload(origin, headers, 'big.bin', content.length);

    let maxSent = 0;
    let killed: Promise<void> | undefined;
    const resumedFrom: number[] = [];
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(content, {
        uploadUrl: url,
        headers,
        chunkSize,
        retryDelays: Array.from({ length: 40 }, () => 250),
        onAfterResponse: (request, response) => {
          if (request.getMethod() === 'HEAD' && killed !== undefined) {
            resumedFrom.push(Number(response.getHeader('Upload-Offset')));
          }
        },
        onProgress: (bytesSent) => {
          if (resumedFrom.length === 0) {
            maxSent = Math.max(maxSent, bytesSent);
          }
          if (killed === undefined && bytesSent > content.length / 2) {
            killed = kill(server).then(async () => {
              server = await startServer(dataDir, port);
            });
          }
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    await killed;
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `upload of ${content.length} bytes with a crash and restart: ${seconds.toFixed(1)} s, ${(content.length / 1024 ** 2 / seconds).toFixed(0)} MiB/s`,
    );

    // The client resumed where the durable offset stood: at most one chunk was sent again.
    expect(resumedFrom.length).toBeGreaterThan(0);
    const offset = resumedFrom[0] ?? 0;
    expect(offset).toBeGreaterThan(0);
    expect(maxSent - offset).toBeLessThanOrEqual(chunkSize);
    console.info(
      `resumed at ${offset} after ${maxSent} bytes were sent: ${maxSent - offset} sent again (chunks of ${chunkSize})`,
    );

    const file = (await filesIn(dataDir)).get(fileId);
    expect(file).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      sha256: expected,
      size: content.length,
    });
    const hasher = new ContentHasher(content.length);
    hasher.update(content);
    expect(file?.gcid).toBe(hasher.digest().gcid);
    expect(sha256OfFile(blobPath(dataDir, expected))).toBe(expected);
    await stop(server);
    const report = verify(dataDir);
    expect(report.status, report.stdout).toBe(0);
    expect(report.stdout).toContain('problems: 0');
  }, 240_000);

  it('many concurrent uploads through SIGKILLs at random moments: verify finds no problem and every completed file is intact', async () => {
    const dataDir = path.join(workDir, 'crash');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const contents = Array.from({ length: 11 }, (_, index) =>
      randomBytes(1024 * 1024 * (1 + ((index * 7) % 24)) + index * 4099),
    );
    // One content twice: one blob, two references.
    contents.push(contents[0] ?? Buffer.alloc(1));
    const account = await prepare(dataDir);
    let server = await startServer(dataDir, port);
    const headers = await signIn(origin, account);
    const uploads = await Promise.all(
      contents.map(async (content, index) => ({
        content,
        name: `file-${index}.bin`,
        ...(await createUpload(origin, headers, `file-${index}.bin`, content.length)),
      })),
    );

    let crashes = 0;
    let done = false;
    // The first kill waits for the first bytes to go out, so it always lands mid-upload however
    // fast the machine is; the later ones come at random moments.
    let firstBytesSent: () => void = () => undefined;
    const firstBytes = new Promise<void>((resolve) => {
      firstBytesSent = resolve;
    });
    const finished = Promise.all(
      uploads.map(
        (item) =>
          new Promise<void>((resolve, reject) => {
            const upload = new Upload(item.content, {
              uploadUrl: item.url,
              headers,
              chunkSize: 1024 * 1024 * (1 + (item.content.length % 3)),
              retryDelays: Array.from({ length: 200 }, () => 200),
              onProgress: (sent) => {
                if (sent > 0) {
                  firstBytesSent();
                }
              },
              onSuccess: () => resolve(),
              onError: reject,
            });
            upload.start();
          }),
      ),
    ).finally(() => {
      done = true;
    });
    // SIGKILL at random moments while the uploads run, then start again.
    await firstBytes;
    while (!done && crashes < 6) {
      if (crashes > 0) {
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.floor(Math.random() * 900)));
      }
      if (done) {
        break;
      }
      await kill(server);
      crashes += 1;
      server = await startServer(dataDir, port);
    }
    await finished;
    expect(crashes).toBeGreaterThan(0);
    await stop(server);

    const rows = await filesIn(dataDir);
    for (const item of uploads) {
      const expected = createHash('sha256').update(item.content).digest('hex');
      const row = rows.get(item.fileId);
      expect(row, item.name).toMatchObject({
        phase: 'PHASE_TYPE_COMPLETE',
        sha256: expected,
        size: item.content.length,
      });
      expect(sha256OfFile(blobPath(dataDir, expected))).toBe(expected);
    }
    // No partial data is left behind, and the store and the rows agree.
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
    const report = verify(dataDir);
    expect(report.status, report.stdout).toBe(0);
    expect(report.stdout).toContain('problems: 0');
    console.info(`${uploads.length} concurrent uploads through ${crashes} SIGKILLs: all intact`);
  }, 240_000);
});
