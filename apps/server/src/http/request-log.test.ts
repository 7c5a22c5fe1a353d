import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log';

async function loggedApp(slowMs?: number) {
  const lines: { msg: string; res?: { statusCode: number } }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, sink),
    logController: new RequestLog(slowMs),
  });
  app.get('/fine', async () => ({ ok: true }));
  app.get('/broken', async (_request, reply) => reply.code(503).send({ ok: false }));
  await app.ready();
  return { app, lines };
}

describe('the request log', () => {
  it('writes nothing for a request answered quickly and well', async () => {
    const { app, lines } = await loggedApp();
    expect((await app.inject({ url: '/fine' })).statusCode).toBe(200);
    expect(lines.filter((line) => /request/.test(line.msg))).toEqual([]);
    await app.close();
  });

  it('logs a request that failed on the server, and a slow one', async () => {
    const failed = await loggedApp();
    expect((await failed.app.inject({ url: '/broken' })).statusCode).toBe(503);
    expect(failed.lines).toContainEqual(
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 503 } }),
    );
    expect(failed.lines.map((line) => line.msg)).not.toContain('incoming request');
    await failed.app.close();

    const slow = await loggedApp(0);
    await slow.app.inject({ url: '/fine' });
    expect(slow.lines).toContainEqual(
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 200 } }),
    );
    await slow.app.close();
  });
});
