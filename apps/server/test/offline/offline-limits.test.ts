import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, testClock, type TestApp } from '../helper';
import { signIn, signedInMember } from '../identity';

/** Offline downloads within the member's plan: downloads at once, monthly traffic, storage, the daily count. */
interface TaskBody {
  id: string;
  phase: string;
  message: string;
  file_id: string;
}

const content = randomBytes(256 * 1024);

/** Gates a test opens to let a held source finish. */
const gates = new Map<string, () => void>();
const origin = {
  server: http.createServer(),
  port: 0,
  /** Requests under way per prefix (`/held/<prefix>/...`) and the most seen at once. */
  open: new Map<string, number>(),
  most: new Map<string, number>(),
};
origin.server.on('request', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://origin');
  const held = /^\/held\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (held) {
    const prefix = held[1] ?? '';
    const open = (origin.open.get(prefix) ?? 0) + 1;
    origin.open.set(prefix, open);
    origin.most.set(prefix, Math.max(origin.most.get(prefix) ?? 0, open));
    response.writeHead(200, { 'content-length': String(content.length) });
    response.write(content.subarray(0, 1024));
    new Promise<void>((resolve) => gates.set(url.pathname, resolve))
      .then(() => {
        origin.open.set(prefix, (origin.open.get(prefix) ?? 1) - 1);
        response.end(content.subarray(1024));
      })
      .catch(() => undefined);
    return;
  }
  if (url.pathname === '/sized.bin') {
    response.writeHead(200, { 'content-length': String(content.length) });
    response.end(content);
    return;
  }
  if (url.pathname === '/unsized.bin') {
    // No Content-Length: only the bytes as they come can tell the size.
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    response.write(content);
    response.end(content);
    return;
  }
  response.writeHead(404);
  response.end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => origin.server.listen(0, '127.0.0.1', resolve));
  origin.port = (origin.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const open of gates.values()) {
    open();
  }
  await new Promise((resolve) => origin.server.close(resolve));
});

