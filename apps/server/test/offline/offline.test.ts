import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineWorker } from '../../src/modules/offline/offline-worker';
import { createUrlFetcher } from '../../src/modules/offline/url-fetcher';
import { parseRanges } from '../../src/modules/offline/fetch-guard';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
} from '../helper';
import { signIn } from '../identity';
import { storeFile } from '../support/stored-file';

/** The Task of docs/api.md#tasks as the tests read it. */
interface TaskBody {
  id: string;
  type: string;
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
  hash: string;
  kind: string;
  folder_type: string;
}

const content = randomBytes(256 * 1024);
const contentSha256 = createHash('sha256').update(content).digest('hex');

/** A gate a test opens to let the slow source send its second half. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The sources of the tests: a file server on 127.0.0.1 and a canary on 127.0.0.2 that counts
 * every connection that reaches it (the SSRF guard must let none through).
 */
const source = {
  server: http.createServer(),
  port: 0,
  flakyFailures: 0,
  slowGate: gate(),
  slowRequests: 0,
  /** Requests per path under `/each/`. */
  hits: new Map<string, number>(),
};
const canary = { server: http.createServer(), port: 0, connections: 0 };

source.server.on('request', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://source');
  if (url.pathname.startsWith('/each/')) {
    source.hits.set(url.pathname, (source.hits.get(url.pathname) ?? 0) + 1);
    response.writeHead(200, { 'content-length': String(content.length) });
    response.end(content);
    return;
  }
  switch (url.pathname) {
    case '/file.bin':
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(content.length),
      });
      response.end(content);
      return;
    case '/named':
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': String(content.length),
        'content-disposition': `attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('報告 final.pdf')}`,
      });
      response.end(content);
      return;
    case '/spoofed':
    case '/long-name': {
      const name =
        url.pathname === '/spoofed' ? 'invoice\u202Efdp.exe' : `${'報告'.repeat(150)}.pdf`;
      response.writeHead(200, {
        'content-length': String(content.length),
        'content-disposition': `attachment; filename="x.bin"; filename*=UTF-8''${encodeURIComponent(name)}`,
      });
      response.end(content);
      return;
    }
    case '/slow': {
      source.slowRequests += 1;
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(content.length),
      });
      response.write(content.subarray(0, content.length / 2));
      void source.slowGate.opened.then(() => response.end(content.subarray(content.length / 2)));
      return;
    }
    case '/flaky':
      if (source.flakyFailures > 0) {
        source.flakyFailures -= 1;
        response.writeHead(500);
        response.end('broken');
        return;
      }
      response.writeHead(200, { 'content-length': String(content.length) });
      response.end(content);
      return;
    case '/redirect-ok':
      response.writeHead(302, { location: '/file.bin' });
      response.end();
      return;
    case '/redirect-loop':
      response.writeHead(302, { location: '/redirect-loop' });
      response.end();
      return;
    case '/redirect-canary':
      response.writeHead(302, { location: `http://127.0.0.2:${canary.port}/secret` });
      response.end();
      return;
    case '/redirect-canary-decimal':
      response.writeHead(301, { location: `http://2130706434:${canary.port}/secret` });
      response.end();
      return;
    case '/redirect-localhost':
      response.writeHead(307, { location: `http://localhost:${canary.port}/secret` });
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
  response.end('secret');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
  source.port = (source.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => canary.server.listen(0, '127.0.0.2', resolve));
  canary.port = (canary.server.address() as AddressInfo).port;
});
afterAll(async () => {
  source.slowGate.open();
  await new Promise((resolve) => source.server.close(resolve));
  await new Promise((resolve) => canary.server.close(resolve));
});

