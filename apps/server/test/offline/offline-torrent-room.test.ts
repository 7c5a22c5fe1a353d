import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { Server as TrackerServer } from 'bittorrent-tracker';
import parseTorrent from 'parse-torrent';
import WebTorrent from 'webtorrent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { taskMessage } from '@nimbus/contracts';
import { buildTestApp, dialects, makeUser, type TestApp } from '../helper';
import { signIn } from '../identity';
import { storeFile } from '../support/stored-file';

/**
 * A torrent task stopped part-way by the room check that runs every second while pieces arrive
 * (`torrent-fetcher.ts`, `tick`): a seeder on loopback, slowed down, has sent part of the torrent
 * when it stops sending and an upload fills the member's storage; the next look at the room ends
 * the task with `file_space_not_enough`, nothing is filed, and the verified pieces stay on the
 * server's disk, so a retry after the upload is deleted asks the seeder only for the rest.
 */

interface TaskBody {
  id: string;
  phase: string;
  progress: number;
  file_id: string;
  file_name: string;
  file_size: string;
  message: string;
  params: Record<string, string>;
}

interface FileBody {
  id: string;
  name: string;
  kind: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pieceLength = 16_384;

/** The torrent: a folder `Lecture` with a large recording and a small text file. */
const contents = new Map<string, Buffer>([
  ['recording.bin', randomBytes(1024 * 1024 + 333)],
  ['notes/summary.txt', Buffer.from('The room is looked at every second.\n'.repeat(300))],
]);
const total = [...contents.values()].reduce((sum, bytes) => sum + bytes.length, 0);

const tracker = new TrackerServer({ http: true, udp: false, ws: false, stats: false });
const seeder = new WebTorrent({ dht: false, lsd: false, utp: false, webSeeds: false });
let seeded: (WebTorrent.Torrent & WebTorrent.Seeding) | undefined;
let seedDir = '';
let magnet = '';
let torrent: parseTorrent.ParsedTorrent | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  const trackerPort = (tracker.http?.address() as AddressInfo).port;
  seedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-room-seed-'));
  for (const [name, bytes] of contents) {
    await fs.mkdir(path.dirname(path.join(seedDir, 'Lecture', name)), { recursive: true });
    await fs.writeFile(path.join(seedDir, 'Lecture', name), bytes);
  }
  seeded = await new Promise<WebTorrent.Torrent & WebTorrent.Seeding>((resolve) => {
    seeder.seed(
      path.join(seedDir, 'Lecture'),
      { announce: [`http://127.0.0.1:${trackerPort}/announce`], pieceLength },
      resolve,
    );
  });
  magnet = seeded.magnetURI;
  torrent = parseTorrent(seeded.torrentFile);
});

afterAll(async () => {
  seeder.throttleUpload(-1);
  await new Promise<void>((resolve) => seeder.destroy(() => resolve()));
  await new Promise<void>((resolve) => tracker.close(resolve));
  await fs.rm(seedDir, { recursive: true, force: true });
});

/**
 * Bytes of the torrent's pieces that are on disk in a task's folder (`folder/<torrent name>/...`) and match the torrent's SHA-1
 * piece hashes: what a retry verifies and does not ask for again.
 */
async function verifiedBytes(folder: string): Promise<number> {
  const parsed = torrent as parseTorrent.ParsedTorrent;
  const whole = Buffer.alloc(parsed.length ?? 0);
  for (const file of parsed.files ?? []) {
    const stored = await fs.readFile(path.join(folder, file.path)).catch(() => Buffer.alloc(0));
    stored.copy(whole, file.offset, 0, Math.min(stored.length, file.length));
  }
  let bytes = 0;
  const hashes = (parsed as { pieces?: string[] }).pieces ?? [];
  hashes.forEach((hash, index) => {
    const piece = whole.subarray(
      index * pieceLength,
      Math.min(whole.length, (index + 1) * pieceLength),
    );
    if (createHash('sha1').update(piece).digest('hex') === hash) {
      bytes += piece.length;
    }
  });
  return bytes;
}

