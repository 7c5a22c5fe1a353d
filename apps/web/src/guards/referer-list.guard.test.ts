import { describe, expect, it } from 'vitest';
import { externalRefererHost, parseRefererList, refererListCookie } from './referer-list.guard';

const now = Date.UTC(2026, 10, 26, 12);
const hour = 3_600_000;

describe('referer list guard', () => {
  it('records an external referring host with a 12-hour expiry', () => {
    const cookie = refererListCookie({
      referer: 'https://forum.example.org/thread/1',
      ownHosts: ['nimbus.example.com'],
      stored: undefined,
      now,
    });
    expect(cookie?.name).toBe('referer_list');
    expect(cookie?.maxAge).toBe(43_200);
    expect(JSON.parse(cookie?.value ?? '')).toEqual([
      { host: 'forum.example.org', expiry: now + 12 * hour },
    ]);
  });

  it('ignores the site itself, missing and non-http referers', () => {
    const base = { ownHosts: ['nimbus.example.com', '127.0.0.1:3100'], stored: undefined, now };
    expect(
      refererListCookie({ ...base, referer: 'https://nimbus.example.com/faq' }),
    ).toBeUndefined();
    expect(refererListCookie({ ...base, referer: 'http://127.0.0.1:3100/' })).toBeUndefined();
    expect(refererListCookie({ ...base, referer: null })).toBeUndefined();
    expect(refererListCookie({ ...base, referer: 'android-app://com.example' })).toBeUndefined();
    expect(refererListCookie({ ...base, referer: 'not a url' })).toBeUndefined();
  });

  it('keeps only valid, unexpired entries (host a string, expiry a number)', () => {
    const stored = JSON.stringify([
      { host: 'a.example', expiry: now + hour },
      { host: 'expired.example', expiry: now - 1 },
      { host: 42, expiry: now + hour },
      { host: 'b.example', expiry: String(now + hour) },
      null,
      { host: '', expiry: now + hour },
    ]);
    expect(parseRefererList(stored, now)).toEqual([{ host: 'a.example', expiry: now + hour }]);
    expect(parseRefererList('{"not":"a list"}', now)).toEqual([]);
    expect(parseRefererList('broken', now)).toEqual([]);
  });

  it('keeps at most the ten newest hosts and refreshes a repeated one', () => {
    const stored = JSON.stringify(
      Array.from({ length: 10 }, (_, index) => ({
        host: `site${index}.example`,
        expiry: now + hour,
      })),
    );
    const cookie = refererListCookie({
      referer: 'https://site3.example/',
      ownHosts: [],
      stored,
      now,
    });
    const list = JSON.parse(cookie?.value ?? '[]') as { host: string; expiry: number }[];
    expect(list).toHaveLength(10);
    expect(list.at(-1)).toEqual({ host: 'site3.example', expiry: now + 12 * hour });

    const added = refererListCookie({ referer: 'https://new.example/', ownHosts: [], stored, now });
    const next = JSON.parse(added?.value ?? '[]') as { host: string }[];
    expect(next).toHaveLength(10);
    expect(next[0]?.host).toBe('site1.example');
    expect(next.at(-1)?.host).toBe('new.example');
  });

  it('compares hosts without regard to case', () => {
    expect(
      externalRefererHost('https://NIMBUS.example.com/', ['nimbus.example.com']),
    ).toBeUndefined();
  });
});
