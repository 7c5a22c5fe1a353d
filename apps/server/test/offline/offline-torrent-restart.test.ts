import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server as TrackerServer } from 'bittorrent-tracker';
import WebTorrent from 'webtorrent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import {
  buildBundle,
  bundlePath,
  freePort,
  prepareMember,
  removeBundle,
  serverEnv,
  startServer as startBundle,
  type RunningProcess,
} from '../support/processes';

/**
 * A torrent task through a crash of the real server process: a seeder on loopback, slowed down,
 * has sent part of a two-file torrent when the server is killed with SIGKILL; after a restart the
 * task verifies the pieces it kept and asks the seeder only for the rest, and completes with the
 * right SHA-256 for both files.
 */
const bundle = bundlePath('offline-torrent-restart-test');
let workDir = '';

const contents = new Map<string, Buffer>([
  ['film.bin', randomBytes(4 * 1024 * 1024)],
  ['extras/notes.bin', randomBytes(1024 * 1024 + 777)],
]);
const total = [...contents.values()].reduce((sum, bytes) => sum + bytes.length, 0);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const tracker = new TrackerServer({ http: true, udp: false, ws: false, stats: false });
const seeder = new WebTorrent({ dht: false, lsd: false, utp: false, webSeeds: false });
let seeding: (WebTorrent.Torrent & WebTorrent.Seeding) | undefined;
let magnet = '';

function startServer(dataDir: string, port: number): Promise<RunningProcess> {
  return startBundle(
    bundle,
    serverEnv(dataDir, port, {
      OFFLINE_LEASE_SECONDS: '3',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_TORRENT_DHT: 'false',
    }),
  );
}

interface TaskBody {
  id: string;
  phase: string;
  progress: number;
  file_id: string;
  file_name: string;
  file_size: string;
  message: string;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-torrent-restart-'));
  buildBundle(bundle);
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  const trackerPort = (tracker.http?.address() as AddressInfo).port;
  const seedDir = path.join(workDir, 'seed', 'Film pack');
  for (const [name, bytes] of contents) {
    fs.mkdirSync(path.dirname(path.join(seedDir, name)), { recursive: true });
    fs.writeFileSync(path.join(seedDir, name), bytes);
  }
  seeding = await new Promise<WebTorrent.Torrent & WebTorrent.Seeding>((resolve) => {
    seeder.seed(
      seedDir,
      { announce: [`http://127.0.0.1:${trackerPort}/announce`], pieceLength: 32 * 1024 },
      resolve,
    );
  });
  magnet = seeding.magnetURI;
});

afterAll(async () => {
  await new Promise<void>((resolve) => seeder.destroy(() => resolve()));
  await new Promise<void>((resolve) => tracker.close(resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
  removeBundle(bundle);
});

describe('torrent downloads across a server crash', () => {
  it('SIGKILL midway, restart: the task keeps the verified pieces, fetches only the rest, and both files have the right SHA-256', async () => {
    const dataDir = path.join(workDir, 'data');
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const account = await prepareMember(dataDir, 'Torrent');
    // Slow enough that the server is killed part-way.
    seeder.throttleUpload(400 * 1024);
    let server = await startServer(dataDir, port);
    try {
      const signedIn = await fetch(`${api}/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: 'tv',
          username: account.email,
          password: account.password,
        }),
      });
      expect(signedIn.status).toBe(200);
      const headers = {
        authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}`,
        'content-type': 'application/json',
      };
      const created = await fetch(`${api}/drive/v1/files`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          kind: 'drive#file',
          upload_type: 'UPLOAD_TYPE_URL',
          url: { url: magnet },
        }),
      });
      expect(created.status).toBe(200);
      const id = ((await created.json()) as { task: TaskBody }).task.id;
      const task = async () =>
        (await (await fetch(`${api}/drive/v1/tasks/${id}`, { headers })).json()) as TaskBody;

      // Part of the torrent has been sent (and its pieces written) when the server dies.
      for (let attempt = 0; attempt < 600 && (seeding?.uploaded ?? 0) < total * 0.4; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const sentBefore = seeding?.uploaded ?? 0;
      expect(sentBefore, server.output()).toBeGreaterThanOrEqual(total * 0.4);
      expect(sentBefore).toBeLessThan(total);
      expect((await task()).phase).toBe('PHASE_TYPE_RUNNING');
      server.child.kill('SIGKILL');
      await server.exited;
      const sentAtKill = seeding?.uploaded ?? 0;

      seeder.throttleUpload(-1);
      server = await startServer(dataDir, port);
      let done: TaskBody | undefined;
      for (let attempt = 0; attempt < 600; attempt += 1) {
        const seen = await task();
        if (seen.phase === 'PHASE_TYPE_COMPLETE' || seen.phase === 'PHASE_TYPE_ERROR') {
          done = seen;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(done, server.output()).toMatchObject({
        phase: 'PHASE_TYPE_COMPLETE',
        message: '',
        file_name: 'Film pack',
        file_size: String(total),
      });
      // The second run asked the seeder for less than the whole torrent: the kept pieces were verified, not fetched again.
      const sentAfterRestart = (seeding?.uploaded ?? 0) - sentAtKill;
      expect(sentAfterRestart).toBeGreaterThan(0);
      expect(sentAfterRestart).toBeLessThan(total);
      expect(sentAfterRestart).toBeLessThanOrEqual(total - sentBefore * 0.5);

      const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
      try {
        const found = new Map<string, string>();
        const walk = async (parentId: string, prefix: string): Promise<void> => {
          const rows = await database.db
            .selectFrom('files')
            .select(['id', 'name', 'kind', 'sha256'])
            .where('parent_id', '=', parentId)
            .execute();
          for (const row of rows) {
            if (row.kind === 'folder') {
              await walk(row.id, `${prefix}${row.name}/`);
            } else {
              found.set(`${prefix}${row.name}`, row.sha256 ?? '');
            }
          }
        };
        await walk(done?.file_id ?? '', '');
        // The month's traffic is what came from the seeder, booked as it came (the run killed
        // part-way had booked its share): what the restart fetched, and at most all that was sent.
        const traffic = (
          await database.db.selectFrom('offline_traffic').select('bytes').execute()
        ).reduce((sum, row) => sum + Number(row.bytes), 0);
        expect(traffic).toBeGreaterThan(sentAfterRestart);
        expect(traffic).toBeLessThanOrEqual(seeding?.uploaded ?? 0);
        expect(found).toEqual(new Map([...contents].map(([name, bytes]) => [name, sha256(bytes)])));
        for (const hash of found.values()) {
          const blob = fs.readFileSync(
            path.join(dataDir, 'blobs', hash.slice(0, 2), hash.slice(2, 4), hash),
          );
          expect(sha256(blob)).toBe(hash);
        }
      } finally {
        await database.db.destroy();
      }
      // The pieces folder is gone with the finished task.
      expect(fs.readdirSync(path.join(dataDir, 'offline'))).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