describe.each(dialects)('the room check of a running torrent task on %s', (dialect) => {
  let t: TestApp;

  afterEach(async () => {
    seeder.throttleUpload(-1);
    await t.container.offlineWorker.stop();
    await t.close();
  });

  type Headers = Record<string, string>;

  function call(
    headers: Headers,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function task(headers: Headers, id: string): Promise<TaskBody> {
    return ok<TaskBody>(await call(headers, 'GET', `/drive/v1/tasks/${id}`));
  }

  /** Every file of the member's drive by its path from the root, with the SHA-256 of its content. */
  async function drive(
    userId: string,
    headers: Headers,
    parentId = '',
    prefix = '',
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const item of ok<{ files: FileBody[] }>(
      await call(headers, 'GET', `/drive/v1/files?parent_id=${parentId}`),
    ).files) {
      if (item.kind === 'drive#folder') {
        for (const [name, hash] of await drive(
          userId,
          headers,
          item.id,
          `${prefix}${item.name}/`,
        )) {
          found.set(name, hash);
        }
      } else {
        found.set(
          `${prefix}${item.name}`,
          (await t.container.files.get(userId, item.id)).sha256 ?? '',
        );
      }
    }
    return found;
  }

  it('an upload that fills the storage while pieces arrive stops the task with file_space_not_enough; nothing is filed, and a retry fetches only the missing pieces', async () => {
    const filler = 50_000;
    // Room for the whole torrent when the task starts; one byte short of it once the upload lands.
    t = await buildTestApp(dialect, {
      OFFLINE_TORRENT_DHT: 'false',
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
      PLAN_FREE_STORAGE_BYTES: String(total + filler - 1),
      PLAN_FREE_OFFLINE_TRAFFIC_BYTES: String(10 * total),
    });
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    const headers: Headers = { authorization: `Bearer ${token.access_token}` };

    // The seeder sends slowly: the download is under way for many seconds.
    seeder.throttleUpload(64 * 1024);
    const queued = ok<{ task: TaskBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: magnet },
      }),
    ).task;
    const sentBefore = seeded?.uploaded ?? 0;
    const running = t.container.offlineWorker.runPending();
    // Some pieces have arrived (the task shows them): the seeder stops sending, and an upload
    // takes the room the torrent needs while it waits for the rest.
    let shown = await task(headers, queued.id);
    while (
      shown.progress < 5 &&
      shown.phase !== 'PHASE_TYPE_ERROR' &&
      shown.phase !== 'PHASE_TYPE_COMPLETE'
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = await task(headers, queued.id);
    }
    expect(shown.phase).toBe('PHASE_TYPE_RUNNING');
    seeder.throttleUpload(0);
    const upload = randomBytes(filler);
    const landed = await storeFile(t, user.id, 'meanwhile.bin', upload);
    expect(await running).toBe(1);
    const sentFirst = (seeded?.uploaded ?? 0) - sentBefore;

    const failed = await task(headers, queued.id);
    expect(failed).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      file_id: '',
      file_size: String(total),
    });
    expect(failed.params.error).toBe('file_space_not_enough');
    // The message in the caller's language.
    const inJapanese = ok<TaskBody>(
      await call({ ...headers, 'accept-language': 'ja' }, 'GET', `/drive/v1/tasks/${queued.id}`),
    );
    expect(inJapanese.message).toBe(taskMessage('space_not_enough', 'ja'));
    expect(inJapanese.message).not.toBe(failed.message);
    // Nothing of the torrent is filed or booked, and its content holds no reference.
    expect(await drive(user.id, headers)).toEqual(new Map([['meanwhile.bin', sha256(upload)]]));
    expect(
      ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
    ).toBe(String(filler));
    for (const bytes of contents.values()) {
      expect((await t.container.blobRecords.find(sha256(bytes)))?.refCount ?? 0).toBe(0);
    }

    // The verified pieces stay on the server's disk: part of the torrent, not all of it.
    const kept = await verifiedBytes(path.join(t.config.DATA_DIR, 'offline', queued.id));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(total);
    expect(kept).toBeLessThanOrEqual(sentFirst);

    // Room is freed and the task retried: the seeder sends at full speed again, and only the
    // pieces that were not kept.
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [landed.id] }));
    ok(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
    );
    seeder.throttleUpload(-1);
    const sentBeforeRetry = seeded?.uploaded ?? 0;
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    const sentRetry = (seeded?.uploaded ?? 0) - sentBeforeRetry;
    const done = await task(headers, queued.id);
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      message: '',
      file_name: 'Lecture',
      file_size: String(total),
    });
    expect(done.params.error).toBeUndefined();
    const filed = await drive(user.id, headers);
    for (const [name, bytes] of contents) {
      expect(filed.get(`My Downloads/Lecture/${name}`), name).toBe(sha256(bytes));
    }
    const missing = total - kept;
    expect(sentRetry).toBeGreaterThanOrEqual(missing);
    expect(sentRetry).toBeLessThan(missing + pieceLength);
    // The pieces' folder goes with the finished task.
    expect(await fs.readdir(path.join(t.config.DATA_DIR, 'offline'))).toEqual([]);
  });
});
