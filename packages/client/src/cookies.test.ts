import { describe, expect, it } from 'vitest';
import { getCookie, parseCookies, removeCookie, serializeCookie, setCookie } from './cookies';
import type { CookieDocument } from './cookies';

/** A document whose `cookie` property behaves like a browser's for name, value and expiry. */
function fakeDocument(): CookieDocument & { readonly written: string[] } {
  const jar = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get cookie(): string {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      written.push(text);
      const [pair = '', ...attributes] = text.split('; ');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const expired = attributes.some((attribute) => /^max-age=(0|-\d+)$/i.test(attribute));
      if (expired) {
        jar.delete(name);
      } else {
        jar.set(name, pair.slice(index + 1));
      }
    },
  };
}

describe('serializeCookie', () => {
  it('applies the defaults: path /, sameSite strict, secure', () => {
    expect(serializeCookie('locale', 'ja')).toBe('locale=ja; Path=/; SameSite=Strict; Secure');
  });

  it('writes every option', () => {
    expect(
      serializeCookie('pass_code_token', 'a b;c', {
        path: '/s',
        domain: 'nimbus.example',
        maxAge: 43200.7,
        expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
        sameSite: 'lax',
        secure: false,
      }),
    ).toBe(
      'pass_code_token=a%20b%3Bc; Max-Age=43200; Domain=nimbus.example; Path=/s; Expires=Wed, 02 Jan 2030 03:04:05 GMT; SameSite=Lax',
    );
    expect(serializeCookie('a', 'b', { sameSite: 'none' })).toContain('SameSite=None; Secure');
  });

  it('refuses names that are not tab or printable characters', () => {
    for (const name of ['', 'bad\nname', 'nul\u0000', 'a=b', 'a;b', 'a b']) {
      expect(() => serializeCookie(name, 'v')).toThrow(new TypeError('argument name is invalid'));
    }
    expect(() => serializeCookie('tab\tok', 'v')).toThrow(TypeError);
    expect(serializeCookie('Name-1_x', '')).toBe('Name-1_x=; Path=/; SameSite=Strict; Secure');
  });

  it('refuses values that encode to other characters', () => {
    const identity = (value: string) => value;
    expect(() => serializeCookie('a', 'line\nbreak', { encode: identity })).toThrow(
      new TypeError('argument val is invalid'),
    );
    expect(serializeCookie('a', 'tab\tok', { encode: identity })).toBe(
      'a=tab\tok; Path=/; SameSite=Strict; Secure',
    );
    expect(serializeCookie('a', 'line\nbreak')).toContain('a=line%0Abreak');
  });

  it('refuses invalid options', () => {
    expect(() => serializeCookie('a', 'b', { maxAge: Number.NaN })).toThrow(
      'option maxAge is invalid',
    );
    expect(() => serializeCookie('a', 'b', { expires: new Date('nope') })).toThrow(
      'option expires is invalid',
    );
    expect(() => serializeCookie('a', 'b', { path: '/a;b' })).toThrow('option path is invalid');
    expect(() => serializeCookie('a', 'b', { domain: 'a b' })).toThrow('option domain is invalid');
    expect(() => serializeCookie('a', 'b', { sameSite: 'loose' as 'lax' })).toThrow(
      'option sameSite is invalid',
    );
  });
});

describe('parseCookies', () => {
  it('decodes values, unquotes them and keeps the first of a name', () => {
    expect(parseCookies('a=1; b=x%20y; c="q"; a=2; junk; =v; d=%E0')).toEqual({
      a: '1',
      b: 'x y',
      c: 'q',
      d: '%E0',
    });
  });
});

describe('the document cookie wrapper', () => {
  it('sets, reads and removes cookies', () => {
    const doc = fakeDocument();
    setCookie('user_id', 'u 1', { maxAge: 365 * 24 * 3600 }, doc);
    expect(getCookie('user_id', doc)).toBe('u 1');
    expect(doc.written[0]).toBe('user_id=u%201; Max-Age=31536000; Path=/; SameSite=Strict; Secure');
    removeCookie('user_id', {}, doc);
    expect(getCookie('user_id', doc)).toBeUndefined();
    expect(doc.written[1]).toBe(
      'user_id=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict; Secure',
    );
  });

  it('does nothing without a document', () => {
    expect(() => setCookie('a', 'b')).not.toThrow();
    expect(getCookie('a')).toBeUndefined();
    expect(() => removeCookie('a')).not.toThrow();
  });

  it('validates before writing', () => {
    const doc = fakeDocument();
    expect(() => setCookie('bad name', 'v', {}, doc)).toThrow('argument name is invalid');
    expect(doc.written).toHaveLength(0);
  });
});
