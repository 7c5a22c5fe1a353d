/// <reference types="node" />
import { describe, expect, it, vi } from 'vitest';
import { validateRetryCount } from './api-client';
import { client, closed, failureOf, live, other, useTestServers } from './api-client-test-server';

useTestServers();

describe('retries', () => {
  it('default to 2 and retry unreachable origins that many times', async () => {
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.fn<typeof fetch>((input, init) => realFetch(input, init));
    const error = await failureOf(
      client({ origins: { drive: [closed] }, fetch: fetchSpy }).get('/drive/v1/about'),
    );
    expect(error.error).toBe('unreachable');
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('rotate to the next origin of the group on each retry, and stay there', async () => {
    live.handle('/drive/v1/about', () => ({ json: { quota: { limit: '10', usage: '1' } } }));
    const api = client({ origins: { drive: [closed, live.origin] }, retries: 1 });
    expect(api.originOf('drive')).toBe(closed);
    await expect(api.get('/drive/v1/about')).resolves.toEqual({
      quota: { limit: '10', usage: '1' },
    });
    expect(api.originOf('drive')).toBe(live.origin);
    await api.get('/drive/v1/about');
    expect(live.hits('/drive/v1/about')).toBe(2);
  });

  it('retry internal errors on the next origin', async () => {
    live.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    other.handle('/drive/v1/about', () => ({ json: { ok: true } }));
    const api = client({ origins: { drive: [live.origin, other.origin] }, retries: 1 });
    await expect(api.get('/drive/v1/about')).resolves.toEqual({ ok: true });
    expect(live.hits('/drive/v1/about')).toBe(1);
    expect(other.hits('/drive/v1/about')).toBe(1);
  });

  it('retry gateway errors without an error object', async () => {
    let calls = 0;
    live.handle('/drive/v1/about', () => {
      calls += 1;
      return calls === 1 ? { status: 502, text: 'Bad Gateway' } : { json: { ok: true } };
    });
    await expect(client({ retries: 1 }).get('/drive/v1/about')).resolves.toEqual({ ok: true });
  });

  it('wrap around the origins and stop after the retry count', async () => {
    live.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    other.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    const error = await failureOf(
      client({ origins: { drive: [live.origin, other.origin] }, retries: 4 }).get(
        '/drive/v1/about',
      ),
    );
    expect(error.error).toBe('internal');
    expect(live.hits('/drive/v1/about')).toBe(3);
    expect(other.hits('/drive/v1/about')).toBe(2);
  });

  it('never retry other errors', async () => {
    live.handle('/drive/v1/files', () => ({
      status: 400,
      json: { error: 'invalid_argument', error_code: 3 },
    }));
    await failureOf(client({ retries: 4 }).get('/drive/v1/files'));
    expect(live.hits('/drive/v1/files')).toBe(1);
  });

  it('wait the retry delay between attempts', async () => {
    const started = Date.now();
    await failureOf(
      client({ origins: { drive: [closed] }, retries: 2, retryDelayMs: 40 }).get('/drive/v1/about'),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('honour a per-call retry count', async () => {
    live.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    await failureOf(client({ retries: 4 }).get('/drive/v1/about', { retries: 0 }));
    expect(live.hits('/drive/v1/about')).toBe(1);
    const invalid = await failureOf(client().get('/drive/v1/about', { retries: 9 }));
    expect(invalid.error).toBe('unknown');
    expect(invalid.message).toContain('from 0 to 4');
  });

  it('accept only a number from 0 to 4', () => {
    expect(validateRetryCount(0)).toBe(0);
    expect(validateRetryCount(4)).toBe(4);
    expect(() => validateRetryCount(5)).toThrow(RangeError);
    expect(() => validateRetryCount(-1)).toThrow(RangeError);
    expect(() => validateRetryCount(1.5)).toThrow(RangeError);
    expect(() => validateRetryCount('2')).toThrow(TypeError);
    expect(() => validateRetryCount(Number.NaN)).toThrow(TypeError);
    expect(() => client({ retries: 5 })).toThrow(RangeError);
    expect(() => client({ retryDelayMs: -1 })).toThrow(TypeError);
  });
});
