import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { Server as TrackerServer } from 'bittorrent-tracker';
import WebTorrent from 'webtorrent';
import { taskMessage } from '@nimbus/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, makeUser, type TestApp } from '../helper';
import { signIn } from '../identity';

/**
 * `.torrent` files behind http(s) links: the URL checker reads them through the guarded fetcher
 * (within a few MiB) and lists their files as it does an uploaded `.torrent`; a task made from
 * such a link with `url.files` runs the torrent, one without saves the file itself.
 */

interface ResourceBody {
  kind: string;
  url: string;
  name: string;
  file_size: string;
  mime_type: string;
  file_category: string;
  reachable: boolean;
  message: string;
  is_torrent: boolean;
  files: { id: string; name: string; file_size: string }[];
}

interface TaskBody {
  id: string;
  name: string;
  phase: string;
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
  size: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The torrent: a folder `pack` with a binary file and a text file in a subfolder. */
const contents = new Map<string, Buffer>([
  ['a.bin', randomBytes(120_000)],
  ['docs/b.txt', Buffer.from('A torrent behind a link.\n'.repeat(400))],
]);
const total = [...contents.values()].reduce((sum, bytes) => sum + bytes.length, 0);

const tracker = new TrackerServer({ http: true, udp: false, ws: false, stats: false });
const seeder = new WebTorrent({ dht: false, lsd: false, utp: false, webSeeds: false });
let seedDir = '';
let torrentFile: Buffer = Buffer.alloc(0);

/** Bytes of the oversize answers: past the cap by a lot. */
const oversize = 64 * 1024 * 1024;

/**
 * The link server on 127.0.0.1 (opened to the checker by configuration), counting the bytes of
 * its oversize answers it managed to send; and a canary on 127.0.0.2 that counts every
 * connection reaching it (the guard must let none through).
 */
const source = { server: http.createServer(), port: 0, oversizeSent: 0 };
const canary = { server: http.createServer(), port: 0, connections: 0 };

source.server.on('request', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://source');
  switch (url.pathname) {
    case '/files/pack.torrent':
      response.writeHead(200, {
        'content-type': 'application/x-bittorrent',
        'content-length': String(torrentFile.length),
      });
      response.end(torrentFile);
      return;
    case '/download':
      // No .torrent in the name: the content type says it.
      response.writeHead(200, { 'content-type': 'application/x-bittorrent; charset=binary' });
      response.end(torrentFile);
      return;
    case '/misleading.torrent':
      // A misleading type: the name says torrent, and the bytes are one.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(torrentFile);
      return;
    case '/page.torrent':
      // The name says torrent; the bytes are a web page.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Not found</title><p>Nothing here</p>');
      return;
    case '/huge.torrent':
    case '/huge-streamed.torrent': {
      // Far past the cap, said up front or only sent (chunked): sent while the reader reads.
      response.writeHead(200, {
        'content-type': 'application/x-bittorrent',
        ...(url.pathname === '/huge.torrent' ? { 'content-length': String(oversize) } : {}),
      });
      const chunk = Buffer.alloc(64 * 1024, 0x64);
      let sent = 0;
      const more = () => {
        while (sent < oversize) {
          sent += chunk.length;
          source.oversizeSent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', more);
            return;
          }
        }
        response.end();
      };
      response.on('close', () => response.removeAllListeners('drain'));
      more();
      return;
    }
    case '/to-canary.torrent':
      response.writeHead(302, { location: `http://127.0.0.2:${canary.port}/pack.torrent` });
      response.end();
      return;
    default:
      response.writeHead(404);
      response.end();
  }
});
canary.server.on('connection', () => {
  canary.connections += 1;
});
canary.server.on('request', (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/x-bittorrent' });
  response.end(torrentFile);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  const trackerPort = (tracker.http?.address() as AddressInfo).port;
  seedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-link-seed-'));
  for (const [name, bytes] of contents) {
    await fs.mkdir(path.dirname(path.join(seedDir, 'pack', name)), { recursive: true });
    await fs.writeFile(path.join(seedDir, 'pack', name), bytes);
  }
  const seeding = await new Promise<WebTorrent.Torrent & WebTorrent.Seeding>((resolve) => {
    seeder.seed(
      path.join(seedDir, 'pack'),
      { announce: [`http://127.0.0.1:${trackerPort}/announce`], pieceLength: 16_384 },
      resolve,
    );
  });
  torrentFile = seeding.torrentFile;
  await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
  source.port = (source.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => canary.server.listen(0, '127.0.0.2', resolve));
  canary.port = (canary.server.address() as AddressInfo).port;
});

