import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { createLinkSigner } from './content-link';

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.reason : 'other';
  }
  return 'none';
}

describe('content links', () => {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const signer = createLinkSigner({
    key: new Uint8Array(32).fill(7),
    origin: 'https://files.example-content.net',
    ttlSeconds: 600,
    now: () => new Date(now),
  });

  it('round-trips claims and puts the name last', () => {
    const link = signer.sign({ p: 'file', u: 'u1', f: 'f1' }, 'a b/c.txt');
    expect(link.url).toBe(`https://files.example-content.net/content/v1/${link.token}/a%20b_c.txt`);
    expect(link.expire).toBe('2030-01-01T00:10:00.000Z');
    expect(signer.verify(link.token)).toEqual({
      p: 'file',
      u: 'u1',
      f: 'f1',
      e: Date.parse(link.expire) / 1000,
    });
  });

  it('refuses a link signed with another key, altered or expired', () => {
    const link = signer.sign({ p: 'thumb', u: 'u1', f: 'f1', s: 'SIZE_SMALL' }, 'x.png');
    const other = createLinkSigner({
      key: new Uint8Array(32).fill(8),
      origin: 'https://x',
      ttlSeconds: 600,
      now: () => new Date(now),
    });
    expect(reasonOf(() => other.verify(link.token))).toBe('content_link_invalid');
    const [payload, signature] = link.token.split('.') as [string, string];
    const altered = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('SIZE_SMALL', 'SIZE_LARGE'),
    ).toString('base64url');
    expect(reasonOf(() => signer.verify(`${altered}.${signature}`))).toBe('content_link_invalid');
    expect(reasonOf(() => signer.verify('garbage'))).toBe('content_link_invalid');
    now += 600_000;
    expect(reasonOf(() => signer.verify(link.token))).toBe('content_link_expired');
  });
});
