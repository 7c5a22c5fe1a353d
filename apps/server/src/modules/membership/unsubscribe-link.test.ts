import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readUnsubscribe, signUnsubscribe } from './unsubscribe-link';

const key = new Uint8Array(32).fill(7);
const otherKey = new Uint8Array(32).fill(8);

describe('unsubscribe links', () => {
  it('reads back what it signed', () => {
    const d = signUnsubscribe(key, { email: 'ana@example.com', scene: 'activity' });
    expect(d).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readUnsubscribe(key, d)).toEqual({ email: 'ana@example.com', scene: 'activity' });
  });

  it('refuses another key, an altered payload or signature, and malformed input', () => {
    const d = signUnsubscribe(key, { email: 'ana@example.com', scene: 'activity' });
    const [payload = '', mac = ''] = d.split('.');
    const forged = Buffer.from(JSON.stringify({ e: 'bob@example.com', s: 'activity' })).toString(
      'base64url',
    );
    expect(readUnsubscribe(otherKey, d)).toBeUndefined();
    expect(readUnsubscribe(key, `${forged}.${mac}`)).toBeUndefined();
    expect(readUnsubscribe(key, `${payload}.${mac.slice(1)}A`)).toBeUndefined();
    expect(readUnsubscribe(key, `${d}.x`)).toBeUndefined();
    expect(readUnsubscribe(key, '')).toBeUndefined();
    expect(readUnsubscribe(key, 'not-a-link')).toBeUndefined();
    expect(readUnsubscribe(key, `${payload}.`)).toBeUndefined();
  });

  it('refuses a signed payload that is not an address and a scene', () => {
    const sign = (claims: unknown) => {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    };
    expect(readUnsubscribe(key, sign({ e: 'ana@example.com', s: 'activity' }))).toEqual({
      email: 'ana@example.com',
      scene: 'activity',
    });
    expect(readUnsubscribe(key, sign({ e: 'no-at-sign', s: 'activity' }))).toBeUndefined();
    expect(readUnsubscribe(key, sign({ e: 'ana@example.com', s: 'Bad Scene' }))).toBeUndefined();
  });
});
