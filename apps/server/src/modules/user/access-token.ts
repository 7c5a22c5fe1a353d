import { errors, jwtVerify, SignJWT } from 'jose';

/** What an access token says: whose it is, which session issued it, for which client. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  clientId: string;
  scope: string;
}

export interface AccessTokenDeps {
  key: Uint8Array;
  /** The `iss` claim: the site's public origin. */
  issuer: string;
  ttlSeconds: number;
  now: () => Date;
}

const algorithm = 'HS256';
const audience = 'nimbus-api';

/**
 * Short-lived signed access tokens (JWT, HS256). They carry the session id so that signing out
 * ends them at once: the authenticator checks the session on every call.
 */
export function createAccessTokens(deps: AccessTokenDeps) {
  return {
    ttlSeconds: deps.ttlSeconds,

    /** Signs a token for a session. */
    async sign(claims: AccessClaims): Promise<string> {
      const issuedAt = Math.floor(deps.now().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId, client_id: claims.clientId, scope: claims.scope })
        .setProtectedHeader({ alg: algorithm, typ: 'at+jwt' })
        .setSubject(claims.userId)
        .setIssuer(deps.issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + deps.ttlSeconds)
        .sign(deps.key);
    },

    /** The claims of a valid, unexpired token of ours; null for anything else. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, deps.key, {
          algorithms: [algorithm],
          issuer: deps.issuer,
          audience,
          currentDate: deps.now(),
        });
        const { sub, sid, client_id: clientId, scope } = payload;
        if (
          typeof sub !== 'string' ||
          typeof sid !== 'string' ||
          typeof clientId !== 'string' ||
          typeof scope !== 'string'
        ) {
          return null;
        }
        return { userId: sub, sessionId: sid, clientId, scope };
      } catch (error) {
        if (error instanceof errors.JOSEError) {
          return null;
        }
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
