import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce } from './content-security-policy';

describe('content security policy', () => {
  it('allows scripts by nonce only, no plugins, no base URL, and keeps the framing rule', () => {
    expect(
      contentSecurityPolicy({
        nonce: 'abc+/=',
        frameAncestors: "frame-ancestors 'self' https://parent.example.com",
        allowEval: false,
      }),
    ).toBe(
      "script-src 'nonce-abc+/=' 'strict-dynamic'; object-src 'none'; base-uri 'none'; frame-ancestors 'self' https://parent.example.com",
    );
  });

  it('adds eval only when asked (development, a debug console page)', () => {
    const policy = contentSecurityPolicy({
      nonce: 'n',
      frameAncestors: "frame-ancestors 'self'",
      allowEval: true,
    });
    expect(policy).toContain("script-src 'nonce-n' 'strict-dynamic' 'unsafe-eval';");
  });

  it('makes a fresh, unguessable nonce for every page', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    }
  });
});