describe.each(dialects)('offline download limits on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  async function start(env: Record<string, string>) {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      {
        OFFLINE_FETCH_EXTRA_PORTS: String(origin.port),
        OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
        PLAN_FREE_CLOUD_DOWNLOADS: '100',
        ...env,
      },
      { now: clock.now },
    );
  }

  afterEach(async () => {
    await t.container.offlineWorker.stop();
    await t.close();
  });

  async function member(locale = 'en-US') {
    return signedInMember(t, { locale });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function created(headers: Record<string, string>, url: string): Promise<TaskBody> {
    return ok<{ task: TaskBody }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } },
      }),
    ).task;
  }

  async function task(
    headers: Record<string, string>,
    id: string,
    language = 'en-US',
  ): Promise<TaskBody> {
    return ok<TaskBody>(
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/tasks/${id}`,
        headers: { ...headers, 'accept-language': language },
      }),
    );
  }

  const at = (pathname: string) => `http://127.0.0.1:${origin.port}${pathname}`;

  it("runs at most the plan's downloads of a member at once; the others wait PENDING while other members' run", async () => {
    await start({ PLAN_FREE_OFFLINE_RUNNING: '1', OFFLINE_WORKERS: '4' });
    const busy = await member();
    const other = await member();
    const prefix = `${dialect}-busy`;
    const mine: TaskBody[] = [];
    for (let index = 0; index < 3; index += 1) {
      mine.push(await created(busy.headers, at(`/held/${prefix}/${index}.bin`)));
    }
    const theirs = await created(other.headers, at(`/held/${dialect}-other/0.bin`));
    const pass = t.container.offlineWorker.runPending();

    const phases = async () =>
      Promise.all(mine.map(async (item) => (await task(busy.headers, item.id)).phase));
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (
        (await phases()).includes('PHASE_TYPE_RUNNING') &&
        (await task(other.headers, theirs.id)).phase === 'PHASE_TYPE_RUNNING'
      ) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // One of the member's downloads runs, the other two wait, and the other member's runs beside it.
    expect((await phases()).sort()).toEqual([
      'PHASE_TYPE_PENDING',
      'PHASE_TYPE_PENDING',
      'PHASE_TYPE_RUNNING',
    ]);
    expect((await task(other.headers, theirs.id)).phase).toBe('PHASE_TYPE_RUNNING');

    // The gates open one by one as the member's downloads reach the source; each ends before the next starts.
    for (let opened = 0; opened < 3; opened += 1) {
      for (
        let attempt = 0;
        attempt < 200 && ![0, 1, 2].some((index) => gates.has(`/held/${prefix}/${index}.bin`));
        attempt += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      for (const [gate, open] of gates) {
        if (gate.includes(`/${prefix}/`)) {
          gates.delete(gate);
          open();
        }
      }
    }
    gates.get(`/held/${dialect}-other/0.bin`)?.();
    await pass;
    expect(await phases()).toEqual([
      'PHASE_TYPE_COMPLETE',
      'PHASE_TYPE_COMPLETE',
      'PHASE_TYPE_COMPLETE',
    ]);
    expect((await task(other.headers, theirs.id)).phase).toBe('PHASE_TYPE_COMPLETE');
    expect(origin.most.get(prefix)).toBe(1);
  });

  it("stops at the plan's monthly traffic, up front and as bytes arrive, with a message in the member's language; the next month counts again", async () => {
    await start({ PLAN_FREE_OFFLINE_TRAFFIC_BYTES: String(Math.floor(content.length * 1.5)) });
    const { user, headers } = await member('ja');
    const first = await created(headers, at('/sized.bin'));
    await t.container.offlineWorker.runPending();
    expect((await task(headers, first.id)).phase).toBe('PHASE_TYPE_COMPLETE');

    // Content-Length says it would pass the month's traffic: refused before a byte is kept.
    const sized = await created(headers, at('/sized.bin'));
    // No Content-Length: stopped once the bytes pass the traffic.
    const unsized = await created(headers, at('/unsized.bin'));
    await t.container.offlineWorker.runPending();
    for (const id of [sized.id, unsized.id]) {
      expect(await task(headers, id, 'ja')).toMatchObject({
        phase: 'PHASE_TYPE_ERROR',
        message: '今月のオフラインダウンロード通信量を使い切りました',
        file_id: '',
      });
      expect((await task(headers, id, 'es')).message).toBe(
        'Se ha agotado el tráfico de descargas sin conexión de este mes',
      );
    }
    const counted = await t.container.taskRecords.trafficOf(user.id, '2030-01');
    expect(counted).toBeGreaterThanOrEqual(content.length);
    expect(counted).toBeLessThanOrEqual(Math.floor(content.length * 1.5));
    expect(fs.readdirSync(path.join(t.config.DATA_DIR, 'offline'))).toEqual([]);

    // A month later the traffic starts again (signed in again: the month outlived the token).
    clock.advance(32 * 86_400_000);
    const token = await signIn(t, user.email, user.password);
    const again = { authorization: `Bearer ${token.access_token}` };
    const next = await created(again, at('/sized.bin'));
    await t.container.offlineWorker.runPending();
    expect((await task(again, next.id)).phase).toBe('PHASE_TYPE_COMPLETE');
  });

  it('checks the storage quota while bytes arrive when the source gives no size, and keeps nothing', async () => {
    await start({ PLAN_FREE_STORAGE_BYTES: String(Math.floor(content.length * 1.5)) });
    const { headers } = await member();
    const unsized = await created(headers, at('/unsized.bin'));
    await t.container.offlineWorker.runPending();
    expect(await task(headers, unsized.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      file_id: '',
    });
    const listed = ok<{ files: { kind: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=*', headers }),
    );
    expect(listed.files.filter((item) => item.kind === 'drive#file')).toEqual([]);
    expect(fs.readdirSync(path.join(t.config.DATA_DIR, 'offline'))).toEqual([]);
  });

  it('fails a download that fit when it began but no longer fits when it ends, and keeps nothing of it', async () => {
    await start({ PLAN_FREE_STORAGE_BYTES: String(Math.floor(content.length * 1.5)) });
    const { headers } = await member();
    const held = `/held/${dialect}-room/0.bin`;
    const download = await created(headers, at(held));
    const pass = t.container.offlineWorker.runPending();
    for (let attempt = 0; attempt < 200 && !gates.has(held); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await task(headers, download.id)).phase).toBe('PHASE_TYPE_RUNNING');

    // While the source holds the rest back, a form upload takes most of the free space.
    const upload = randomBytes(content.length);
    const started = ok<{ form: { url: string } }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: {
          kind: 'drive#file',
          name: 'photo.jpg',
          parent_id: '',
          size: String(upload.length),
          upload_type: 'UPLOAD_TYPE_FORM',
        },
      }),
    );
    const form = Buffer.concat([
      Buffer.from(
        '--room\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\n\r\n',
      ),
      upload,
      Buffer.from('\r\n--room--\r\n'),
    ]);
    ok(
      await t.app.inject({
        method: 'POST',
        url: new URL(started.form.url).pathname,
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=room' },
        payload: form,
      }),
    );

    gates.get(held)?.();
    gates.delete(held);
    await pass;
    expect(await task(headers, download.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      file_id: '',
    });
    const listed = ok<{ files: { kind: string; name: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=*', headers }),
    );
    expect(
      listed.files.filter((item) => item.kind === 'drive#file').map((item) => item.name),
    ).toEqual(['photo.jpg']);
    const about = ok<{ quota: { usage: string } }>(
      await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers }),
    );
    expect(about.quota.usage).toBe(String(upload.length));
    expect(fs.readdirSync(path.join(t.config.DATA_DIR, 'offline'))).toEqual([]);
  });

  it("about shows the day's offline tasks as cloud_download usage and over_free_task_limit once the limit is reached", async () => {
    await start({ PLAN_FREE_CLOUD_DOWNLOADS: '2' });
    const { headers } = await member();
    const about = async () =>
      ok<{
        over_free_task_limit: boolean;
        quotas: { cloud_download: { limit: string; usage: string } };
      }>(await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers }));
    expect(await about()).toMatchObject({
      over_free_task_limit: false,
      quotas: { cloud_download: { limit: '2', usage: '0' } },
    });
    await created(headers, at('/sized.bin'));
    expect(await about()).toMatchObject({
      over_free_task_limit: false,
      quotas: { cloud_download: { limit: '2', usage: '1' } },
    });
    await created(headers, at('/sized.bin'));
    expect(await about()).toMatchObject({
      over_free_task_limit: true,
      quotas: { cloud_download: { limit: '2', usage: '2' } },
    });
  });
});
