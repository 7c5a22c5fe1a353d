import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { RequestLog } from './request-log';
import { requestLoggerFactory } from './request-logger';

async function loggedApp(level: string) {
  const lines: { msg: string; reqId?: string; level: number; route?: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  const logger = pino({ level }, sink);
  const child = vi.spyOn(logger, 'child');
  const app = Fastify({
    loggerInstance: logger,
    logController: new RequestLog(),
    childLoggerFactory: requestLoggerFactory,
  });
  app.get('/quiet', async (request) => {
    request.log.info('not written at warn');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ route: 'loud' }, 'written');
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('written at the route level');
    return { ok: true };
  });
  await app.ready();
  child.mockClear();
  return { app, lines, child };
}

describe('the request logger', () => {
  it('makes no child logger for a request that writes nothing at the configured level', async () => {
    const { app, lines, child } = await loggedApp('warn');
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes a line with the request id when one is written', async () => {
    const { app, lines, child } = await loggedApp('warn');
    expect((await app.inject({ url: '/loud' })).statusCode).toBe(200);
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([expect.objectContaining({ msg: 'written', route: 'loud' })]);
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it("keeps a route's own log level", async () => {
    const { app, lines } = await loggedApp('warn');
    expect((await app.inject({ url: '/chatty' })).statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual(['written at the route level']);
    await app.close();
  });
});
