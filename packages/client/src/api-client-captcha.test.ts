/// <reference types="node" />
import { describe, expect, it, vi } from 'vitest';
import { readCaptchaRecord } from './captcha';
import { pickErrorMessage } from './error-message';
import { createMemoryStorage } from './storage';
import {
  client,
  deviceId,
  failureOf,
  live,
  parseBody,
  useTestServers,
} from './api-client-test-server';

useTestServers();

describe('captcha', () => {
  interface CaptchaScenario {
    /** Tokens the init call hands out, in order; the last one repeats. */
    readonly tokens: readonly string[];
    readonly expiresIn?: number;
    /** Tokens the protected path accepts. */
    readonly accepted: ReadonlySet<string>;
    readonly error?: 'captcha_invalid' | 'captcha_required';
  }

  function serveCaptcha(scenario: CaptchaScenario, path = '/drive/v1/protected'): void {
    let issued = 0;
    live.handle('/v1/shield/captcha/init', () => {
      const token = scenario.tokens[Math.min(issued, scenario.tokens.length - 1)] ?? '';
      issued += 1;
      return { json: { captcha_token: token, expires_in: scenario.expiresIn ?? 300 } };
    });
    live.handle(path, (request) => {
      const token = request.headers['x-captcha-token'];
      if (typeof token === 'string' && scenario.accepted.has(token)) {
        return { json: { ok: true, token } };
      }
      const error = scenario.error ?? 'captcha_invalid';
      return {
        status: 400,
        json: {
          error,
          error_code: error === 'captcha_invalid' ? 4002 : 4001,
          error_description: '',
        },
      };
    });
  }

  function initBodies(): unknown[] {
    return live.requests
      .filter((request) => request.path === '/v1/shield/captcha/init')
      .map((request) => parseBody(request));
  }

  it('sends a fresh token on a protected call and caches it for the lifetime minus 30 s', async () => {
    serveCaptcha({ tokens: ['t1'], accepted: new Set(['t1']) });
    let now = 1_000_000;
    const storage = createMemoryStorage();
    const api = client({
      storage,
      now: () => now,
      captcha: { getMeta: () => ({ user_id: 'u1' }) },
    });
    await expect(
      api.post('/drive/v1/protected', { a: 1 }, { captcha: true, captchaMeta: { email: 'a@b.c' } }),
    ).resolves.toEqual({ ok: true, token: 't1' });
    expect(initBodies()).toEqual([
      {
        client_id: 'web',
        action: 'POST:/drive/v1/protected',
        device_id: deviceId,
        captcha_token: '',
        meta: { user_id: 'u1', email: 'a@b.c' },
      },
    ]);
    const init = live.requests.find((request) => request.path === '/v1/shield/captcha/init');
    expect(init?.headers['accept-language']).toBe('ja');
    expect(readCaptchaRecord(storage, 'captcha_web')).toEqual({
      action: 'POST:/drive/v1/protected',
      meta: { user_id: 'u1', email: 'a@b.c' },
      captcha_token: 't1',
      expires_in: 300,
      expires_at: 1_000_000 + 270_000,
    });

    now += 269_000;
    await api.post('/drive/v1/protected', {}, { captcha: true });
    expect(initBodies()).toHaveLength(1);

    now += 2_000;
    await api.post('/drive/v1/protected', {}, { captcha: true });
    expect(initBodies()).toHaveLength(2);
    expect(initBodies()[1]).toMatchObject({ captcha_token: 't1' });
  });

  it('uses the caller-given action', async () => {
    serveCaptcha({ tokens: ['t1'], accepted: new Set(['t1']) });
    await client().post(
      '/drive/v1/protected',
      {},
      { captcha: true, captchaAction: 'share:restore' },
    );
    expect(initBodies()[0]).toMatchObject({ action: 'share:restore' });
  });

  it('renews a refused token and repeats the call once', async () => {
    serveCaptcha({ tokens: ['stale', 'fresh'], accepted: new Set(['fresh']) });
    await expect(client().post('/drive/v1/protected', {}, { captcha: true })).resolves.toEqual({
      ok: true,
      token: 'fresh',
    });
    expect(initBodies()).toHaveLength(2);
    expect(initBodies()[1]).toMatchObject({ captcha_token: 'stale' });
    expect(live.hits('/drive/v1/protected')).toBe(2);
  });

  it('renews at most three times per call', async () => {
    serveCaptcha({ tokens: ['a', 'b', 'c', 'd', 'e'], accepted: new Set() });
    const error = await failureOf(client().post('/drive/v1/protected', {}, { captcha: true }));
    expect(error.error).toBe('captcha_invalid');
    expect(live.hits('/drive/v1/protected')).toBe(4);
    expect(initBodies()).toHaveLength(4);
    expect(pickErrorMessage(error, { locale: 'en-US' })).toBe(
      'Your operation is too frequent, please try again later',
    );
  });

  it('gets a token when an unprotected call answers captcha_required', async () => {
    serveCaptcha(
      { tokens: ['t1'], accepted: new Set(['t1']), error: 'captcha_required' },
      '/drive/v1/share',
    );
    await expect(client().get('/drive/v1/share', { query: { share_id: 's' } })).resolves.toEqual({
      ok: true,
      token: 't1',
    });
    const calls = live.requests.filter((request) => request.path === '/drive/v1/share');
    expect(calls.map((request) => request.headers['x-captcha-token'])).toEqual([undefined, 't1']);
    expect(initBodies()[0]).toMatchObject({ action: 'GET:/drive/v1/share' });
  });

  it('asks for one token when concurrent calls need one', async () => {
    serveCaptcha({ tokens: ['t1'], accepted: new Set(['t1']) });
    const api = client();
    await Promise.all([
      api.post('/drive/v1/protected', {}, { captcha: true }),
      api.post('/drive/v1/protected', {}, { captcha: true }),
      api.post('/drive/v1/protected', {}, { captcha: true }),
    ]);
    expect(initBodies()).toHaveLength(1);
  });

  it('opens the challenge with redirect_uri and state and uses its token', async () => {
    live.handle('/v1/shield/captcha/init', () => ({
      json: { url: 'https://captcha.example/challenge?lang=ja#top', expires_in: 600 },
    }));
    live.handle('/drive/v1/protected', (request) =>
      request.headers['x-captcha-token'] === 'solved'
        ? { json: { ok: true } }
        : { status: 400, json: { error: 'captcha_required', error_code: 4001 } },
    );
    const solveChallenge = vi.fn((url: string) => {
      const parsed = new URL(url);
      expect(parsed.searchParams.get('lang')).toBe('ja');
      expect(parsed.searchParams.get('redirect_uri')).toBe('https://nimbus.example/loading');
      expect(parsed.searchParams.get('state')).toBe('state-1');
      expect(parsed.hash).toBe('#top');
      return Promise.resolve({ captcha_token: 'solved', expires_in: 600 });
    });
    const api = client({
      captcha: {
        solveChallenge,
        redirectUri: 'https://nimbus.example/loading',
        createState: () => 'state-1',
      },
    });
    await expect(api.post('/drive/v1/protected', {}, { captcha: true })).resolves.toEqual({
      ok: true,
    });
    expect(solveChallenge).toHaveBeenCalledTimes(1);
    expect(solveChallenge.mock.calls[0]).toHaveLength(2);
  });

  it('fails with cancelled when the challenge is closed', async () => {
    live.handle('/v1/shield/captcha/init', () => ({ json: { url: 'https://captcha.example/c' } }));
    const closedModal = await failureOf(
      client({ captcha: { solveChallenge: () => Promise.resolve(null) } }).post(
        '/drive/v1/protected',
        {},
        { captcha: true },
      ),
    );
    expect(closedModal.error).toBe('cancelled');
    expect(closedModal.error_code).toBe(1);
    const rejected = await failureOf(
      client({ captcha: { solveChallenge: () => Promise.reject(new Error('closed')) } }).post(
        '/drive/v1/protected',
        {},
        { captcha: true },
      ),
    );
    expect(rejected.error).toBe('cancelled');
    expect(live.hits('/drive/v1/protected')).toBe(0);
  });

  it('can send the init call through a custom function', async () => {
    live.handle('/drive/v1/protected', (request) => ({
      json: { token: request.headers['x-captcha-token'] },
    }));
    const init = vi.fn(() => Promise.resolve({ captcha_token: 'custom', expires_in: 100 }));
    await expect(
      client({ captcha: { init, storageKeyPart: 'tv' } }).post(
        '/drive/v1/protected',
        {},
        { captcha: true },
      ),
    ).resolves.toEqual({ token: 'custom' });
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        client_id: 'web',
        action: 'POST:/drive/v1/protected',
        device_id: deviceId,
      }),
    );
  });
});
