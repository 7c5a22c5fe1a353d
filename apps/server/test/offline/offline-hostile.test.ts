import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import parseTorrent from 'parse-torrent';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBundle,
  bundlePath,
  freePort,
  prepareMember,
  removeBundle,
  serverEnv,
  startServer,
  type RunningProcess,
} from '../support/processes';

/**
 * Hostile inputs against the real server process (a bundle, as in production): each one goes
 * through the torrent, link-checker, thumbnail and media-analysis paths, and after each the same
 * process still answers. A magnet link whose tracker redirects to `https://` used to kill the
 * server from the link checker, open to anyone (`uncaughtException` in the tracker's http client).
 */
const bundle = bundlePath('offline-hostile-test');
let workDir = '';
let server: RunningProcess | undefined;
let api = '';
let headers: Record<string, string> = {};

const run = promisify(execFile);

/** Bytes the hostile source serves, by path. */
const served = new Map<string, { type: string; body: Buffer }>();
const hostile = { server: http.createServer(), port: 0, announces: 0 };
const infoHash = randomBytes(20).toString('hex');

hostile.server.on('request', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://hostile');
  if (url.pathname === '/announce-https') {
    // Many real trackers move to https: the tracker client follows to a TLS hop.
    hostile.announces += 1;
    response.writeHead(302, { location: `https://127.0.0.1:${hostile.port}/announce` });
    response.end();
    return;
  }
  if (url.pathname === '/announce-garbage') {
    hostile.announces += 1;
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('d8:intervali-5e5:peers5:abce');
    return;
  }
  const file = served.get(url.pathname);
  if (file === undefined) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, {
    'content-type': file.type,
    'content-length': String(file.body.length),
  });
  response.end(file.body);
});

const magnetOf = (announce: string) =>
  `magnet:?xt=urn:btih:${infoHash}&dn=hostile&tr=${encodeURIComponent(`http://127.0.0.1:${hostile.port}${announce}`)}`;

interface TaskBody {
  id: string;
  phase: string;
  message: string;
  file_id: string;
}

async function call(method: string, url: string, body?: unknown, auth = true): Promise<Response> {
  return fetch(`${api}${url}`, {
    method,
    headers: {
      ...(auth ? headers : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The same server process still serves: it answers its readiness check and an API call. */
async function expectServing(what: string): Promise<void> {
  expect(server?.child.exitCode, `${what}: ${server?.output() ?? ''}`).toBeNull();
  const ready = await fetch(`${api}/readyz`);
  expect(ready.status, what).toBe(200);
  const about = await call('GET', '/drive/v1/about');
  expect(about.status, what).toBe(200);
}

async function checkLinks(
  urls: string,
): Promise<{ reachable: boolean; message: string; files: unknown[] }[]> {
  const response = await call('POST', '/drive/v1/resource/list', { urls }, false);
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      list: { resources: { reachable: boolean; message: string; files: unknown[] }[] };
    }
  ).list.resources;
}

async function createTask(url: string, extra: Record<string, unknown> = {}): Promise<Response> {
  return call('POST', '/drive/v1/files', {
    kind: 'drive#file',
    upload_type: 'UPLOAD_TYPE_URL',
    url: { url, ...extra },
  });
}

/** Waits until the task ended (complete or failed). */
async function settled(id: string): Promise<TaskBody> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const task = (await (await call('GET', `/drive/v1/tasks/${id}`)).json()) as TaskBody;
    if (task.phase === 'PHASE_TYPE_COMPLETE' || task.phase === 'PHASE_TYPE_ERROR') {
      return task;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${id} never ended: ${server?.output() ?? ''}`);
}

/** Downloads a served path into the drive and answers the file's id. */
async function download(pathname: string): Promise<string> {
  const created = await createTask(`http://127.0.0.1:${hostile.port}${pathname}`);
  expect(created.status, await created.clone().text()).toBe(200);
  const task = await settled(((await created.json()) as { task: TaskBody }).task.id);
  expect(task.phase, pathname).toBe('PHASE_TYPE_COMPLETE');
  return task.file_id;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-hostile-'));
  buildBundle(bundle);
  await new Promise<void>((resolve) => hostile.server.listen(0, '127.0.0.1', resolve));
  hostile.port = (hostile.server.address() as AddressInfo).port;

  // A real torrent file, then the same cut short, and noise that starts like one.
  const torrent = parseTorrent.toTorrentFile({
    infoHash: '',
    info: {
      name: Buffer.from('pack'),
      'piece length': 16384,
      pieces: randomBytes(40),
      length: 20_000,
    },
    announce: [`http://127.0.0.1:${hostile.port}/announce-https`],
    urlList: [],
  });
  served.set('/truncated.torrent', {
    type: 'application/x-bittorrent',
    body: torrent.subarray(0, Math.floor(torrent.length / 2)),
  });
  served.set('/garbage.torrent', {
    type: 'application/x-bittorrent',
    body: Buffer.concat([Buffer.from('d8:announce'), randomBytes(4000)]),
  });
  served.set('/nested.torrent', {
    type: 'application/x-bittorrent',
    body: Buffer.from(`${'l'.repeat(200_000)}${'e'.repeat(200_000)}`),
  });

  // Media cut short or made up: a real clip and picture truncated, and headers with noise behind.
  const clip = path.join(workDir, 'clip.mp4');
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    clip,
  ]);
  const clipBytes = fs.readFileSync(clip);
  served.set('/truncated.mp4', {
    type: 'video/mp4',
    body: clipBytes.subarray(0, Math.floor(clipBytes.length * 0.4)),
  });
  served.set('/noise.mp4', {
    type: 'video/mp4',
    body: Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      randomBytes(60_000),
    ]),
  });
  served.set('/noise.mkv', {
    type: 'video/x-matroska',
    body: Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(60_000)]),
  });
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .png()
    .toBuffer();
  served.set('/truncated.png', {
    type: 'image/png',
    body: png.subarray(0, Math.floor(png.length / 2)),
  });
  // A header that claims 60000 × 60000 pixels.
  const huge = Buffer.from(png);
  huge.writeUInt32BE(60_000, 16);
  huge.writeUInt32BE(60_000, 20);
  served.set('/huge.png', { type: 'image/png', body: huge });
  served.set('/noise.jpg', {
    type: 'image/jpeg',
    body: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(30_000)]),
  });

  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  const dataDir = path.join(workDir, 'data');
  const account = await prepareMember(dataDir, 'Hostile');
  server = await startServer(
    bundle,
    serverEnv(dataDir, port, {
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: String(hostile.port),
      OFFLINE_TORRENT_DHT: 'false',
      OFFLINE_TORRENT_METADATA_SECONDS: '2',
      OFFLINE_TIMEOUT_SECONDS: '3',
      OFFLINE_POLL_SECONDS: '0.2',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
    }),
  );
  const signedIn = await fetch(`${api}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'tv', username: account.email, password: account.password }),
  });
  expect(signedIn.status).toBe(200);
  headers = {
    authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}`,
  };
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await new Promise((resolve) => hostile.server.close(resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
  removeBundle(bundle);
});