describe.each(dialects)('offline downloads on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  /** The app, with loopback 127.0.0.1 opened to downloads only when `allowLoopback`. */
  async function start(env: Record<string, string> = {}, allowLoopback = true) {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      {
        OFFLINE_FETCH_EXTRA_PORTS: `${source.port},${canary.port}`,
        ...(allowLoopback ? { OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32' } : {}),
        ...env,
      },
      { now: clock.now },
    );
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
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  function expectError(response: LightMyRequestResponse, status: number, reason: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response).error).toBe(reason);
  }

  function offline(headers: Headers, url: string, extra: Record<string, unknown> = {}) {
    return call(headers, 'POST', '/drive/v1/files', {
      kind: 'drive#file',
      upload_type: 'UPLOAD_TYPE_URL',
      url: { url },
      ...extra,
    });
  }

  async function created(
    headers: Headers,
    url: string,
    extra: Record<string, unknown> = {},
  ): Promise<TaskBody> {
    const answer = ok<{ upload_type: string; url: { kind: string }; file: null; task: TaskBody }>(
      await offline(headers, url, extra),
    );
    expect(answer).toMatchObject({
      upload_type: 'UPLOAD_TYPE_URL',
      url: { kind: 'upload#url' },
      file: null,
    });
    return answer.task;
  }

  async function task(headers: Headers, id: string): Promise<TaskBody> {
    return ok<TaskBody>(await call(headers, 'GET', `/drive/v1/tasks/${id}`));
  }

  async function file(headers: Headers, id: string): Promise<FileBody> {
    return ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${id}`));
  }

  async function rootFiles(headers: Headers): Promise<FileBody[]> {
    return ok<{ files: FileBody[] }>(await call(headers, 'GET', '/drive/v1/files?parent_id=*'))
      .files;
  }

  const sourceUrl = (path: string) => `http://127.0.0.1:${source.port}${path}`;

  it('fetches a URL into the downloads folder, hashing on the way, and records the event', async () => {
    await start();
    const { user, headers } = await member();
    const queued = await created(headers, sourceUrl('/file.bin'), {
      params: { source: 'url_checker' },
    });
    expect(queued).toMatchObject({
      type: 'offline',
      phase: 'PHASE_TYPE_PENDING',
      name: 'file.bin',
      progress: 0,
      params: { url: sourceUrl('/file.bin'), source: 'url_checker' },
    });
    expect(await t.container.offlineWorker.runPending()).toBe(1);

    const done = await task(headers, queued.id);
    // Where the task was made outlives the worker's writes.
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_name: 'file.bin',
      file_size: String(content.length),
      message: '',
      params: { source: 'url_checker' },
    });
    const stored = await file(headers, done.file_id);
    expect(stored).toMatchObject({
      name: 'file.bin',
      size: String(content.length),
      kind: 'drive#file',
    });
    expect((await t.container.files.get(user.id, done.file_id)).sha256).toBe(contentSha256);
    const folder = await file(headers, stored.parent_id);
    expect(folder).toMatchObject({
      kind: 'drive#folder',
      name: 'My Downloads',
      folder_type: 'DOWNLOAD',
      parent_id: '',
    });

    // A second download lands in the same folder; a name from Content-Disposition wins.
    clock.advance(1000);
    const named = await created(headers, sourceUrl('/named'));
    await t.container.offlineWorker.runPending();
    const namedTask = await task(headers, named.id);
    expect(namedTask).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_name: '報告 final.pdf' });
    expect((await file(headers, namedTask.file_id)).parent_id).toBe(folder.id);

    const events = ok<{ events: { type: string; file_id: string }[] }>(
      await call(headers, 'GET', '/drive/v1/events'),
    );
    expect(events.events.map((event) => [event.type, event.file_id])).toEqual([
      ['TYPE_OFFLINE', namedTask.file_id],
      ['TYPE_OFFLINE', done.file_id],
    ]);
  });

  it('makes a name from Content-Disposition safe: direction controls dropped, cut to 255 bytes keeping the extension', async () => {
    await start();
    const { headers } = await member();
    const spoofed = await created(headers, sourceUrl('/spoofed'));
    const long = await created(headers, sourceUrl('/long-name'));
    await t.container.offlineWorker.runPending();
    const spoofedTask = await task(headers, spoofed.id);
    expect(spoofedTask).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'invoicefdp.exe',
    });
    expect((await file(headers, spoofedTask.file_id)).name).toBe('invoicefdp.exe');
    const longTask = await task(headers, long.id);
    expect(longTask.phase).toBe('PHASE_TYPE_COMPLETE');
    const name = (await file(headers, longTask.file_id)).name;
    expect(name).toBe(`${'報告'.repeat(41)}報.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    // A name the member types is refused instead.
    expectError(
      await offline(headers, sourceUrl('/file.bin'), { name: 'a\u202Eb.exe' }),
      400,
      'file_name_direction_control',
    );
  });

  it("puts the file in the given folder, follows redirects, and names the folder in the member's language", async () => {
    await start();
    const { user, headers } = await member();
    const target = ok<{ file: FileBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Inbox',
        parent_id: '',
      }),
    ).file;
    const queued = await created(headers, sourceUrl('/redirect-ok'), {
      parent_id: target.id,
      name: 'mine.bin',
    });
    await t.container.offlineWorker.runPending();
    const done = await task(headers, queued.id);
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await file(headers, done.file_id)).toMatchObject({
      parent_id: target.id,
      name: 'file.bin',
    });

    const japanese = await makeUser(t, { locale: 'ja' });
    const token = await signIn(t, japanese.email, japanese.password);
    const jaHeaders = { authorization: `Bearer ${token.access_token}` };
    const jaTask = await created(jaHeaders, sourceUrl('/file.bin'));
    await t.container.offlineWorker.runPending();
    const jaFile = await file(jaHeaders, (await task(jaHeaders, jaTask.id)).file_id);
    expect((await file(jaHeaders, jaFile.parent_id)).name).toBe('マイダウンロード');
    expect(user.id).not.toBe(japanese.id);
  });

  it('refuses loopback and private addresses by default, in every spelling, with one message and no connection', async () => {
    await start({ PLAN_FREE_CLOUD_DOWNLOADS: '100' }, false);
    const { headers } = await member();
    const payloads = [
      sourceUrl('/file.bin'),
      `http://localhost:${source.port}/file.bin`,
      `http://127.0.0.2:${canary.port}/secret`,
      `http://2130706434:${canary.port}/secret`,
      `http://0x7f000002:${canary.port}/secret`,
      `http://0177.0.0.2:${canary.port}/secret`,
      `http://127.2:${canary.port}/secret`,
      `http://[::ffff:127.0.0.2]:${canary.port}/secret`,
      `http://[::ffff:7f00:2]:${canary.port}/secret`,
      `http://[::127.0.0.2]:${canary.port}/secret`,
      `http://[::1]:${canary.port}/secret`,
      `http://0.0.0.0:${canary.port}/secret`,
      `http://0:${canary.port}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[64:ff9b::7f00:2]/',
      'http://[2002:7f00:2::1]/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      `http://127.0.0.2:22/`,
      `https://127.0.0.2:${canary.port}/`,
    ];
    const ids: string[] = [];
    for (const url of payloads) {
      ids.push((await created(headers, url)).id);
    }
    await t.container.offlineWorker.runPending();
    for (const [index, id] of ids.entries()) {
      const failed = await task(headers, id);
      expect(failed.phase, payloads[index]).toBe('PHASE_TYPE_ERROR');
      expect(failed.message, payloads[index]).toBe('The link could not be downloaded');
      expect(failed.file_id).toBe('');
    }
    expect(canary.connections).toBe(0);
    expect((await rootFiles(headers)).filter((item) => item.kind === 'drive#file')).toEqual([]);
  });

  it('checks every redirect: none reaches an address outside the allowlist', async () => {
    await start();
    const { headers } = await member();
    const ids = [];
    for (const path of [
      '/redirect-canary',
      '/redirect-canary-decimal',
      '/redirect-localhost',
      '/redirect-loop',
    ]) {
      ids.push((await created(headers, sourceUrl(path))).id);
    }
    ids.push((await created(headers, `http://127.0.0.2:${canary.port}/secret`)).id);
    await t.container.offlineWorker.runPending();
    for (const id of ids) {
      expect(await task(headers, id)).toMatchObject({
        phase: 'PHASE_TYPE_ERROR',
        message: 'The link could not be downloaded',
      });
    }
    expect(canary.connections).toBe(0);
  });

  it('refuses what is not an http(s) link when the task is created', async () => {
    await start();
    const { headers } = await member();
    for (const url of [
      'ftp://example.com/a',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gopher://example.com/',
      'http://user:pass@example.com/a',
      '',
      'not a url',
      `http://x/${'a'.repeat(5000)}`,
    ]) {
      expectError(await offline(headers, url), 400, 'invalid_argument');
    }
    expectError(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: 'http://a/',
      }),
      400,
      'invalid_argument',
    );
    expectError(
      await offline(headers, sourceUrl('/file.bin'), { parent_id: 'missing' }),
      404,
      'file_not_found',
    );
    expectError(
      await offline(headers, sourceUrl('/file.bin'), { params: { source: 'somewhere_else' } }),
      400,
      'invalid_argument',
    );
    expect(ok<{ tasks: TaskBody[] }>(await call(headers, 'GET', '/drive/v1/tasks')).tasks).toEqual(
      [],
    );
    // The page a task was made on is kept with it (one of the task sources).
    const checked = await created(headers, sourceUrl('/file.bin'), {
      params: { source: 'url_checker' },
    });
    expect(checked.params).toMatchObject({ source: 'url_checker' });
    expect((await task(headers, checked.id)).params).toMatchObject({ source: 'url_checker' });
    ok(await call(headers, 'DELETE', `/drive/v1/tasks?task_ids=${checked.id}`));
    // Magnet links are torrent tasks (offline-torrent.test.ts).
    const magnet = await created(
      headers,
      'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567',
    );
    expect(magnet).toMatchObject({
      phase: 'PHASE_TYPE_PENDING',
      params: { url: 'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567' },
    });
  });

  it('shows progress, pauses, resumes from the queue, and completes', async () => {
    await start();
    source.slowGate = gate();
    source.slowRequests = 0;
    const { headers } = await member();
    const queued = await created(headers, sourceUrl('/slow'));
    const first = t.container.offlineWorker.runPending();
    let seen = await task(headers, queued.id);
    for (
      let polls = 0;
      polls < 200 && !(seen.phase === 'PHASE_TYPE_RUNNING' && seen.progress >= 40);
      polls += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await task(headers, queued.id);
    }
    expect(seen).toMatchObject({ phase: 'PHASE_TYPE_RUNNING', file_size: String(content.length) });
    expect(seen.progress).toBeGreaterThanOrEqual(40);
    expect(seen.progress).toBeLessThan(100);
    expect(seen.params).toMatchObject({ url: sourceUrl('/slow') });
    expect(Number(seen.params.speed)).toBeGreaterThanOrEqual(0);
    const busy = ok<{ expires_in: number }>(
      await call(headers, 'GET', '/drive/v1/tasks?type=offline'),
    );
    expect(busy.expires_in).toBe(3);

    expect(
      ok<TaskBody>(
        await call(headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, {
          phase: 'PHASE_TYPE_PAUSED',
        }),
      ).phase,
    ).toBe('PHASE_TYPE_PAUSED');
    await first;
    expect(await task(headers, queued.id)).toMatchObject({
      phase: 'PHASE_TYPE_PAUSED',
      file_id: '',
    });

    source.slowGate.open();
    expect(
      ok<TaskBody>(
        await call(headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, {
          phase: 'PHASE_TYPE_PENDING',
        }),
      ).phase,
    ).toBe('PHASE_TYPE_PENDING');
    await t.container.offlineWorker.runPending();
    const done = await task(headers, queued.id);
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_size: String(content.length),
    });
    expect(source.slowRequests).toBe(2);
    expect((await t.container.files.get(await ownerOf(queued.id), done.file_id)).sha256).toBe(
      contentSha256,
    );
    // Paused and resumed, the aborted first attempt left no blob reference behind.
    expect((await t.container.blobRecords.find(contentSha256))?.refCount).toBe(1);
  });

  async function ownerOf(taskId: string): Promise<string> {
    const row = await t.container.database.db
      .selectFrom('tasks')
      .select('user_id')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    return row.user_id;
  }

  it("fails a broken source with a message in the caller's language, and a retry fetches it", async () => {
    await start();
    source.flakyFailures = 1;
    const { headers } = await member();
    const queued = await created(headers, sourceUrl('/flaky'));
    await t.container.offlineWorker.runPending();
    const failed = ok<TaskBody>(
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/tasks/${queued.id}`,
        headers: { ...headers, 'accept-language': 'zh-CN' },
      }),
    );
    expect(failed).toMatchObject({ phase: 'PHASE_TYPE_ERROR', message: '无法下载该链接' });

    const retried = ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
    );
    expect(retried).toMatchObject({
      id: queued.id,
      phase: 'PHASE_TYPE_PENDING',
      progress: 0,
      message: '',
    });
    await t.container.offlineWorker.runPending();
    expect(await task(headers, queued.id)).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      message: '',
    });
    expectError(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
      400,
      'failed_precondition',
    );
    expectError(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'CREATE',
        id: queued.id,
      }),
      400,
      'invalid_argument',
    );
  });

  /** The task once `done` holds, looked at every 25 ms (at most 30 s). */
  async function settled(
    headers: Headers,
    id: string,
    done: (task: TaskBody) => boolean,
  ): Promise<TaskBody> {
    let seen = await task(headers, id);
    for (let polls = 0; polls < 1200 && !done(seen); polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await task(headers, id);
    }
    return seen;
  }

  it('starts a task at once when it is created, retried or resumed, not at the next poll', async () => {
    // The poll would look again in an hour: only the wake of the queueing call can start these.
    await start({ OFFLINE_POLL_SECONDS: '3600' });
    await t.container.offlineWorker.start();
    const { headers } = await member();
    // The first look at the queue is over and every lane is idle.
    await t.container.offlineWorker.runPending();

    const fresh = await created(headers, sourceUrl('/file.bin'));
    expect(fresh.phase).toBe('PHASE_TYPE_PENDING');
    expect(
      (await settled(headers, fresh.id, (seen) => seen.phase === 'PHASE_TYPE_COMPLETE')).phase,
    ).toBe('PHASE_TYPE_COMPLETE');

    source.flakyFailures = 1;
    const flaky = await created(headers, sourceUrl('/flaky'));
    expect(
      (await settled(headers, flaky.id, (seen) => seen.phase === 'PHASE_TYPE_ERROR')).phase,
    ).toBe('PHASE_TYPE_ERROR');
    await t.container.offlineWorker.runPending();
    ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: flaky.id,
      }),
    );
    expect(
      (await settled(headers, flaky.id, (seen) => seen.phase === 'PHASE_TYPE_COMPLETE')).phase,
    ).toBe('PHASE_TYPE_COMPLETE');

    source.slowGate = gate();
    const slow = await created(headers, sourceUrl('/slow'));
    const running = await settled(
      headers,
      slow.id,
      (seen) => seen.phase === 'PHASE_TYPE_RUNNING' && seen.progress >= 40,
    );
    expect(running.phase).toBe('PHASE_TYPE_RUNNING');
    ok<TaskBody>(
      await call(headers, 'PATCH', `/drive/v1/tasks/${slow.id}`, { phase: 'PHASE_TYPE_PAUSED' }),
    );
    await t.container.offlineWorker.runPending();
    expect((await task(headers, slow.id)).phase).toBe('PHASE_TYPE_PAUSED');
    source.slowGate.open();
    ok<TaskBody>(
      await call(headers, 'PATCH', `/drive/v1/tasks/${slow.id}`, { phase: 'PHASE_TYPE_PENDING' }),
    );
    expect(
      (await settled(headers, slow.id, (seen) => seen.phase === 'PHASE_TYPE_COMPLETE')).phase,
    ).toBe('PHASE_TYPE_COMPLETE');
  });

  it('picks up a task whose worker died once its lease ran out', async () => {
    await start();
    const { headers } = await member();
    const queued = await created(headers, sourceUrl('/file.bin'));
    // Another worker took it and died: its lease ends in the past.
    const stamp = clock.now().toISOString();
    const taken = await t.container.taskRecords.claimNext(
      'offline',
      'worker-dead',
      stamp,
      new Date(clock.now().getTime() - 1).toISOString(),
    );
    expect(taken?.id).toBe(queued.id);
    expect((await task(headers, queued.id)).phase).toBe('PHASE_TYPE_RUNNING');
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    expect((await task(headers, queued.id)).phase).toBe('PHASE_TYPE_COMPLETE');
  });

  it('never runs one task twice when two workers share the queue', async () => {
    await start({ PLAN_FREE_CLOUD_DOWNLOADS: '100' });
    const { headers } = await member();
    const paths = Array.from({ length: 8 }, (_, index) => `/each/${dialect}-${index}.bin`);
    const ids: string[] = [];
    for (const path of paths) {
      ids.push((await created(headers, sourceUrl(path))).id);
    }
    const second = createOfflineWorker({
      tasks: t.container.taskRecords,
      taskChanges: t.container.tasks,
      fetcher: createUrlFetcher({
        policy: {
          allowedRanges: parseRanges(['127.0.0.1/32']),
          extraPorts: new Set([source.port]),
        },
      }),
      blobs: t.container.blobs,
      files: t.container.files,
      events: t.container.events,
      plans: t.container.memberships,
      partDir: `${t.config.DATA_DIR}/offline-second`,
      localeOf: () => Promise.resolve('en-US'),
      now: clock.now,
      logger: { info: () => undefined, error: () => undefined },
      concurrency: 2,
      maxBytes: 1024 ** 3,
      timeoutMs: 60_000,
    });
    const [first, other] = await Promise.all([
      t.container.offlineWorker.runPending(),
      second.runPending(),
    ]);
    expect(first + other).toBe(paths.length);
    for (const path of paths) {
      expect(source.hits.get(path), path).toBe(1);
    }
    for (const id of ids) {
      expect((await task(headers, id)).phase).toBe('PHASE_TYPE_COMPLETE');
    }
  });

  it('stops at the size cap and at the storage quota', async () => {
    await start({ OFFLINE_MAX_BYTES: String(content.length - 1) });
    const { headers } = await member();
    const tooBig = await created(headers, sourceUrl('/file.bin'));
    await t.container.offlineWorker.runPending();
    expect(await task(headers, tooBig.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'The file is larger than a download may be',
      file_id: '',
    });
    await t.container.offlineWorker.stop();
    await t.close();

    await start({ PLAN_FREE_STORAGE_BYTES: String(content.length - 1) });
    const second = await member();
    const noSpace = await created(second.headers, sourceUrl('/file.bin'));
    await t.container.offlineWorker.runPending();
    expect(await task(second.headers, noSpace.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
    });
    expect((await rootFiles(second.headers)).filter((item) => item.kind === 'drive#file')).toEqual(
      [],
    );
  });

  it('books the download on the quota at its commit: room that went meanwhile fails the task with space_not_enough', async () => {
    await start({ PLAN_FREE_STORAGE_BYTES: String(content.length + 1000) });
    const { user, headers } = await member();
    const stored = await storeFile(t, user.id, 'meanwhile.bin', randomBytes(2000));
    const queued = await created(headers, sourceUrl('/file.bin'));
    // A worker whose every look at the room came before another node's commit took it: only
    // the commit's own booking can see that the download no longer fits.
    const stale = createOfflineWorker({
      tasks: t.container.taskRecords,
      taskChanges: t.container.tasks,
      fetcher: createUrlFetcher({
        policy: {
          allowedRanges: parseRanges(['127.0.0.1/32']),
          extraPorts: new Set([source.port]),
        },
      }),
      blobs: t.container.blobs,
      files: {
        ...t.container.files,
        about: async (userId) => ({ ...(await t.container.files.about(userId)), usage: 0 }),
      },
      events: t.container.events,
      plans: t.container.memberships,
      partDir: `${t.config.DATA_DIR}/offline-stale`,
      localeOf: () => Promise.resolve('en-US'),
      now: clock.now,
      logger: { info: () => undefined, error: () => undefined },
      concurrency: 1,
      maxBytes: 1024 ** 3,
      timeoutMs: 60_000,
    });
    expect(await stale.runPending()).toBe(1);
    const failed = await task(headers, queued.id);
    expect(failed).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      file_id: '',
    });
    expect(failed.params).toMatchObject({ error: 'file_space_not_enough' });
    // Nothing was filed or booked, and the fetched bytes hold no reference.
    const about = ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about'));
    expect(about.quota.usage).toBe('2000');
    expect(
      (await rootFiles(headers))
        .filter((item) => item.kind === 'drive#file')
        .map((item) => item.id),
    ).toEqual([stored.id]);
    expect((await t.container.blobRecords.find(contentSha256))?.refCount ?? 0).toBe(0);

    // With room again, a retry completes and is booked.
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [stored.id] }));
    const retried = ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
    );
    expect(retried.params.error).toBeUndefined();
    expect(await stale.runPending()).toBe(1);
    expect(await task(headers, queued.id)).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      message: '',
    });
    expect(
      ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
    ).toBe(String(content.length));
  });

  it('limits the tasks a free member creates per day (task_daily_create_limit)', async () => {
    await start({ PLAN_FREE_CLOUD_DOWNLOADS: '2' });
    const { user, headers } = await member();
    const other = await member();
    const one = await created(headers, sourceUrl('/file.bin'));
    await created(headers, sourceUrl('/file.bin'));
    // Deleting a task gives no count back.
    ok(await call(headers, 'DELETE', `/drive/v1/tasks?task_ids=${one.id}`));
    const refused = await offline(headers, sourceUrl('/file.bin'));
    expectError(refused, 403, 'task_daily_create_limit');
    expect(errorOf(refused).error_code).toBe(8);
    expect(localizedOf(errorOf(refused))?.message).toBeTruthy();
    // Another member has their own count.
    await created(other.headers, sourceUrl('/file.bin'));
    // The next UTC day counts again (signed in again: the day outlived the access token).
    clock.advance(86_400_000);
    const token = await signIn(t, user.email, user.password);
    await created({ authorization: `Bearer ${token.access_token}` }, sourceUrl('/file.bin'));
  });

  it("answers not_found for another member's offline tasks and folders (IDOR)", async () => {
    await start();
    source.flakyFailures = 1;
    const owner = await member();
    const stranger = await member();
    const folder = ok<{ file: FileBody }>(
      await call(owner.headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Mine',
        parent_id: '',
      }),
    ).file;
    const queued = await created(owner.headers, sourceUrl('/flaky'));
    await t.container.offlineWorker.runPending();
    expect((await task(owner.headers, queued.id)).phase).toBe('PHASE_TYPE_ERROR');

    expectError(
      await call(stranger.headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
      404,
      'not_found',
    );
    expectError(
      await call(stranger.headers, 'GET', `/drive/v1/tasks/${queued.id}`),
      404,
      'not_found',
    );
    expectError(
      await call(stranger.headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, {
        phase: 'PHASE_TYPE_PENDING',
      }),
      404,
      'not_found',
    );
    expectError(
      await offline(stranger.headers, sourceUrl('/file.bin'), { parent_id: folder.id }),
      404,
      'file_not_found',
    );
    expect((await task(owner.headers, queued.id)).phase).toBe('PHASE_TYPE_ERROR');
  });
});
