import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { clientKeyOf, registerRateLimit } from './rate-limit';

async function limitedApp() {
  const app = Fastify();
  registerErrorHandler(app);
  const shared = registerRateLimit(app, { max: 2, timeWindow: 60_000 });
  app.get('/a', async () => ({ ok: true }));
  app.get('/b', async () => ({ ok: true }));
  app.get('/own', { config: { rateLimit: { max: 1, timeWindow: 10_000 } } }, async () => ({
    ok: true,
  }));
  app.get('/probe', { config: { rateLimit: false } }, async () => ({ ok: true }));
  app.setNotFoundHandler({ preHandler: shared }, async (_request, reply) =>
    reply.code(404).send({ missing: true }),
  );
  await app.ready();
  return app;
}

describe('the per-client rate limit', () => {
  let app: Awaited<ReturnType<typeof limitedApp>>;
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
  });

  const statusOf = async (url: string, remoteAddress = '203.0.113.7') =>
    (await app.inject({ method: 'GET', url, remoteAddress })).statusCode;

  it('shares one budget among routes and unknown paths, and tells the wait when it is spent', async () => {
    app = await limitedApp();
    expect([await statusOf('/a'), await statusOf('/nope')]).toEqual([200, 404]);
    const refused = await app.inject({ method: 'GET', url: '/b', remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect(refused.headers['x-ratelimit-limit']).toBe('2');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    // Another client has its own budget.
    expect(await statusOf('/a', '198.51.100.1')).toBe(200);
  });

  it('counts a route with its own limit apart, and never a route that opts out', async () => {
    app = await limitedApp();
    expect([await statusOf('/own'), await statusOf('/own')]).toEqual([200, 429]);
    expect([await statusOf('/a'), await statusOf('/a')]).toEqual([200, 200]);
    for (let i = 0; i < 5; i += 1) {
      expect(await statusOf('/probe')).toBe(200);
    }
  });

  it('opens a new window once the last one has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    app = await limitedApp();
    await statusOf('/a');
    await statusOf('/a');
    expect(await statusOf('/a')).toBe(429);
    vi.advanceTimersByTime(59_000);
    expect(await statusOf('/a')).toBe(429);
    vi.advanceTimersByTime(1_000);
    expect(await statusOf('/a')).toBe(200);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    app = await limitedApp();
    expect(await statusOf('/a', '2001:db8:1:2::1')).toBe(200);
    expect(await statusOf('/a', '2001:db8:1:2:ffff::9')).toBe(200);
    expect(await statusOf('/a', '2001:db8:1:2::77')).toBe(429);
    expect(await statusOf('/a', '2001:db8:1:3::1')).toBe(200);
  });

  it('keys clients by address, an IPv6 one by its /64 and a mapped IPv4 one as itself', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('not an address')).toBe('not an address');
  });
});
