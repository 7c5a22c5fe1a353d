import { describe, expect, it } from 'vitest';
import { hashToken, keyedHash, newId, newSecretToken, safeEqual } from './secrets';

describe('secrets', () => {
  it('compares in constant time, telling equal from different values of any length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('雲', '雲')).toBe(true);
    expect(safeEqual('雲', '云')).toBe(false);
  });

  it('makes ids and tokens of the promised size, and digests that depend on the key', () => {
    expect(newId()).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(newSecretToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken('t')).toMatch(/^[0-9a-f]{64}$/);
    const key = new Uint8Array(32).fill(1);
    const other = new Uint8Array(32).fill(2);
    expect(keyedHash(key, '123456')).not.toBe(keyedHash(other, '123456'));
    expect(keyedHash(key, '123456')).toBe(keyedHash(key, '123456'));
  });
});
