import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSiblingApp, buildTestApp, dialects, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { s3Env, startS3Server, type TestS3Server } from '../s3-server';

const mebibyte = 1024 * 1024;
/** S3_PART_MIB here: the bytes parked in the bucket at a time. */
const part = 5 * mebibyte;
const body = randomBytes(2 * part + 2 * mebibyte);
/** While stalling, the origin sends this much of the file and then nothing more. */
const stallAt = 2 * part + mebibyte;
let stalling = true;
const requests: { range: string | undefined; ifRange: string | undefined; status: number }[] = [];
const open = new Set<http.ServerResponse>();
const etag = '"v1"';

/** An origin serving one file with an ETag and byte ranges. */
const origin = http.createServer((request, response) => {
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  const ifRange = request.headers['if-range'] as string | undefined;
  const start = range && (ifRange === undefined || ifRange === etag) ? Number(range[1]) : 0;
  const status = start > 0 ? 206 : 200;
  requests.push({ range: request.headers.range, ifRange, status });
  open.add(response);
  response.on('close', () => open.delete(response));
  response.writeHead(status, {
    'content-type': 'application/octet-stream',
    etag,
    'accept-ranges': 'bytes',
    'content-length': String(body.length - start),
    ...(status === 206
      ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` }
      : {}),
  });
  if (stalling) {
    response.write(body.subarray(start, stallAt));
    return;
  }
  response.end(body.subarray(start));
});
let originPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const response of open) {
    response.destroy();
  }
  await new Promise((resolve) => origin.close(resolve));
});

// Two nodes of one fleet over one database and one bucket: the partial data of an offline
// download is parked in the bucket a part at a time, so the worker of another node resumes a
// download whose worker died, where it used to start over from byte 0.
describe.each(dialects)('offline downloads moving between nodes on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
    const env = {
      ...s3Env(s3),
      S3_PART_MIB: '5',
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: String(originPort),
    };
    a = await buildTestApp(dialect, { ...env, NODE_ID: 'node-a' });
    b = await buildSiblingApp(a, { ...env, NODE_ID: 'node-b' });
  });
  afterAll(async () => {
    await b.container.offlineWorker.stop();
    await b.close();
    await a.close();
    await s3.close();
  });

  const rowOf = (id: string) =>
    a.container.database.db
      .selectFrom('tasks')
      .select(['phase', 'fetched_bytes', 'parked', 'file_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("a download whose worker died is resumed by another node's worker from the parts it parked, with Range", async () => {
    stalling = true;
    requests.length = 0;
    const { user, headers } = await signedInMember(a);
    const queued = ok<{ task: { id: string } }>(
      await a.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: {
          kind: 'drive#file',
          upload_type: 'UPLOAD_TYPE_URL',
          url: { url: `http://127.0.0.1:${originPort}/film.bin` },
        },
      }),
    );
    const taskId = queued.task.id;
    // Node a's worker takes it and gets two parts and a bit before the origin stalls.
    const first = a.container.offlineWorker.runPending();
    for (let tries = 0; ; tries += 1) {
      const row = await rowOf(taskId);
      if ((JSON.parse(row.parked || '[]') as unknown[]).length === 2) {
        break;
      }
      expect(tries, `still at ${row.fetched_bytes} bytes`).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Node a's worker dies; its disk goes with it (node b's is another).
    await a.container.offlineWorker.stop({ fault: true });
    await first;
    fs.rmSync(path.join(a.config.DATA_DIR, 'offline', taskId), { force: true });
    for (const response of open) {
      response.destroy();
    }
    stalling = false;

    expect(await b.container.offlineWorker.runPending()).toBe(1);
    const row = await rowOf(taskId);
    expect(row.phase).toBe('PHASE_TYPE_COMPLETE');
    // Node b asked only for what came after the parked parts.
    expect(requests.at(-1)).toEqual({ range: `bytes=${2 * part}-`, ifRange: etag, status: 206 });
    const stored: Buffer[] = [];
    for await (const chunk of await b.container.blobStore.get(
      createHash('sha256').update(body).digest('hex'),
    )) {
      stored.push(chunk as Buffer);
    }
    expect(Buffer.concat(stored).equals(body)).toBe(true);
    expect((await b.container.files.get(user.id, row.file_id)).size).toBe(body.length);
    // What was parked is gone from the bucket.
    expect(fs.existsSync(path.join(s3.directory, s3.bucket, 'uploads', taskId))).toBe(false);
  });

  it("housekeeping removes the bytes parked for a task deleted while no worker ran, and keeps a running upload's", async () => {
    stalling = true;
    const { headers } = await signedInMember(a);
    const queued = ok<{ task: { id: string } }>(
      await a.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: {
          kind: 'drive#file',
          upload_type: 'UPLOAD_TYPE_URL',
          url: { url: `http://127.0.0.1:${originPort}/deleted.bin` },
        },
      }),
    );
    const taskId = queued.task.id;
    // Node b's worker takes it (node a's died in the test before) and parks a part, then dies.
    const running = b.container.offlineWorker.runPending();
    for (let tries = 0; ; tries += 1) {
      const row = await rowOf(taskId);
      if ((JSON.parse(row.parked || '[]') as unknown[]).length > 0) {
        break;
      }
      expect(tries, `still at ${row.fetched_bytes} bytes`).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await b.container.offlineWorker.stop({ fault: true });
    await running;
    for (const response of open) {
      response.destroy();
    }
    // An upload under way keeps its bytes in the bucket too (the tail after its last part).
    const upload = ok<{ resumable?: { params: { url: string } } }>(
      await a.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: {
          kind: 'drive#file',
          parent_id: '',
          upload_type: 'UPLOAD_TYPE_RESUMABLE',
          name: 'kept.bin',
          size: String(part),
        },
      }),
    );
    const uploadUrl = new URL(upload.resumable?.params.url ?? '').pathname;
    const sent = await a.app.inject({
      method: 'PATCH',
      url: uploadUrl,
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: randomBytes(1000),
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const uploadId = uploadUrl.split('/').at(-1) ?? '';
    // The member deletes the task while no worker runs, and the bucket fails the removal then.
    const bucket = a.container.blobStore.uploads;
    if (bucket === undefined) {
      throw new Error('the S3 store parks partial data');
    }
    const failing = vi.spyOn(bucket, 'remove').mockRejectedValue(new Error('bucket down'));
    try {
      ok(
        await a.app.inject({
          method: 'DELETE',
          url: `/drive/v1/tasks?task_ids=${taskId}`,
          headers,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      failing.mockRestore();
    }
    const folder = (id: string) => path.join(s3.directory, s3.bucket, 'uploads', id);
    expect(fs.existsSync(folder(taskId))).toBe(true);
    // Within the grace nothing goes; after it, any node's sweep removes what nothing owns.
    expect(await b.container.sweepParked()).toBe(0);
    expect(await b.container.sweepParked(0)).toBe(1);
    expect(fs.existsSync(folder(taskId))).toBe(false);
    expect(fs.existsSync(folder(uploadId))).toBe(true);
  });
});
