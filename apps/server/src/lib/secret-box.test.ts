import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  const key = new Uint8Array(randomBytes(32));

  it('opens what it sealed, and never seals the same way twice', () => {
    const first = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    const second = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, first)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a box sealed under another key, a changed box and garbage', () => {
    const box = sealSecret(key, 'secret');
    expect(() => openSecret(new Uint8Array(randomBytes(32)), box)).toThrow();
    const parts = box.split('.');
    const ciphertext = Buffer.from(parts[2] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[2] = ciphertext.toString('base64url');
    expect(() => openSecret(key, parts.join('.'))).toThrow();
    expect(() => openSecret(key, 'v1.only')).toThrow();
    expect(() => openSecret(key, 'v2.a.b.c')).toThrow();
  });
});
