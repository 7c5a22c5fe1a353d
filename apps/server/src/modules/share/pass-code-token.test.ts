import { describe, expect, it } from 'vitest';
import {
  isPassCodeTokenValid,
  passCodeStamp,
  passCodeTokenTtlSeconds,
  signPassCodeToken,
} from './pass-code-token';

const key = new Uint8Array(32).fill(7);
const otherKey = new Uint8Array(32).fill(8);
const now = new Date('2030-01-01T00:00:00.000Z');

describe('pass-code tokens', () => {
  const token = signPassCodeToken(key, { shareId: 'share-a', passCode: 'abcd', now });

  it('open the share they were signed for, with its pass code, for 12 hours', () => {
    expect(isPassCodeTokenValid(key, token, { shareId: 'share-a', passCode: 'abcd', now })).toBe(
      true,
    );
    const late = new Date(now.getTime() + (passCodeTokenTtlSeconds - 1) * 1000);
    expect(
      isPassCodeTokenValid(key, token, { shareId: 'share-a', passCode: 'abcd', now: late }),
    ).toBe(true);
  });

  it('do not contain the pass code', () => {
    expect(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')).not.toContain(
      'abcd',
    );
  });

  it('are refused for another share, another pass code, another key, or after 12 hours', () => {
    expect(isPassCodeTokenValid(key, token, { shareId: 'share-b', passCode: 'abcd', now })).toBe(
      false,
    );
    expect(isPassCodeTokenValid(key, token, { shareId: 'share-a', passCode: 'abce', now })).toBe(
      false,
    );
    expect(
      isPassCodeTokenValid(otherKey, token, { shareId: 'share-a', passCode: 'abcd', now }),
    ).toBe(false);
    const expired = new Date(now.getTime() + passCodeTokenTtlSeconds * 1000);
    expect(
      isPassCodeTokenValid(key, token, { shareId: 'share-a', passCode: 'abcd', now: expired }),
    ).toBe(false);
  });

  it('are refused when tampered with or malformed', () => {
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ s: 'share-b', e: 2_000_000_000 })).toString(
      'base64url',
    );
    for (const bad of [
      `${forged}.${mac}`,
      `${payload}.${mac}x`,
      payload,
      `${token}.x`,
      '',
      '..',
      'a.b',
    ]) {
      expect(isPassCodeTokenValid(key, bad, { shareId: 'share-a', passCode: 'abcd', now })).toBe(
        false,
      );
    }
  });

  it('stamp the pass code in force for links, differing by share, pass code and key', () => {
    const stamp = passCodeStamp(key, { shareId: 'share-a', passCode: 'abcd' });
    expect(stamp).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(passCodeStamp(key, { shareId: 'share-a', passCode: 'abcd' })).toBe(stamp);
    expect(passCodeStamp(key, { shareId: 'share-b', passCode: 'abcd' })).not.toBe(stamp);
    expect(passCodeStamp(key, { shareId: 'share-a', passCode: 'abce' })).not.toBe(stamp);
    expect(passCodeStamp(key, { shareId: 'share-a', passCode: '' })).not.toBe(stamp);
    expect(passCodeStamp(otherKey, { shareId: 'share-a', passCode: 'abcd' })).not.toBe(stamp);
    expect(token).not.toContain(stamp);
  });
});
