import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { Server as TrackerServer } from 'bittorrent-tracker';
import WebTorrent from 'webtorrent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseRanges } from '../../src/modules/offline/fetch-guard';
import { createOfflineWorker } from '../../src/modules/offline/offline-worker';
import { createTorrentFetcher } from '../../src/modules/offline/torrent/torrent-fetcher';
import { createTorrentSourceRepository } from '../../src/modules/offline/torrent/torrent.repository';
import { buildTestApp, dialects, errorOf, makeUser, type TestApp } from '../helper';
import { signIn } from '../identity';
import { testTorrentThread } from '../support/processes';
import { storeFile } from '../support/stored-file';

/** The Task of docs/api.md#tasks as the tests read it. */
interface TaskBody {
  id: string;
  name: string;
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
  parent_id: string;
  name: string;
  size: string;
  kind: string;
  folder_type: string;
}

interface Listed {
  index: string;
  name: string;
  size: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The torrent the seeder offers: a folder `pack` with a binary file and a text file in a subfolder. */
const contents = new Map<string, Buffer>([
  ['a.bin', randomBytes(300_000)],
  ['docs/b.txt', Buffer.from('Nimbus fetches torrents too.\n'.repeat(500))],
]);

/**
 * A tracker on 127.0.0.1 (counting every request that reaches it), a seeder of the torrent
 * announced there, and a canary peer on 127.0.0.2 that the tracker also hands out (through a
 * forged announce) and that counts every connection reaching it.
 */
const tracker = {
  server: new TrackerServer({
    http: true,
    udp: false,
    ws: false,
    stats: false,
    trustProxy: true,
  } as never),
  port: 0,
  requests: 0,
  starts: 0,
};
const canary = { server: net.createServer(), port: 0, connections: 0 };
const seeder = new WebTorrent({ dht: false, lsd: false, utp: false, webSeeds: false });
let seedDir = '';
let magnet = '';
let torrentFile: Buffer = Buffer.alloc(0);
let infoHash = '';
/** Piece requests the seeder received. */
let pieceRequests = 0;
/** The seeder's torrent: `uploaded` counts the piece bytes it sent. */
let seeded: (WebTorrent.Torrent & WebTorrent.Seeding) | undefined;
const total = [...contents.values()].reduce((sum, bytes) => sum + bytes.length, 0);

beforeAll(async () => {
  tracker.server.http?.on('request', () => {
    tracker.requests += 1;
  });
  tracker.server.on('start', () => {
    tracker.starts += 1;
  });
  await new Promise<void>((resolve) => tracker.server.listen(0, '127.0.0.1', resolve));
  tracker.port = (tracker.server.http?.address() as AddressInfo).port;
  canary.server.on('connection', (socket) => {
    canary.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.server.listen(0, '127.0.0.2', resolve));
  canary.port = (canary.server.address() as AddressInfo).port;

  seedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-seed-'));
  for (const [name, bytes] of contents) {
    await fs.mkdir(path.dirname(path.join(seedDir, 'pack', name)), { recursive: true });
    await fs.writeFile(path.join(seedDir, 'pack', name), bytes);
  }
  const seeding = await new Promise<WebTorrent.Torrent & WebTorrent.Seeding>((resolve) => {
    seeder.seed(
      path.join(seedDir, 'pack'),
      { announce: [`http://127.0.0.1:${tracker.port}/announce`], pieceLength: 16_384 },
      resolve,
    );
  });
  seeding.on('wire', (wire: { on(event: 'request', listener: () => void): void }) => {
    wire.on('request', () => {
      pieceRequests += 1;
    });
  });
  seeded = seeding;
  magnet = seeding.magnetURI;
  torrentFile = seeding.torrentFile;
  infoHash = seeding.infoHash;

  // The canary joins the swarm as far as the tracker knows.
  const binary = (hex: string) => hex.replace(/../g, '%$&');
  const query = `info_hash=${binary(infoHash)}&peer_id=${binary(randomBytes(20).toString('hex'))}&port=${canary.port}&uploaded=0&downloaded=0&left=0&event=started&compact=1`;
  await new Promise<void>((resolve, reject) => {
    http
      .get(
        `http://127.0.0.1:${tracker.port}/announce?${query}`,
        { headers: { 'x-forwarded-for': '127.0.0.2' } },
        (response) => {
          response.resume();
          response.on('end', resolve);
        },
      )
      .on('error', reject);
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => seeder.destroy(() => resolve()));
  await new Promise<void>((resolve) => tracker.server.close(resolve));
  await new Promise((resolve) => canary.server.close(resolve));
  await fs.rm(seedDir, { recursive: true, force: true });
});

describe.each(dialects)('torrent downloads on %s', (dialect) => {
  let t: TestApp;

  /** The app; with `loopback` the guard opens 127.0.0.1 only (the tracker and the seeder, not the canary). */
  async function start(loopback = true, env: Record<string, string> = {}) {
    t = await buildTestApp(dialect, {
      OFFLINE_TORRENT_DHT: 'false',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
      ...(loopback ? { OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32' } : {}),
      ...env,
    });
  }

  afterEach(async () => {
    await t.container.offlineWorker.stop();
    await t.close();
  });

  type Headers = Record<string, string>;

  async function member() {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    return { user, headers: { authorization: `Bearer ${token.access_token}` } as Headers };
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  function offline(headers: Headers, url: string, extra: Record<string, unknown> = {}) {
    return call(headers, 'POST', '/drive/v1/files', {
      kind: 'drive#file',
      upload_type: 'UPLOAD_TYPE_URL',
      url: { url, ...extra },
    });
  }

  async function created(
    headers: Headers,
    url: string,
    extra: Record<string, unknown> = {},
  ): Promise<TaskBody> {
    return ok<{ task: TaskBody }>(await offline(headers, url, extra)).task;
  }

  async function task(headers: Headers, id: string): Promise<TaskBody> {
    return ok<TaskBody>(await call(headers, 'GET', `/drive/v1/tasks/${id}`));
  }

  async function children(headers: Headers, parentId: string): Promise<FileBody[]> {
    return ok<{ files: FileBody[] }>(
      await call(headers, 'GET', `/drive/v1/files?parent_id=${parentId}`),
    ).files;
  }

  /** Every file under a folder by its path there, with the SHA-256 of its stored content. */
  async function tree(
    userId: string,
    headers: Headers,
    folderId: string,
    prefix = '',
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const item of await children(headers, folderId)) {
      if (item.kind === 'drive#folder') {
        for (const [name, hash] of await tree(userId, headers, item.id, `${prefix}${item.name}/`)) {
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

  /** A `.torrent` file uploaded into the member's drive. */
  async function uploadTorrent(
    userId: string,
    bytes: Buffer,
    name = 'pack.torrent',
    mimeType = 'application/x-bittorrent',
  ) {
    const digest = await t.container.blobs.ingest(Readable.from([bytes]));
    return t.container.files.createFile(userId, {
      name,
      parentId: '',
      blob: { sha256: digest.sha256, gcid: digest.gcid, size: digest.size },
      mimeType,
    });
  }

  const everything = new Map([...contents].map(([name, bytes]) => [name, sha256(bytes)]));

  interface ResourceBody {
    name: string;
    file_size: string;
    reachable: boolean;
    message: string;
    is_torrent: boolean;
    files: { id: string; name: string; file_size: string }[];
  }

  async function check(headers: Headers, urls: string[]): Promise<ResourceBody[]> {
    return ok<{ list: { resources: ResourceBody[] } }>(
      await call(headers, 'POST', '/drive/v1/resource/list', { urls: urls.join('\n') }),
    ).list.resources;
  }

  /** Bytes of offline traffic booked for the member, every month together. */
  async function trafficOf(userId: string): Promise<number> {
    const rows = await t.container.database.db
      .selectFrom('offline_traffic')
      .select('bytes')
      .where('user_id', '=', userId)
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.bytes), 0);
  }

  /** Every file of the member's drive by its path from the root (trash aside). */
  async function drive(userId: string, headers: Headers): Promise<Map<string, string>> {
    return tree(userId, headers, '');
  }

  /** References held on the stored content of the torrent's files. */
  async function references(): Promise<number[]> {
    return Promise.all(
      [...everything.values()].map(
        async (hash) => (await t.container.blobRecords.find(hash))?.refCount ?? 0,
      ),
    );
  }

  it('refuses a torrent whose chosen files do not all fit before asking for a piece; freed space and a retry fetch it', async () => {
    const filler = 20_000;
    const first = contents.get('a.bin')?.length ?? 0;
    // Room for a.bin alone once the member's other file is counted.
    await start(true, { PLAN_FREE_STORAGE_BYTES: String(filler + first + 100) });
    const { user, headers } = await member();
    const other = await storeFile(t, user.id, 'other.bin', randomBytes(filler));
    const requestedBefore = pieceRequests;
    // Two tasks of the magnet link, made while its files are not known yet.
    const queued = await created(headers, magnet);
    const dropped = await created(headers, magnet);
    expect(await t.container.offlineWorker.runPending()).toBe(2);
    const failed = await task(headers, queued.id);
    expect(failed).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      file_id: '',
      file_size: String(total),
    });
    expect(failed.params.error).toBe('file_space_not_enough');
    expect((await task(headers, dropped.id)).phase).toBe('PHASE_TYPE_ERROR');
    expect(pieceRequests).toBe(requestedBefore);
    expect(await drive(user.id, headers)).toEqual(new Map([['other.bin', other.sha256 ?? '']]));
    expect(await trafficOf(user.id)).toBe(0);
    // Its files are known now: another task of it is refused as it is made.
    const known = await offline(headers, magnet);
    expect(known.statusCode).toBe(403);
    expect(errorOf(known).error).toBe('file_space_not_enough');

    // A task that failed for room keeps its folder of pieces for a retry, until it is deleted.
    const offlineDir = path.join(t.config.DATA_DIR, 'offline');
    expect(await fs.readdir(offlineDir)).toContain(dropped.id);
    ok(await call(headers, 'DELETE', `/drive/v1/tasks?task_ids=${dropped.id}`));
    let left = await fs.readdir(offlineDir);
    for (let polls = 0; polls < 200 && left.includes(dropped.id); polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      left = await fs.readdir(offlineDir);
    }
    expect(left).not.toContain(dropped.id);
    expect(left).toContain(queued.id);

    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [other.id] }));
    const retried = ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
    );
    expect(retried.params.error).toBeUndefined();
    const sentBefore = seeded?.uploaded ?? 0;
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    const sent = (seeded?.uploaded ?? 0) - sentBefore;
    const done = await task(headers, queued.id);
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'pack',
      file_size: String(total),
    });
    expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
    // The traffic is what came over the network: the pieces and the messages around them.
    const traffic = await trafficOf(user.id);
    expect(traffic).toBeGreaterThanOrEqual(total);
    expect(traffic).toBeLessThanOrEqual(sent);
  });

