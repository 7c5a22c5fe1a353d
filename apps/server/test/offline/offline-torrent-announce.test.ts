import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server as TrackerServer } from 'bittorrent-tracker';
import WebTorrent from 'webtorrent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, ok, type TestApp } from '../helper';
import { signIn } from '../identity';

/*
 * A torrent whose tracker fails the first announce still arrives: the task asks the tracker
 * again after a few seconds instead of waiting out the tracker client's 30-minute interval.
 * The tracker sits behind a door on loopback that answers the first announce with an error and
 * passes the others on.
 */

const tracker = new TrackerServer({ http: true, udp: false, ws: false, stats: false });
const seeder = new WebTorrent({ dht: false, lsd: false, utp: false, webSeeds: false });
const bytes = randomBytes(64 * 1024);
let trackerPort = 0;
let door: http.Server;
let doorPort = 0;
let announces = 0;
/** Whether the door fails the next announce. */
let failNext = false;
let seedDir = '';
let infoHash = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  trackerPort = (tracker.http?.address() as AddressInfo).port;
  door = http.createServer((request, response) => {
    announces += 1;
    if (failNext) {
      failNext = false;
      response.writeHead(503);
      response.end();
      return;
    }
    http
      .get(`http://127.0.0.1:${trackerPort}${request.url ?? '/'}`, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      })
      .on('error', () => response.destroy());
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
  doorPort = (door.address() as AddressInfo).port;

  seedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-seed-'));
  await fs.writeFile(path.join(seedDir, 'late.bin'), bytes);
  const seeding = await new Promise<WebTorrent.Torrent & WebTorrent.Seeding>((resolve) => {
    seeder.seed(
      path.join(seedDir, 'late.bin'),
      { announce: [`http://127.0.0.1:${trackerPort}/announce`], pieceLength: 16_384 },
      resolve,
    );
  });
  infoHash = seeding.infoHash;
});

afterAll(async () => {
  await new Promise<void>((resolve) => seeder.destroy(() => resolve()));
  await new Promise<void>((resolve) => tracker.close(resolve));
  await new Promise((resolve) => door.close(resolve));
  await fs.rm(seedDir, { recursive: true, force: true });
});

describe.each(dialects)('a tracker that fails once, on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    // Without a second announce the task would find no peer and fail when its time is up.
    t = await buildTestApp(dialect, {
      OFFLINE_TORRENT_DHT: 'false',
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_TIMEOUT_SECONDS: '25',
    });
  });

  afterEach(async () => {
    await t.container.offlineWorker.stop();
  });

  afterAll(async () => {
    await t.close();
  });

  it('is asked again, and the task completes', async () => {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    const headers = { authorization: `Bearer ${token.access_token}` };
    announces = 0;
    failNext = true;
    const magnet = `magnet:?xt=urn:btih:${infoHash}&dn=late.bin&tr=${encodeURIComponent(`http://127.0.0.1:${doorPort}/announce`)}`;
    const created = ok<{ task: { id: string } }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: magnet } },
      }),
    ).task;
    const started = Date.now();
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    const task = ok<{ phase: string; message: string }>(
      await t.app.inject({ method: 'GET', url: `/drive/v1/tasks/${created.id}`, headers }),
    );
    expect(task, task.message).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE' });
    expect(announces).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 40_000);
});