describe('hostile inputs keep the server serving', () => {
  it('a magnet link whose tracker redirects to https, sent to the link checker without signing in, fails that check only', async () => {
    const magnets = [magnetOf('/announce-https'), magnetOf('/announce-garbage')];
    const checked = await checkLinks(magnets.join('\n'));
    expect(hostile.announces).toBeGreaterThanOrEqual(2);
    for (const [index, resource] of checked.entries()) {
      expect(resource, magnets[index]).toMatchObject({ reachable: false, files: [] });
      expect(resource.message, magnets[index]).not.toBe('');
    }
    await expectServing('the link checker');
  });

  it('the same magnet link as an offline task fails with a reason, and the server goes on', async () => {
    const created = await createTask(magnetOf('/announce-https'));
    expect(created.status).toBe(200);
    const task = await settled(((await created.json()) as { task: TaskBody }).task.id);
    expect(task).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'The download took too long',
      file_id: '',
    });
    await expectServing('the task');
  });

  it('truncated and made-up .torrent files, behind links and in the drive, are refused without harm', async () => {
    const links = ['/truncated.torrent', '/garbage.torrent', '/nested.torrent'].map(
      (name) => `http://127.0.0.1:${hostile.port}${name}`,
    );
    const checked = await checkLinks(links.join('\n'));
    for (const [index, resource] of checked.entries()) {
      expect(resource, links[index]).toMatchObject({
        reachable: false,
        message: 'The torrent could not be read',
        files: [],
      });
    }
    await expectServing('the link checker');
    for (const link of links) {
      const picked = await createTask(link, { files: ['0'] });
      expect(picked.status, link).toBe(400);
      await expectServing(link);
      // Saved as a file, then named as the torrent of a task.
      const fileId = await download(new URL(link).pathname);
      const fromDrive = await createTask(fileId);
      expect(fromDrive.status, link).toBe(400);
      await expectServing(`${link} from the drive`);
    }
  });

  it('truncated and made-up pictures and videos get analysed and thumbnailed without harm', async () => {
    for (const name of [
      '/truncated.mp4',
      '/noise.mp4',
      '/noise.mkv',
      '/truncated.png',
      '/huge.png',
      '/noise.jpg',
    ]) {
      const fileId = await download(name);
      const file = await call('GET', `/drive/v1/files/${fileId}?thumbnail_size=SIZE_MEDIUM`);
      expect(file.status, name).toBe(200);
      const body = (await file.json()) as { thumbnail_link: string; medias: unknown[] };
      if (body.thumbnail_link !== '') {
        const thumbnail = new URL(body.thumbnail_link);
        const drawn = await fetch(`${api}${thumbnail.pathname}${thumbnail.search}`, {
          headers: { host: thumbnail.host },
        });
        // Drawn, or none for damaged content: never a server error.
        expect([200, 404], `${name}: ${await drawn.clone().text()}`).toContain(drawn.status);
      }
      await expectServing(name);
    }
  });
});