  it('files a torrent all or nothing: room taken while it downloads leaves no half torrent, its pieces stay, and a retry fetches only what is missing and is charged for that', async () => {
    const filler = 20_000;
    const first = contents.get('a.bin')?.length ?? 0;
    // Room for both files when the task starts; for a.bin alone once the upload below lands.
    await start(true, {
      PLAN_FREE_STORAGE_BYTES: String(filler + first + 100),
      PLAN_FREE_OFFLINE_TRAFFIC_BYTES: String(10 * total),
    });
    const { user, headers } = await member();
    const partDir = path.join(t.config.DATA_DIR, 'offline-own');
    let upload: Buffer | undefined = randomBytes(filler);
    let landed: { id: string } | undefined;
    const policy = { allowedRanges: parseRanges(['127.0.0.1/32']), extraPorts: new Set<number>() };
    const worker = createOfflineWorker({
      tasks: t.container.taskRecords,
      taskChanges: t.container.tasks,
      fetcher: { open: () => Promise.reject(new Error('no http(s) here')) },
      torrents: createTorrentFetcher({
        policy,
        sources: createTorrentSourceRepository(t.container.database.db),
        blobs: t.container.blobs,
        files: t.container.files,
        maxBytes: 1024 ** 3,
        dht: false,
        thread: testTorrentThread,
      }),
      blobs: t.container.blobs,
      files: {
        ...t.container.files,
        // The files are in when the torrent's folder is looked for; an upload lands just then.
        downloadFolder: async (userId, name) => {
          if (upload !== undefined) {
            landed = await storeFile(t, userId, 'meanwhile.bin', upload);
            upload = undefined;
          }
          return t.container.files.downloadFolder(userId, name);
        },
      },
      events: t.container.events,
      plans: t.container.memberships,
      partDir,
      localeOf: () => Promise.resolve('en-US'),
      now: () => new Date(),
      logger: { info: () => undefined, error: () => undefined },
      concurrency: 1,
      maxBytes: 1024 ** 3,
      timeoutMs: 60_000,
    });
    try {
      const queued = await created(headers, magnet);
      const sentBefore = seeded?.uploaded ?? 0;
      expect(await worker.runPending()).toBe(1);
      const sentFirst = (seeded?.uploaded ?? 0) - sentBefore;
      expect(sentFirst).toBeGreaterThanOrEqual(total);
      const failed = await task(headers, queued.id);
      expect(failed).toMatchObject({
        phase: 'PHASE_TYPE_ERROR',
        message: 'Not enough storage space for this file',
        file_id: '',
      });
      expect(failed.params.error).toBe('file_space_not_enough');
      // Nothing of the torrent is in the drive or booked, and its content holds no reference.
      expect([...(await drive(user.id, headers)).keys()]).toEqual(['meanwhile.bin']);
      expect(
        ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
      ).toBe(String(filler));
      expect(await references()).toEqual([0, 0]);
      // What came over the network is this month's traffic.
      const trafficFirst = await trafficOf(user.id);
      expect(trafficFirst).toBeGreaterThanOrEqual(total);
      expect(trafficFirst).toBeLessThanOrEqual(sentFirst);

      // The pieces stay on the server's disk. Part of them is lost there (a.bin from its middle on).
      const kept = path.join(partDir, queued.id, 'pack', 'a.bin');
      expect((await fs.stat(kept)).size).toBe(first);
      await fs.truncate(kept, first / 2);

      ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [landed?.id ?? ''] }));
      ok(
        await call(headers, 'POST', '/drive/v1/task', {
          type: 'offline',
          create_type: 'RETRY',
          id: queued.id,
        }),
      );
      const sentBeforeRetry = seeded?.uploaded ?? 0;
      expect(await worker.runPending()).toBe(1);
      const sentRetry = (seeded?.uploaded ?? 0) - sentBeforeRetry;
      const done = await task(headers, queued.id);
      expect(done).toMatchObject({
        phase: 'PHASE_TYPE_COMPLETE',
        message: '',
        file_name: 'pack',
        file_size: String(total),
      });
      expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
      expect(
        ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
      ).toBe(String(total));
      // The retry verified the kept pieces and asked only for the pieces of the lost half of
      // a.bin (the piece it shares with docs/b.txt included), and the month's traffic grew by
      // what it fetched, not by the torrent's size.
      const pieceLength = 16_384;
      const missing =
        (Math.floor((first - 1) / pieceLength) - Math.floor(first / 2 / pieceLength) + 1) *
        pieceLength;
      expect(sentRetry).toBeGreaterThanOrEqual(missing);
      expect(sentRetry).toBeLessThan(missing + pieceLength);
      const trafficRetry = (await trafficOf(user.id)) - trafficFirst;
      expect(trafficRetry).toBeGreaterThanOrEqual(missing);
      expect(trafficRetry).toBeLessThanOrEqual(sentRetry);
      expect(await fs.readdir(partDir)).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('refuses a .torrent file whose chosen files cannot fit when the task is created, with file_space_not_enough; a pick that fits is taken', async () => {
    await start(true, {
      PLAN_FREE_STORAGE_BYTES: String(total - 1),
      PLAN_FREE_CLOUD_DOWNLOADS: '1',
    });
    const { user, headers } = await member();
    const uploaded = await uploadTorrent(user.id, torrentFile);
    const refused = await offline(headers, uploaded.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error).toBe('file_space_not_enough');
    expect(
      ok<{ tasks: TaskBody[] }>(await call(headers, 'GET', '/drive/v1/tasks?type=offline')).tasks,
    ).toEqual([]);
    // The refusal used none of the day's tasks: the one allowed is still there for a pick that fits.
    const listed = [...contents.keys()];
    const text = String(listed.indexOf('docs/b.txt'));
    const queued = await created(headers, uploaded.id, { files: [text] });
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    const done = await task(headers, queued.id);
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await tree(user.id, headers, done.file_id)).toEqual(
      new Map([['docs/b.txt', everything.get('docs/b.txt')]]),
    );
  });

  it('two torrent tasks of one member that each fit but not together: one is filed whole, the other fails with file_space_not_enough and leaves nothing', async () => {
    await start(true, {
      PLAN_FREE_STORAGE_BYTES: String(total + 1000),
      PLAN_FREE_OFFLINE_RUNNING: '2',
      OFFLINE_WORKERS: '2',
    });
    const { user, headers } = await member();
    const ids = [(await created(headers, magnet)).id, (await created(headers, magnet)).id];
    expect(await t.container.offlineWorker.runPending()).toBe(2);
    const ends = await Promise.all(ids.map((id) => task(headers, id)));
    expect(ends.map((end) => end.phase).sort()).toEqual([
      'PHASE_TYPE_COMPLETE',
      'PHASE_TYPE_ERROR',
    ]);
    const done = ends.find((end) => end.phase === 'PHASE_TYPE_COMPLETE') as TaskBody;
    const failed = ends.find((end) => end.phase === 'PHASE_TYPE_ERROR') as TaskBody;
    expect(failed).toMatchObject({
      message: 'Not enough storage space for this file',
      file_id: '',
    });
    expect(failed.params.error).toBe('file_space_not_enough');
    // One torrent in the drive, booked once.
    const found = await drive(user.id, headers);
    expect([...found.keys()].sort()).toEqual(
      [...contents.keys()].map((name) => `My Downloads/pack/${name}`).sort(),
    );
    expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
    expect(
      ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
    ).toBe(String(total));
    expect(await references()).toEqual([1, 1]);
  });

  it("lists a magnet link's files from the swarm (metadata only), and a task picking one of them knows them at once", async () => {
    await start();
    const { user, headers } = await member();
    const requestedBefore = pieceRequests;
    const requestsBefore = tracker.requests;
    const [resource] = await check(headers, [magnet]);
    expect(resource).toMatchObject({
      name: 'pack',
      reachable: true,
      is_torrent: true,
      message: '',
      file_size: String(total),
    });
    expect(resource?.files.map((file) => [file.name, file.file_size]).sort()).toEqual(
      [...contents].map(([name, bytes]) => [name, String(bytes.length)]).sort(),
    );
    expect(tracker.requests).toBeGreaterThan(requestsBefore);
    // Only the metadata travelled: no piece was asked of the seeder.
    expect(pieceRequests).toBe(requestedBefore);

    // Checked again: from memory, without joining the swarm again.
    const startsAfter = tracker.starts;
    expect((await check(headers, [magnet]))[0]?.files).toEqual(resource?.files);
    expect(tracker.starts).toBe(startsAfter);

    // The task made from the checked link lists the files at once and refuses a file it lacks.
    const missing = await offline(headers, magnet, { files: ['9'] });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).error).toBe('invalid_argument');
    const text = resource?.files.find((file) => file.name === 'docs/b.txt');
    const queued = await created(headers, magnet, { files: [text?.id ?? ''] });
    const listed = JSON.parse(queued.params.files ?? '[]') as Listed[];
    expect(listed.map((entry) => [entry.index, entry.name])).toEqual(
      resource?.files.map((file) => [file.id, file.name]),
    );
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    const done = await task(headers, queued.id);
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'pack',
      file_size: text?.file_size,
    });
    expect(await tree(user.id, headers, done.file_id)).toEqual(
      new Map([['docs/b.txt', everything.get('docs/b.txt')]]),
    );
    expect(canary.connections).toBe(0);
  });

  it("says when a magnet link's swarm does not send the file list in time, and holds metadata lookups to the address rules", async () => {
    await start(true, { OFFLINE_TORRENT_METADATA_SECONDS: '1' });
    const { headers } = await member();
    const tr = (url: string) => `&tr=${encodeURIComponent(url)}`;
    const nobody = `magnet:?xt=urn:btih:${'ab'.repeat(20)}&dn=Nobody${tr(`http://127.0.0.1:${tracker.port}/announce`)}`;
    const requestsBefore = tracker.requests;
    const [timedOut] = await check(headers, [nobody]);
    expect(timedOut).toMatchObject({
      name: 'Nobody',
      reachable: false,
      is_torrent: true,
      files: [],
      message:
        "The torrent's file list did not arrive in time; you can still add it to download every file",
    });
    expect(tracker.requests).toBeGreaterThan(requestsBefore);
    const spanish = ok<{ list: { resources: ResourceBody[] } }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/resource/list',
        headers: { ...headers, 'accept-language': 'es' },
        payload: { urls: nobody },
      }),
    ).list.resources[0];
    expect(spanish?.message).toBe(
      'La lista de archivos del torrent no llegó a tiempo; aún puedes añadirlo para descargar todos los archivos',
    );

    // Trackers outside the rules, none at all (no DHT), or only an exact source or web seed on
    // another address: refused like any blocked link, and nothing is contacted.
    const blocked = [
      `magnet:?xt=urn:btih:${infoHash}${tr(`http://127.0.0.2:${canary.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}${tr(`udp://127.0.0.2:${canary.port}`)}`,
      `magnet:?xt=urn:btih:${infoHash}${tr('http://169.254.169.254/announce')}`,
      `magnet:?xt=urn:btih:${infoHash}&xs=${encodeURIComponent(`http://127.0.0.2:${canary.port}/pack.torrent`)}`,
      `magnet:?xt=urn:btih:${infoHash}&ws=${encodeURIComponent(`http://127.0.0.2:${canary.port}/`)}`,
    ];
    for (const item of await check(headers, blocked)) {
      expect(item).toMatchObject({
        reachable: false,
        is_torrent: true,
        files: [],
        message: 'The link could not be downloaded',
      });
    }
    expect(canary.connections).toBe(0);
  });

  it("never fetches a magnet link's exact source or web seeds: the task takes its metadata and pieces from peers only", async () => {
    await start();
    const { user, headers } = await member();
    const sideSources = `${magnet}&xs=${encodeURIComponent(`http://127.0.0.2:${canary.port}/pack.torrent`)}&ws=${encodeURIComponent(`http://127.0.0.2:${canary.port}/`)}`;
    // Not checked first: the task asks the swarm for the metadata itself.
    const queued = await created(headers, sideSources);
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    const done = await task(headers, queued.id);
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
    expect(canary.connections).toBe(0);
  });

  it('fetches a magnet link: metadata from the swarm, then both files into a folder named after the torrent', async () => {
    await start();
    const { user, headers } = await member();
    const queued = ok<{ task: TaskBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: magnet },
        params: { source: 'url_checker' },
      }),
    ).task;
    expect(queued).toMatchObject({
      phase: 'PHASE_TYPE_PENDING',
      name: 'pack',
      params: { url: magnet, source: 'url_checker' },
    });
    expect(await t.container.offlineWorker.runPending()).toBe(1);

    const done = await task(headers, queued.id);
    // Where the task was made outlives the fetcher's writes of progress and the file list.
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_name: 'pack',
      file_size: String(total),
      message: '',
      params: { source: 'url_checker' },
    });
    const listed = JSON.parse(done.params.files ?? '[]') as Listed[];
    expect(listed.map((entry) => [entry.name, entry.size]).sort()).toEqual(
      [...contents].map(([name, bytes]) => [name, String(bytes.length)]).sort(),
    );

    const folder = ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${done.file_id}`));
    expect(folder).toMatchObject({ kind: 'drive#folder', name: 'pack' });
    const downloads = ok<FileBody>(
      await call(headers, 'GET', `/drive/v1/files/${folder.parent_id}`),
    );
    expect(downloads).toMatchObject({ folder_type: 'DOWNLOAD', name: 'My Downloads' });
    expect(await tree(user.id, headers, folder.id)).toEqual(everything);
    // The canary the tracker also named was never contacted: 127.0.0.2 is outside the rules.
    expect(canary.connections).toBe(0);

    const events = ok<{ events: { type: string; file_id: string }[] }>(
      await call(headers, 'GET', '/drive/v1/events'),
    );
    expect(events.events.map((event) => [event.type, event.file_id])).toEqual([
      ['TYPE_OFFLINE', folder.id],
    ]);
  });

  it('fetches an uploaded .torrent file, listing its files at once; picking one file fetches only that one', async () => {
    await start();
    const { user, headers } = await member();
    const target = ok<{ file: FileBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Films',
        parent_id: '',
      }),
    ).file;
    const uploaded = await uploadTorrent(user.id, torrentFile);
    const whole = await created(headers, uploaded.id);
    const listed = JSON.parse(whole.params.files ?? '[]') as Listed[];
    expect(listed.map((entry) => entry.name).sort()).toEqual([...contents.keys()].sort());
    expect(whole).toMatchObject({ phase: 'PHASE_TYPE_PENDING', name: 'pack' });
    expect(whole.params.url).toMatch(new RegExp(`^magnet:\\?xt=urn:btih:${infoHash}`));

    const text = listed.find((entry) => entry.name === 'docs/b.txt') as Listed;
    const one = ok<{ task: TaskBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: magnet, files: [text.index] },
        parent_id: target.id,
      }),
    ).task;
    expect(await t.container.offlineWorker.runPending()).toBe(2);

    const wholeDone = await task(headers, whole.id);
    expect(wholeDone.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await tree(user.id, headers, wholeDone.file_id)).toEqual(everything);

    const oneDone = await task(headers, one.id);
    expect(oneDone).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'pack',
      file_size: text.size,
    });
    expect(
      ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${oneDone.file_id}`)).parent_id,
    ).toBe(target.id);
    expect(await tree(user.id, headers, oneDone.file_id)).toEqual(
      new Map([['docs/b.txt', everything.get('docs/b.txt')]]),
    );
    expect(canary.connections).toBe(0);
  });

  it('refuses what is not a torrent when the task is created, and fails a pick the torrent does not have', async () => {
    await start();
    const { user, headers } = await member();
    for (const url of [
      'magnet:?xt=urn:btih:zzzz',
      'magnet:?dn=nothing',
      `magnet:?xt=urn:btih:${'a'.repeat(4100)}`,
    ]) {
      const answer = await offline(headers, url);
      expect(answer.statusCode, url).toBe(400);
      expect(errorOf(answer).error).toBe('invalid_argument');
    }
    const notTorrent = await uploadTorrent(
      user.id,
      Buffer.from('hello'),
      'notes.txt',
      'text/plain',
    );
    expect(errorOf(await offline(headers, notTorrent.id)).error).toBe('invalid_argument');
    const broken = await uploadTorrent(user.id, Buffer.from('d4:spam'), 'broken.torrent');
    expect(errorOf(await offline(headers, broken.id)).error).toBe('invalid_argument');
    const good = await uploadTorrent(user.id, torrentFile);
    for (const files of [['9'], ['-1'], ['one']]) {
      const answer = await offline(headers, good.id, { files });
      expect(answer.statusCode, files.join()).toBe(400);
      expect(errorOf(answer).error).toBe('invalid_argument');
    }
    // Another member's .torrent is not there for this one.
    const other = await member();
    const theirs = await uploadTorrent(other.user.id, torrentFile);
    const foreign = await offline(headers, theirs.id);
    expect(foreign.statusCode).toBe(404);

    // A magnet link's files are known only from the swarm: a pick past them fails the task.
    const missing = await created(headers, magnet, { files: ['7'] });
    await t.container.offlineWorker.runPending();
    expect(await task(headers, missing.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'The chosen files are not in the torrent',
      file_id: '',
    });
    expect(JSON.parse((await task(headers, missing.id)).params.files ?? '[]')).toHaveLength(2);
  });

  it('refuses trackers on loopback and private addresses by default, with the message of other blocked links and no request', async () => {
    await start(false);
    const { headers } = await member();
    const before = tracker.requests;
    const magnets = [
      magnet,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`http://localhost:${tracker.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`udp://127.0.0.1:${tracker.port}`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`http://2130706433:${tracker.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`http://[::ffff:127.0.0.1]:${tracker.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent('http://169.254.169.254/announce')}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`ws://127.0.0.1:${tracker.port}`)}`,
    ];
    const ids = [];
    for (const link of magnets) {
      ids.push((await created(headers, link)).id);
    }
    const { user } = await member();
    const uploaded = await uploadTorrent(user.id, torrentFile);
    const token = await signIn(t, user.email, user.password);
    const otherHeaders = { authorization: `Bearer ${token.access_token}` };
    const fromFile = await created(otherHeaders, uploaded.id);
    await t.container.offlineWorker.runPending();
    for (const [index, id] of ids.entries()) {
      expect(await task(headers, id), magnets[index]).toMatchObject({
        phase: 'PHASE_TYPE_ERROR',
        message: 'The link could not be downloaded',
        file_id: '',
      });
    }
    expect(await task(otherHeaders, fromFile.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'The link could not be downloaded',
    });
    expect(tracker.requests).toBe(before);
    expect(canary.connections).toBe(0);
  });
});
