import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { ContentHasher } from '../../src/modules/storage/content-hash';
import {
  buildBundle,
  bundlePath,
  freePort,
  prepareMember,
  removeBundle,
  serverEnv,
  serverRoot,
  startServer as startBundle,
  type RunningProcess,
} from '../support/processes';

/**
 * Uploads against the real server process, killed with SIGKILL while bytes are on their way.
 * `UPLOAD_PROCESS_BYTES` sets the size of the resumed upload: 1 GiB by default, as the issue
 * asks (about 30 s here, a crash and a restart included); a smaller size makes a quick run, e.g.
 * `UPLOAD_PROCESS_BYTES=268435456`.
 */
const resumedBytes = Number(process.env.UPLOAD_PROCESS_BYTES ?? 1024 ** 3);
const chunkSize = 8 * 1024 * 1024;
/** The durability interval of the single-PATCH crash test (`UPLOAD_CHECKPOINT_MIB`), small to keep it quick. */
const checkpointMiB = Number(process.env.UPLOAD_PROCESS_CHECKPOINT_MIB ?? 4);
let workDir: string;
const bundles = {
  server: bundlePath('upload-process-test'),
  verify: bundlePath('upload-verify-test'),
};

function envOf(
  dataDir: string,
  port: number,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return serverEnv(dataDir, port, { PLAN_FREE_STORAGE_BYTES: String(64 * 1024 ** 3), ...extra });
}

type Server = RunningProcess;

async function startServer(
  dataDir: string,
  port: number,
  extra: Record<string, string> = {},
): Promise<Server> {
  return startBundle(bundles.server, envOf(dataDir, port, extra));
}

async function kill(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
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
  buildBundle(bundles.server);
  buildBundle(bundles.verify, 'src/cli/verify.ts');
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
  for (const file of Object.values(bundles)) {
    removeBundle(file);
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
    const account = await prepareMember(dataDir, 'Uploader');
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

  it('a single PATCH killed mid-way keeps what its fsyncs made durable: the upload resumes from the last checkpoint, not from 0', async () => {
    const dataDir = path.join(workDir, 'single-patch');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const interval = checkpointMiB * 1024 * 1024;
    const content = randomBytes(5 * interval);
    const expected = createHash('sha256').update(content).digest('hex');
    const account = await prepareMember(dataDir, 'Uploader');
    const extra = { UPLOAD_CHECKPOINT_MIB: String(checkpointMiB) };
    let server = await startServer(dataDir, port, extra);
    const headers = await signIn(origin, account);
    const { fileId, url } = await createUpload(origin, headers, 'one-request.bin', content.length);
    const uploadId = new URL(url).pathname.split('/').pop() ?? '';

    // One PATCH of the whole content, of which three and a half intervals are sent in 1 MiB
    // writes; then the client falls silent. The fsyncs of what arrived are recorded as they
    // finish (no later bytes are needed for that): once the row shows three intervals durable,
    // the server is killed.
    const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
    const durableOffset = async () =>
      Number(
        (
          await database.db
            .selectFrom('uploads')
            .select('received')
            .where('id', '=', uploadId)
            .executeTakeFirst()
        )?.received ?? 0,
      );
    const sent = 3.5 * interval;
    try {
      const request = http.request(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(content.length),
        },
      });
      request.on('error', () => undefined);
      for (let at = 0; at < sent; at += 1024 * 1024) {
        if (!request.write(content.subarray(at, Math.min(sent, at + 1024 * 1024)))) {
          await new Promise((resolve) => request.once('drain', resolve));
        }
      }
      const deadline = Date.now() + 30_000;
      while ((await durableOffset()) < 3 * interval) {
        expect(
          Date.now(),
          `the durable offset stayed at ${await durableOffset()} after ${sent} bytes were sent`,
        ).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await kill(server);
      request.destroy();
    } finally {
      await database.db.destroy();
    }

    server = await startServer(dataDir, port, extra);
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { ...headers, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    console.info(
      `a single PATCH killed after ${sent} bytes (checkpoints every ${interval}): resumed at ${offset}, ${sent - offset} sent again`,
    );
    expect(offset).toBeGreaterThanOrEqual(3 * interval);
    expect(offset).toBeLessThanOrEqual(sent);
    expect(sent - offset).toBeLessThanOrEqual(interval);

    const resumed = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: content.subarray(offset),
    });
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('upload-offset')).toBe(String(content.length));
    expect((await filesIn(dataDir)).get(fileId)).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      sha256: expected,
      size: content.length,
    });
    expect(sha256OfFile(blobPath(dataDir, expected))).toBe(expected);
    await stop(server);
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
    const account = await prepareMember(dataDir, 'Uploader');
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
