import type http from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMetricsListener } from '../../src/lib/metrics';
import { buildTestApp, dialects, errorOf, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { freePort } from '../support/processes';

describe.each(dialects)('metrics and readiness on %s', (dialect) => {
  let t: TestApp | undefined;
  let listener: http.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (listener ? listener.close(resolve) : resolve(undefined)));
    listener = undefined;
    await t?.close();
    t = undefined;
  });

  it('serves the named series on their own listener when METRICS_PORT is set', async () => {
    const port = await freePort();
    t = await buildTestApp(dialect, { METRICS_PORT: String(port) });
    expect(t.container.metrics).toBeDefined();
    listener = await startMetricsListener(t.container.metrics!, { port, host: '127.0.0.1' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/me' })).statusCode).toBe(401);
    vi.spyOn(t.container.blobStore, 'exists').mockRejectedValueOnce(new Error('bucket gone'));
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toMatch(
      /nimbus_http_request_duration_seconds_bucket\{le="[^"]+",group="v1",status="401"\} 1/,
    );
    expect(text).toMatch(/nimbus_http_response_bytes_total\{group="v1"\} \d+/);
    expect(text).toContain('nimbus_blob_store_errors_total{operation="ready"} 1');
    expect(text).toContain('nimbus_nodejs_eventloop_lag_seconds');
    expect(text).toContain('nimbus_process_resident_memory_bytes');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });

  it('names the request that queued a download on the lines of the worker, and counts the queue and the pool', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const port = await freePort();
    t = await buildTestApp(
      dialect,
      { METRICS_PORT: String(port) },
      { logger: pino({ level: 'info' }, sink) },
    );
    listener = await startMetricsListener(t.container.metrics!, { port, host: '127.0.0.1' });
    const { headers } = await signedInMember(t);
    const queued = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files',
      headers: { ...headers, 'x-request-id': 'queue-check-0001' },
      payload: {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: 'http://127.0.0.1:9/a.bin' },
      },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.headers['x-request-id']).toBe('queue-check-0001');
    const taskId = queued.json<{ task: { id: string } }>().task.id;

    const before = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(before).toContain('nimbus_queue_depth{queue="offline"} 1');
    expect(before).toContain('nimbus_queue_depth{queue="restore"} 0');
    expect(before).toMatch(/nimbus_queue_oldest_age_seconds\{queue="offline"\} \d/);
    if (dialect === 'postgres') {
      expect(before).toMatch(/nimbus_db_pool_connections\{state="idle"\} \d+/);
      expect(before).toMatch(/nimbus_db_pool_waiting \d+/);
    }

    expect(await t.container.offlineWorker.runPending()).toBe(1);
    await t.container.offlineWorker.stop();
    const started = lines.find((line) => line.msg === 'offline task started');
    expect(started).toMatchObject({ reqId: 'queue-check-0001', taskId });
    const after = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(after).toContain('nimbus_queue_depth{queue="offline"} 0');
  });

  it('measures nothing without METRICS_PORT', async () => {
    t = await buildTestApp(dialect);
    expect(t.container.metrics).toBeUndefined();
  });

  it('answers unready when the blob store cannot be reached, and ready again after', async () => {
    t = await buildTestApp(dialect);
    vi.spyOn(t.container.blobStore, 'exists').mockRejectedValueOnce(new Error('bucket gone'));
    const unready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(unready.statusCode).toBe(503);
    expect(errorOf(unready).error).toBe('unavailable');
    expect(unready.body).not.toContain('bucket gone');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, blobs: true } });
  });
});
