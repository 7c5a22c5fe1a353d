import { describe, expect, it } from 'vitest';
import { accessCookieValue, accessFromCookie, checkAccess } from './access-check.guard';

type Answer = { accessible: unknown } | 'fail' | 'hang' | { status: number };

/** A fetch that answers per origin, and records what it was asked. */
function fakeFetch(answers: Record<string, Answer>) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const impl = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    calls.push({ url, headers: init?.headers as Record<string, string> });
    const answer = answers[new URL(url).origin];
    if (answer === undefined || answer === 'fail') {
      return Promise.reject(new TypeError('fetch failed'));
    }
    if (answer === 'hang') {
      return new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    }
    if ('status' in answer) {
      return Promise.resolve(new Response('{}', { status: answer.status }));
    }
    return Promise.resolve(Response.json(answer));
  };
  return { impl, calls };
}

const a = 'http://a.example';
const b = 'http://b.example';

describe('access check guard', () => {
  it('asks every origin at the area_accessible path, forwarding the client address', async () => {
    const fetch = fakeFetch({ [a]: { accessible: true } });
    await checkAccess({
      origins: [a],
      forwardedFor: '203.0.113.7',
      fetchImpl: fetch.impl,
      timeoutMs: 5_000,
    });
    expect(fetch.calls).toEqual([
      {
        url: 'http://a.example/access_controller/v1/area_accessible',
        headers: { accept: 'application/json', 'x-forwarded-for': '203.0.113.7' },
      },
    ]);
  });

  it('is accessible when any origin says so', async () => {
    const fetch = fakeFetch({ [a]: { accessible: false }, [b]: { accessible: true } });
    expect(
      await checkAccess({
        origins: [a, b],
        forwardedFor: undefined,
        fetchImpl: fetch.impl,
        timeoutMs: 5_000,
      }),
    ).toBe(true);
  });

  it('is accessible when every request fails', async () => {
    const fetch = fakeFetch({ [a]: 'fail', [b]: { status: 500 } });
    expect(
      await checkAccess({
        origins: [a, b],
        forwardedFor: undefined,
        fetchImpl: fetch.impl,
        timeoutMs: 5_000,
      }),
    ).toBe(true);
  });

  it('is blocked when the answers say not accessible and the rest fail', async () => {
    const fetch = fakeFetch({ [a]: { accessible: false }, [b]: 'fail' });
    expect(
      await checkAccess({
        origins: [a, b],
        forwardedFor: undefined,
        fetchImpl: fetch.impl,
        timeoutMs: 5_000,
      }),
    ).toBe(false);
  });

  it('treats an answer without a boolean flag as a failure', async () => {
    const fetch = fakeFetch({ [a]: { accessible: 'no' } });
    expect(
      await checkAccess({
        origins: [a],
        forwardedFor: undefined,
        fetchImpl: fetch.impl,
        timeoutMs: 5_000,
      }),
    ).toBe(true);
  });

  it('gives up on a silent origin after the timeout', async () => {
    const fetch = fakeFetch({ [a]: 'hang', [b]: { accessible: false } });
    const started = Date.now();
    expect(
      await checkAccess({
        origins: [a, b],
        forwardedFor: undefined,
        fetchImpl: fetch.impl,
        timeoutMs: 50,
      }),
    ).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('caches the answer in a cookie value', () => {
    expect(accessFromCookie(accessCookieValue(true))).toBe(true);
    expect(accessFromCookie(accessCookieValue(false))).toBe(false);
    expect(accessFromCookie(undefined)).toBeUndefined();
    expect(accessFromCookie('maybe')).toBeUndefined();
  });
});
