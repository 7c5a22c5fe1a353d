import { errorBodySchema, type ErrorBody, type LocalizedMessageDetail } from '@nimbus/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper';

function parseError(body: string): ErrorBody {
  return errorBodySchema.parse(JSON.parse(body));
}

function localized(error: ErrorBody): LocalizedMessageDetail | undefined {
  return error.details.find(
    (detail): detail is LocalizedMessageDetail =>
      detail['@type'] === 'type.googleapis.com/google.rpc.LocalizedMessage',
  );
}

describe.each(dialects)('the error model on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { RATE_LIMIT_MAX: '5' });
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers an unknown API path with not_found in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/drive/v1/no-such-call' });
    expect(response.statusCode).toBe(404);
    const error = parseError(response.body);
    expect(error).toMatchObject({ error: 'not_found', error_code: 5, error_uri: '' });
    expect(localized(error)).toMatchObject({ locale: 'en-US', message: 'Not found' });
  });

  it('answers every unknown API path in the language of its own request', async () => {
    const ask = (language?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/drive/v1/no-such-call',
        headers: language ? { 'accept-language': language } : {},
      });
    const [english, japanese, englishAgain, spanish] = [
      await ask(),
      await ask('ja'),
      await ask('en-US'),
      await ask('es-ES'),
    ];
    for (const response of [english, japanese, englishAgain, spanish]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(parseError(response.body)).toMatchObject({
        error: 'not_found',
        error_description: 'This API path does not exist',
      });
    }
    expect(englishAgain.body).toBe(english.body);
    expect(localized(parseError(japanese.body))?.locale).toBe('ja');
    expect(localized(parseError(spanish.body))).toMatchObject({ locale: 'es' });
    expect(localized(parseError(spanish.body))?.message).not.toBe('Not found');
  });

  it('answers unauthenticated (16, 401) for a member call without credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/drive/v1/about' });
    expect(response.statusCode).toBe(401);
    const error = parseError(response.body);
    expect(error).toMatchObject({ error: 'unauthenticated', error_code: 16 });
    expect(error.details[0]).toMatchObject({ reason: 'unauthenticated', domain: 'api' });
  });

  it('writes the localized message in the language of accept-language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/drive/v1/about',
      headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' },
    });
    const message = localized(parseError(response.body));
    expect(message?.locale).toBe('ja');
    expect(message?.message).not.toBe('Please sign in first');
    expect(message?.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('turns a schema failure into invalid_argument naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/config/v1/basic',
      payload: { client: 42 },
    });
    expect(response.statusCode).toBe(400);
    const error = parseError(response.body);
    expect(error).toMatchObject({ error: 'invalid_argument', error_code: 3 });
    expect(error.error_description).toContain('body.client');
  });

  it('answers malformed JSON with invalid_argument', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/config/v1/basic',
      headers: { 'content-type': 'application/json' },
      payload: '{"client": "web",',
    });
    expect(response.statusCode).toBe(400);
    expect(parseError(response.body).error).toBe('invalid_argument');
  });

  it('answers an unsupported content type with invalid_argument', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/config/v1/basic',
      headers: { 'content-type': 'application/xml' },
      payload: '<client>web</client>',
    });
    expect(response.statusCode).toBe(400);
    expect(parseError(response.body).error).toBe('invalid_argument');
  });

  it('answers an oversized body with payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/config/v1/basic',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ client: 'web', data: { note: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(response.statusCode).toBe(400);
    expect(parseError(response.body)).toMatchObject({ error: 'payload_too_large', error_code: 3 });
  });

  it('hides internals of a server fault and gives the request id instead', async () => {
    t.app.get('/drive/v1/faulty', () => {
      throw new Error('select secret from /var/lib/nimbus failed');
    });
    const response = await t.app.inject({ method: 'GET', url: '/drive/v1/faulty' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('/var/lib');
    const error = parseError(response.body);
    expect(error).toMatchObject({
      error: 'internal',
      error_code: 13,
      error_description: 'Server error',
    });
    expect(error.details[0]).toMatchObject({
      metadata: { request_id: response.headers['x-request-id'] },
    });
  });

  it('limits the request rate with too_many_requests and Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push(
        await t.app.inject({ method: 'GET', url: '/access_controller/v1/area_accessible' }),
      );
    }
    expect(answers.slice(0, 5).every((answer) => answer.statusCode === 200)).toBe(true);
    // The limit is told when it is reached, not on every answer.
    expect(answers[0]!.headers['x-ratelimit-remaining']).toBeUndefined();
    const limited = answers[5]!;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('5');
    expect(parseError(limited.body)).toMatchObject({ error: 'too_many_requests', error_code: 8 });
  });

  it('never limits the health probes', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    }
    const limited = [];
    for (let i = 0; i < 6; i += 1) {
      limited.push(
        (await t.app.inject({ method: 'GET', url: '/drive/v1/no-such-call' })).statusCode,
      );
    }
    expect(limited).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('rejects a cookie-authenticated write from a foreign origin (CSRF)', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/config/v1/basic',
      headers: { origin: 'https://evil.example', cookie: 'nimbus_session=abc' },
      payload: { client: 'web' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(parseError(foreign.body)).toMatchObject({ error: 'origin_not_allowed', error_code: 7 });

    const own = await t.app.inject({
      method: 'POST',
      url: '/config/v1/basic',
      headers: { origin: 'http://nimbus.test', cookie: 'nimbus_session=abc' },
      payload: { client: 'web' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('keeps a given request id and sends security headers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'req-1234567890' },
    });
    expect(response.headers['x-request-id']).toBe('req-1234567890');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Served over plain http (PUBLIC_URL), so no HSTS (RFC 6797).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    // Headers that only mean something to an HTML document or an old browser are not sent.
    expect(response.headers['x-xss-protection']).toBeUndefined();
    expect(response.headers['origin-agent-cluster']).toBeUndefined();
  });

  it('pins https with HSTS when the site is served over https', async () => {
    const secure = await buildTestApp(dialect, { PUBLIC_URL: 'https://nimbus.test' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await secure.close();
    }
  });
});
