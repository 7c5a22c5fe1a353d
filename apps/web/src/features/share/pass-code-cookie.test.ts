import { parseCookies } from '@nimbus/client';
import type { CookieDocument } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  decodeTokenCookie,
  encodeTokenCookie,
  passCodeCookieName,
  staleShareCookies,
  storePassCodeToken,
} from './pass-code-cookie';

/** A cookie jar behaving like `document.cookie`: writes set or expire one cookie. */
function jar(): CookieDocument & { writes: string[] } {
  const values = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      if (/max-age=0|max-age=-/i.test(line)) {
        values.delete(name);
      } else {
        values.set(name, pair.slice(index + 1));
      }
    },
  };
}

describe('pass-code token cookies', () => {
  it('round-trips the token with its storing time, dots in the token included', () => {
    expect(decodeTokenCookie(encodeTokenCookie('a.b.c', 1234))).toEqual({
      token: 'a.b.c',
      storedAt: 1234,
    });
    expect(decodeTokenCookie('token-without-time')).toBeUndefined();
    expect(decodeTokenCookie('')).toBeUndefined();
  });

  it('names the stale cookies of other shares, keeping the newest two besides the new one', () => {
    const cookies = {
      [passCodeCookieName('a')]: encodeTokenCookie('t', 1),
      [passCodeCookieName('b')]: encodeTokenCookie('t', 4),
      [passCodeCookieName('c')]: encodeTokenCookie('t', 3),
      [passCodeCookieName('d')]: encodeTokenCookie('t', 2),
      [passCodeCookieName('new')]: encodeTokenCookie('t', 0),
      share_password_code_x: 'old',
      share_password_code_y: 'older',
      share_password_code_z: 'oldest',
      locale: 'ja',
    };
    const stale = staleShareCookies(cookies, 'new');
    expect(stale).toContain(passCodeCookieName('a'));
    expect(stale).toContain(passCodeCookieName('d'));
    expect(stale).not.toContain(passCodeCookieName('b'));
    expect(stale).not.toContain(passCodeCookieName('c'));
    expect(stale).not.toContain(passCodeCookieName('new'));
    expect(stale.filter((name) => name.startsWith('share_password_code_'))).toHaveLength(1);
    expect(stale).not.toContain('locale');
  });

  it('stores a token for 12 hours, SameSite lax, and keeps only the newest three shares', () => {
    const doc = jar();
    for (const [index, id] of ['s1', 's2', 's3', 's4'].entries()) {
      storePassCodeToken(id, `token-${id}`, { now: 1000 + index, secure: true, doc });
    }
    const cookies = parseCookies(doc.cookie);
    expect(Object.keys(cookies).sort()).toEqual(
      ['s2', 's3', 's4'].map((id) => passCodeCookieName(id)),
    );
    expect(decodeTokenCookie(cookies[passCodeCookieName('s4')])?.token).toBe('token-s4');
    const last = doc.writes.at(-1) ?? '';
    expect(last).toMatch(/Max-Age=43200/i);
    expect(last).toMatch(/SameSite=Lax/i);
    expect(last).toMatch(/Secure/i);
  });

  it('leaves Secure off on plain http', () => {
    const doc = jar();
    storePassCodeToken('s1', 'token', { now: 1, secure: false, doc });
    expect(doc.writes.at(-1)).not.toMatch(/Secure/i);
  });
});
