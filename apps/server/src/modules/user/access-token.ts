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

/** How many verified tokens `verify` remembers (about 400 bytes each). */
const verifiedTokensKept = 10_000;

/**
 * Short-lived signed access tokens (JWT, HS256). They carry the session id so that signing out
 * ends them at once: the authenticator checks the session on every call.
 */
export function createAccessTokens(deps: AccessTokenDeps) {
  // A client sends one token with every call until it expires: its signature is checked once (an
  // HMAC through WebCrypto costs more than the rest of a small call) and its claims remembered
  // with its expiry, which is still checked on every use. Only tokens that verified are kept, so
  // nobody can fill this with tokens of their own; the oldest go first when it is full.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

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

    /**
     * The claims of a token this process verified already and that has not expired since;
     * undefined when it must be verified (`verify`).
     */
    known(token: string, currentDate: Date): AccessClaims | undefined {
      const known = verified.get(token);
      return known !== undefined && known.expiresAt > Math.floor(currentDate.getTime() / 1000)
        ? known.claims
        : undefined;
    },

    /** The claims of a valid, unexpired token of ours; null for anything else. */
    async verify(token: string): Promise<AccessClaims | null> {
      const currentDate = deps.now();
      // jose's rule: a token is expired once its `exp` is not after the current second.
      const currentSecond = Math.floor(currentDate.getTime() / 1000);
      const known = verified.get(token);
      if (known) {
        return known.expiresAt > currentSecond ? known.claims : null;
      }
      try {
        const { payload } = await jwtVerify(token, deps.key, {
          algorithms: [algorithm],
          issuer: deps.issuer,
          audience,
          currentDate,
        });
        const { sub, sid, client_id: clientId, scope, exp, nbf } = payload;
        if (
          typeof sub !== 'string' ||
          typeof sid !== 'string' ||
          typeof clientId !== 'string' ||
          typeof scope !== 'string'
        ) {
          return null;
        }
        const claims = { userId: sub, sessionId: sid, clientId, scope };
        if (typeof exp === 'number' && nbf === undefined) {
          if (verified.size >= verifiedTokensKept) {
            verified.delete(verified.keys().next().value as string);
          }
          verified.set(token, { claims, expiresAt: exp });
        }
        return claims;
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