afterAll(async () => {
  source.server.closeAllConnections();
  await new Promise((resolve) => source.server.close(resolve));
  await new Promise((resolve) => canary.server.close(resolve));
  await new Promise<void>((resolve) => seeder.destroy(() => resolve()));
  await new Promise<void>((resolve) => tracker.close(resolve));
  await fs.rm(seedDir, { recursive: true, force: true });
});

describe.each(dialects)('.torrent links on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string> = {};
  let userId = '';

  async function start() {
    t = await buildTestApp(dialect, {
      OFFLINE_FETCH_EXTRA_PORTS: `${source.port},${canary.port}`,
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_TORRENT_DHT: 'false',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
    });
    const user = await makeUser(t);
    userId = user.id;
    const token = await signIn(t, user.email, user.password);
    headers = { authorization: `Bearer ${token.access_token}` };
  }

  afterEach(async () => {
    await t.container.offlineWorker.stop();
    await t.close();
  });

  const link = (name: string) => `http://127.0.0.1:${source.port}${name}`;

  function call(
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function check(
    urls: string[],
    extra: Record<string, string> = {},
  ): Promise<ResourceBody[]> {
    return ok<{ list: { resources: ResourceBody[] } }>(
      await call('POST', '/drive/v1/resource/list', { urls: urls.join('\n') }, extra),
    ).list.resources;
  }

  function offline(url: string, files?: string[]): Promise<LightMyRequestResponse> {
    return call('POST', '/drive/v1/files', {
      kind: 'drive#file',
      upload_type: 'UPLOAD_TYPE_URL',
      url: { url, ...(files === undefined ? {} : { files }) },
    });
  }

  async function task(id: string): Promise<TaskBody> {
    return ok<TaskBody>(await call('GET', `/drive/v1/tasks/${id}`));
  }

  /** Every file under a folder by its path there, with the SHA-256 of its stored content. */
  async function tree(folderId: string, prefix = ''): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const item of ok<{ files: FileBody[] }>(
      await call('GET', `/drive/v1/files?parent_id=${folderId}`),
    ).files) {
      if (item.kind === 'drive#folder') {
        for (const [name, hash] of await tree(item.id, `${prefix}${item.name}/`)) {
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

  /** The files a task made from an uploaded `.torrent` lists (`params.files`), as the checker names them. */
  async function listedForUpload(): Promise<ResourceBody['files']> {
    const digest = await t.container.blobs.ingest(Readable.from([torrentFile]));
    const uploaded = await t.container.files.createFile(userId, {
      name: 'pack.torrent',
      parentId: '',
      blob: digest,
      mimeType: 'application/x-bittorrent',
    });
    const made = ok<{ task: TaskBody }>(await offline(uploaded.id)).task;
    const listed = JSON.parse(made.params.files ?? '[]') as {
      index: string;
      name: string;
      size: string;
    }[];
    return listed.map((file) => ({ id: file.index, name: file.name, file_size: file.size }));
  }

  it('lists the files of a .torrent behind a link, named so or typed so, exactly as for an uploaded .torrent', async () => {
    await start();
    const [named, typed, misleading] = await check([
      link('/files/pack.torrent'),
      link('/download'),
      link('/misleading.torrent'),
    ]);
    const expected = await listedForUpload();
    expect(expected.map((file) => file.name).sort()).toEqual([...contents.keys()].sort());
    expect(named).toEqual({
      kind: 'drive#resource',
      url: link('/files/pack.torrent'),
      name: 'pack',
      file_size: String(total),
      mime_type: 'application/x-bittorrent',
      file_category: 'OTHER',
      reachable: true,
      message: '',
      is_torrent: true,
      files: expected,
    });
    expect(typed).toMatchObject({
      name: 'pack',
      file_size: String(total),
      reachable: true,
      is_torrent: true,
      files: expected,
    });
    expect(misleading).toMatchObject({
      name: 'pack',
      mime_type: 'text/plain',
      reachable: true,
      is_torrent: true,
      files: expected,
    });
  });

  it('says a .torrent link that is not one, or is too large, cannot be read, without reading past the cap', async () => {
    await start();
    const sentBefore = source.oversizeSent;
    const [page, huge, streamed] = await check(
      [link('/page.torrent'), link('/huge.torrent'), link('/huge-streamed.torrent')],
      { 'accept-language': 'ja' },
    );
    const japanese = (await check([link('/page.torrent')], { 'accept-language': 'ja' }))[0]
      ?.message;
    const english = (await check([link('/page.torrent')]))[0]?.message;
    expect(english).toBe('The torrent could not be read');
    expect(japanese).not.toBe(english);
    for (const answer of [page, huge, streamed]) {
      expect(answer).toMatchObject({
        reachable: false,
        is_torrent: true,
        files: [],
        message: japanese,
      });
    }
    expect(page).toMatchObject({ name: 'page.torrent', mime_type: 'text/html' });
    expect(huge).toMatchObject({ name: 'huge.torrent', file_size: String(oversize) });
    // The reader hung up near the cap: the source could not send the rest.
    expect(source.oversizeSent - sentBefore).toBeLessThan(oversize);
  });

  it('says why a .torrent link cannot be read, never connects to a blocked address, and refuses a task on it', async () => {
    await start();
    const before = canary.connections;
    const answers = await check([
      link('/to-canary.torrent'),
      `http://127.0.0.2:${canary.port}/pack.torrent`,
      link('/missing.torrent'),
      `http://127.0.0.1:1/closed.torrent`,
    ]);
    expect(canary.connections).toBe(before);
    expect(answers.map((answer) => answer.message)).toEqual([
      taskMessage('address_not_allowed', 'en-US'),
      taskMessage('address_not_allowed', 'en-US'),
      taskMessage('source_missing:404', 'en-US'),
      taskMessage('port_not_allowed', 'en-US'),
    ]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ reachable: false, is_torrent: false, name: '', files: [] });
    }

    // A task picking files of such a link is refused with one answer, whatever went wrong.
    const refusals = [];
    for (const url of [
      link('/to-canary.torrent'),
      `http://127.0.0.2:${canary.port}/pack.torrent`,
      link('/missing.torrent'),
      link('/page.torrent'),
      link('/huge.torrent'),
    ]) {
      const response = await offline(url, ['0']);
      expect(response.statusCode, url).toBe(400);
      refusals.push(JSON.stringify(errorOf(response)));
    }
    expect(new Set(refusals).size).toBe(1);
    expect(JSON.parse(refusals[0] ?? '{}')).toMatchObject({ error: 'invalid_argument' });
    expect(canary.connections).toBe(before);
    expect(
      ok<{ tasks: TaskBody[] }>(await call('GET', '/drive/v1/tasks?type=offline')).tasks,
    ).toEqual([]);
  });

  it('runs the torrent a link serves when the task picks its files (or names none with an empty list); without url.files the link saves the .torrent itself', async () => {
    await start();
    const everything = new Map([...contents].map(([name, bytes]) => [name, sha256(bytes)]));
    const listed = (await check([link('/files/pack.torrent')]))[0]?.files ?? [];
    const text = listed.find((file) => file.name === 'docs/b.txt')?.id ?? '';

    const picked = ok<{ task: TaskBody }>(await offline(link('/files/pack.torrent'), [text])).task;
    expect(picked).toMatchObject({ name: 'pack', file_name: 'pack' });
    expect(picked.params.url).toMatch(/^magnet:\?xt=urn:btih:/);
    expect(JSON.parse(picked.params.files ?? '[]')).toHaveLength(2);
    const every = ok<{ task: TaskBody }>(await offline(link('/download'), [])).task;
    const plain = ok<{ task: TaskBody }>(await offline(link('/files/pack.torrent'))).task;
    expect(plain).toMatchObject({
      name: 'pack.torrent',
      params: { url: link('/files/pack.torrent') },
    });
    // An index the torrent lacks is the member's error, as for an uploaded .torrent.
    const past = await offline(link('/files/pack.torrent'), ['7']);
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).error).toBe('invalid_argument');

    expect(await t.container.offlineWorker.runPending()).toBe(3);
    const pickedDone = await task(picked.id);
    expect(pickedDone).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_size: String(contents.get('docs/b.txt')?.length),
    });
    expect(await tree(pickedDone.file_id)).toEqual(
      new Map([['docs/b.txt', everything.get('docs/b.txt')]]),
    );
    const everyDone = await task(every.id);
    // Two folders named after the torrent: the second gets a number.
    expect(everyDone).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_size: String(total) });
    expect([pickedDone.file_name, everyDone.file_name].sort()).toEqual(['pack', 'pack(1)']);
    expect(await tree(everyDone.file_id)).toEqual(everything);
    const plainDone = await task(plain.id);
    expect(plainDone).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'pack.torrent',
      file_size: String(torrentFile.length),
    });
    expect((await t.container.files.get(userId, plainDone.file_id)).sha256).toBe(
      sha256(torrentFile),
    );
  });
});
