import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSessionAuthenticator } from './session.authenticator';

function request(
  headers: Record<string, string>,
  cookies: Record<string, string> = {},
): FastifyRequest {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return { headers: cookie ? { ...headers, cookie } : headers } as unknown as FastifyRequest;
}

describe('session authenticator', () => {
  const calls: string[] = [];
  const authenticator = createSessionAuthenticator({
    authenticateBearer: async (token) => {
      calls.push(`bearer ${token}`);
      return token === 'good' ? { userId: 'u1', sessionId: 's1' } : null;
    },
    authenticateCookie: async (token) => {
      calls.push(`cookie ${token}`);
      return token === 'good' ? { userId: 'u2', sessionId: 's2' } : null;
    },
    knownBearer: (token) => (token === 'checked' ? { userId: 'u1', sessionId: 's1' } : undefined),
    knownCookie: (token) => (token === 'checked' ? { userId: 'u2', sessionId: 's2' } : undefined),
  });

  it('reads a bearer token before the cookie', async () => {
    calls.length = 0;
    expect(
      await authenticator.authenticate(
        request({ authorization: 'Bearer good' }, { nimbus_session: 'good' }),
      ),
    ).toEqual({
      userId: 'u1',
      sessionId: 's1',
    });
    expect(
      await authenticator.authenticate(request({ authorization: 'bearer  good ' })),
    ).toBeNull();
    expect(calls).toEqual(['bearer good']);
  });

  it('falls back to the session cookie', async () => {
    expect(await authenticator.authenticate(request({}, { nimbus_session: 'good' }))).toEqual({
      userId: 'u2',
      sessionId: 's2',
    });
    expect(await authenticator.authenticate(request({}))).toBeNull();
  });

  it('treats a header that is not `Bearer <token>` as no credentials, never as the cookie', async () => {
    calls.length = 0;
    for (const header of ['Basic dTpw', 'Bearer', 'Bearer a b', `Bearer ${'x'.repeat(5000)}`]) {
      expect(
        await authenticator.authenticate(
          request({ authorization: header }, { nimbus_session: 'good' }),
        ),
      ).toBeNull();
    }
    expect(calls).toEqual([]);
  });

  it('answers at once only for a credential checked moments ago, by the same precedence', () => {
    expect(
      authenticator.known?.(request({ authorization: 'Bearer checked' }, { nimbus_session: 'x' })),
    ).toEqual({ userId: 'u1', sessionId: 's1' });
    expect(authenticator.known?.(request({}, { nimbus_session: 'checked' }))).toEqual({
      userId: 'u2',
      sessionId: 's2',
    });
    // Not checked yet, a malformed header (never the cookie then) or nothing: authenticate decides.
    expect(authenticator.known?.(request({ authorization: 'Bearer good' }))).toBeUndefined();
    expect(
      authenticator.known?.(
        request({ authorization: 'Basic dTpw' }, { nimbus_session: 'checked' }),
      ),
    ).toBeUndefined();
    expect(authenticator.known?.(request({}))).toBeUndefined();
  });

  it('reads a checked token however the header spells it, and nothing around it', () => {
    for (const header of ['Bearer checked', 'bearer checked', ' Bearer checked ']) {
      expect(authenticator.known?.(request({ authorization: header }))).toEqual({
        userId: 'u1',
        sessionId: 's1',
      });
    }
    for (const header of ['Bearer  checked', 'Bearer checked x', 'Bearer checkedx', 'Bearer']) {
      expect(
        authenticator.known?.(request({ authorization: header }, { nimbus_session: 'checked' })),
      ).toBeUndefined();
    }
  });
});
