import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Server as TrackerServer } from 'bittorrent-tracker';
import WebTorrent from 'webtorrent';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';

export type Headers = Record<string, string>;

/** The Task of docs/api.md#tasks as the tests read it. */
export interface TaskBody {
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

export interface FileBody {
  id: string;
  parent_id: string;
  name: string;
  size: string;
  kind: string;
  folder_type: string;
}

export interface ResourceBody {
  name: string;
  file_size: string;
  reachable: boolean;
  message: string;
  is_torrent: boolean;
  files: { id: string; name: string; file_size: string }[];
}

export interface Listed {
  index: string;
  name: string;
  size: string;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The torrent the seeder offers: a folder `pack` with a binary file and a text file in a subfolder. */
export const contents = new Map<string, Buffer>([
  ['a.bin', randomBytes(300_000)],
  ['docs/b.txt', Buffer.from('Nimbus fetches torrents too.\n'.repeat(500))],
]);

/**
 * A tracker on 127.0.0.1 (counting every request that reaches it), a seeder of the torrent
 * announced there, and a canary peer on 127.0.0.2 that the tracker also hands out (through a
 * forged announce) and that counts every connection reaching it.
 */
function newTracker() {
  return {
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
}
function newCanary() {
  return { server: net.createServer(), port: 0, connections: 0 };
}
function newSeeder() {
  return new WebTorrent({ dht: false, lsd: false, utp: false, webSeeds: false });
}
// Made again by each file's `useSwarm`: a file shares its worker's modules with the files before
// it, whose swarm is stopped by then.
export let tracker = newTracker();
export let canary = newCanary();
export let seeder = newSeeder();
export let seedDir = '';
export let magnet = '';
export let torrentFile: Buffer = Buffer.alloc(0);
export let infoHash = '';
/** Piece requests the seeder received. */
export let pieceRequests = 0;
/** The seeder's torrent: `uploaded` counts the piece bytes it sent. */
export let seeded: (WebTorrent.Torrent & WebTorrent.Seeding) | undefined;
export const total = [...contents.values()].reduce((sum, bytes) => sum + bytes.length, 0);

/** Starts the tracker, the seeder and the canary before the tests of a file and stops them after. */
export function useSwarm() {
  beforeAll(async () => {
    tracker = newTracker();
    canary = newCanary();
    seeder = newSeeder();
    pieceRequests = 0;
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
}

/** Torrent downloads on an app each test starts (`start`), and the calls the tests make through it. */
export function useTorrentApp(dialect: Dialect) {
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

  function member() {
    return signedInMember(t);
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
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

  return {
    get t() {
      return t;
    },
    start,
    member,
    call,
    everything,
    offline,
    created,
    task,
    children,
    tree,
    uploadTorrent,
    check,
    trafficOf,
    drive,
    references,
  };
}
