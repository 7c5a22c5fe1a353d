import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerCors } from './cors';
import { registerRequestGate } from './request-gate';

const site = 'https://site.example';

async function appWithCors() {
  const app = Fastify();
  const cors = registerCors(app, {
    allowedOrigins: [site],
    policy: {
      credentials: true,
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['authorization', 'content-type'],
      exposedHeaders: ['x-request-id'],
      maxAgeSeconds: 600,
    },
    prefixPolicies: {
      '/content/v1': {
        credentials: false,
        methods: ['GET', 'HEAD'],
        allowedHeaders: ['range'],
        exposedHeaders: ['Content-Range'],
        maxAgeSeconds: 60,
      },
    },
  });
  registerRequestGate(app, [cors]);
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/content/v1/blob', async () => 'bytes');
  await app.ready();
  return app;
}

describe('CORS of the API and the content links', () => {
  let app: Awaited<ReturnType<typeof appWithCors>>;
  afterEach(async () => {
    await app.close();
  });

  it('lets an allowed origin read an answer, with credentials on API paths', async () => {
    app = await appWithCors();
    const answer = await app.inject({ url: '/api/thing', headers: { origin: site } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      vary: 'Origin',
      'access-control-allow-origin': site,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'x-request-id',
    });
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('gives other origins and requests without one no CORS headers, only Vary', async () => {
    app = await appWithCors();
    for (const headers of [{ origin: 'https://evil.example' }, {}]) {
      const answer = await app.inject({ url: '/api/thing', headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.vary).toBe('Origin');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('answers an allowed preflight 204 with the policy of the path', async () => {
    app = await appWithCors();
    const api = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: site, 'access-control-request-method': 'POST' },
    });
    expect(api.statusCode).toBe(204);
    expect(api.headers).toMatchObject({
      'access-control-allow-origin': site,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '600',
      'content-length': '0',
    });
    const content = await app.inject({
      method: 'OPTIONS',
      url: '/content/v1/blob',
      headers: { origin: site, 'access-control-request-method': 'GET' },
    });
    expect(content.statusCode).toBe(204);
    expect(content.headers['access-control-allow-credentials']).toBeUndefined();
    expect(content.headers).toMatchObject({
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'range',
      'access-control-expose-headers': 'Content-Range',
      'access-control-max-age': '60',
    });
  });

  it('refuses a preflight without a request method, and one from another origin', async () => {
    app = await appWithCors();
    const incomplete = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: site },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.body).toBe('Invalid Preflight Request');
    const foreign = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
