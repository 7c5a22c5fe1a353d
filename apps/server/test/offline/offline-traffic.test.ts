import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, type TestApp } from '../helper';
import { signIn } from '../identity';

/**
 * The month's offline traffic counts the bytes fetched over the network: a download paused
 * part-way and resumed with `Range` is charged for the half it had and the half it fetched after,
 * not for the whole file again.
 */
interface TaskBody {
  id: string;
  phase: string;
  message: string;
  file_id: string;
  file_size: string;
}

// Halves of whole 1 MiB buffers: the writer writes the first half out, and records it, while the origin holds the rest.
const content = randomBytes(4 * 1024 * 1024);
const half = content.length / 2;
const etag = `"${createHash('sha256').update(content).digest('hex').slice(0, 16)}"`;

/** What the origin was asked and how many bytes of the body it wrote for each request. */
const requests: { range: string | undefined; ifRange: string | undefined; sent: number }[] = [];
/** Ends the held first answer (the test opens it once the download is paused). */
let release: (() => void) | undefined;

const origin = http.createServer((request, response) => {
  const range = request.headers.range;
  const ifRange = request.headers['if-range'] as string | undefined;
  const match = /^bytes=(\d+)-$/.exec(range ?? '');
  if (match && ifRange === etag) {
    const start = Number(match[1]);
    requests.push({ range, ifRange, sent: content.length - start });
    response.writeHead(206, {
      etag,
      'accept-ranges': 'bytes',
      'content-length': String(content.length - start),
      'content-range': `bytes ${start}-${content.length - 1}/${content.length}`,
    });
    response.end(content.subarray(start));
    return;
  }
  // The first half, then nothing until the test lets go (the connection is dropped then).
  requests.push({ range, ifRange, sent: half });
  response.writeHead(200, {
    etag,
    'accept-ranges': 'bytes',
    'content-length': String(content.length),
  });
  response.write(content.subarray(0, half));
  release = () => response.destroy();
});
let originPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as AddressInfo).port;
});
afterAll(async () => {
  release?.();
  await new Promise((resolve) => origin.close(resolve));
});

describe.each(dialects)('offline traffic on %s', (dialect) => {
  let t: TestApp;

  afterEach(async () => {
    release?.();
    await t.container.offlineWorker.stop();
    await t.close();
  });

  type Headers = Record<string, string>;

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function trafficOf(userId: string): Promise<number> {
    const rows = await t.container.database.db
      .selectFrom('offline_traffic')
      .select('bytes')
      .where('user_id', '=', userId)
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.bytes), 0);
  }

  it("a download resumed with Range is charged for the bytes it fetched, so a month with just the file's size left completes it", async () => {
    // Exactly one file's worth of traffic: charging the whole file again on resume would not fit.
    t = await buildTestApp(dialect, {
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: String(originPort),
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
      PLAN_FREE_OFFLINE_TRAFFIC_BYTES: String(content.length),
    });
    const user = await makeUser(t);
    const headers = {
      authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
    };
    requests.length = 0;
    const queued = ok<{ task: TaskBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: `http://127.0.0.1:${originPort}/file.bin` },
      }),
    ).task;
    const first = t.container.offlineWorker.runPending();
    // The first half is on disk and recorded (the origin sends no more until released).
    let point = await t.container.taskRecords.resumePointOf(queued.id);
    for (let polls = 0; polls < 400 && point?.fetchedBytes !== half; polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      point = await t.container.taskRecords.resumePointOf(queued.id);
    }
    expect(point).toEqual({ fetchedBytes: half, validator: etag });
    ok(
      await call(headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, { phase: 'PHASE_TYPE_PAUSED' }),
    );
    await first;
    release?.();
    expect(await trafficOf(user.id)).toBe(half);

    ok(
      await call(headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, { phase: 'PHASE_TYPE_PENDING' }),
    );
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    const done = ok<TaskBody>(await call(headers, 'GET', `/drive/v1/tasks/${queued.id}`));
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      message: '',
      file_size: String(content.length),
    });
    expect((await t.container.files.get(user.id, done.file_id)).sha256).toBe(
      createHash('sha256').update(content).digest('hex'),
    );
    // The rest was asked for with Range, and the month's traffic is what the origin sent.
    expect(requests.map((request) => request.range)).toEqual([undefined, `bytes=${half}-`]);
    const sent = requests.reduce((sum, request) => sum + request.sent, 0);
    expect(sent).toBe(content.length);
    expect(await trafficOf(user.id)).toBe(sent);
  });
});
