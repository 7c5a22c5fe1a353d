import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token';

describe('access tokens', () => {
  const key = new Uint8Array(32).fill(7);
  const claims = { userId: 'u1', sessionId: 's1', clientId: 'tv', scope: 'user pan offline' };

  function tokens(now: () => Date, overrides: { key?: Uint8Array; issuer?: string } = {}) {
    return createAccessTokens({
      key: overrides.key ?? key,
      issuer: overrides.issuer ?? 'https://nimbus.test',
      ttlSeconds: 900,
      now,
    });
  }

  it('round-trips the claims until the token expires', async () => {
    let now = Date.parse('2030-01-01T00:00:00.000Z');
    const clock = () => new Date(now);
    const token = await tokens(clock).sign(claims);
    expect(token.split('.')).toHaveLength(3);
    expect(await tokens(clock).verify(token)).toEqual(claims);
    now += 901_000;
    expect(await tokens(clock).verify(token)).toBeNull();
  });

  it('refuses tokens of another key or issuer, and garbage', async () => {
    const clock = () => new Date('2030-01-01T00:00:00.000Z');
    const token = await tokens(clock).sign(claims);
    expect(await tokens(clock, { key: new Uint8Array(32).fill(8) }).verify(token)).toBeNull();
    expect(await tokens(clock, { issuer: 'https://elsewhere.test' }).verify(token)).toBeNull();
    expect(await tokens(clock).verify('a.b.c')).toBeNull();
    expect(await tokens(clock).verify('')).toBeNull();
  });

  it('remembers a verified token but still ends it at its expiry', async () => {
    let now = Date.parse('2030-01-01T00:00:00.000Z');
    const issuer = tokens(() => new Date(now));
    const token = await issuer.sign(claims);
    expect(await issuer.verify(token)).toEqual(claims);
    now += 899_999;
    expect(await issuer.verify(token)).toEqual(claims);
    now += 1;
    expect(await issuer.verify(token)).toBeNull();
    expect(await issuer.verify(`${token}x`)).toBeNull();
  });
});
