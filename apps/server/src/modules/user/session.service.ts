import { AppError } from '../../http/app-error';
import { hashToken, newId, newSecretToken } from '../../lib/secrets';
import type { Actor } from '../auth/authenticator';
import type { AccessTokens } from './access-token';
import type { ClientRegistry } from './client-registry';
import type { RequestContext } from './request-context';
import type { ActiveSession, SessionRepository } from './session.repository';

/** What a successful sign-in, sign-up or refresh hands out (docs/api.md#user-service Token). */
export interface TokenGrant {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  userId: string;
  /** The session the tokens belong to. */
  sessionId: string;
  scope: string;
  /** The web app's session cookie token, only for client `web` on sign-in and sign-up. */
  cookieToken: string | undefined;
}

export interface SessionServiceDeps {
  sessions: SessionRepository;
  accessTokens: AccessTokens;
  clients: ClientRegistry;
  refreshTtlSeconds: number;
  /**
   * Sessions found open are trusted for `ttlMs` without a query, while `accessChanges` (the
   * count of statements of this process that may end access) stands still. Absent: no cache.
   */
  checkCache?: { ttlMs: number; accessChanges: () => number };
  now: () => Date;
}

/** The scope of password sign-in: the member's account, drive, and refresh tokens. */
export const defaultScope = 'user pan offline';

/** The client whose sessions also get the HttpOnly session cookie. */
export const webClientId = 'web';

// `last_used_at` is written at most this often per session, not on every request.
const touchIntervalMs = 60_000;
const maxTokenLength = 4096;
/** How many open sessions the check cache holds (a few hundred bytes each). */
const checkedSessionsKept = 10_000;

/**
 * Sessions and their tokens: issuing, refreshing with rotation and reuse detection, revoking,
 * and resolving the session of a request.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const ttlMs = deps.refreshTtlSeconds * 1000;

  async function grant(
    userId: string,
    sessionId: string,
    clientId: string,
    scope: string,
    refreshToken: string,
    cookieToken: string | undefined,
  ): Promise<TokenGrant> {
    const accessToken = await deps.accessTokens.sign({ userId, sessionId, clientId, scope });
    return {
      accessToken,
      refreshToken,
      expiresIn: deps.accessTokens.ttlSeconds,
      userId,
      sessionId,
      scope,
      cookieToken,
    };
  }

  async function revokeByToken(token: string, now: Date): Promise<void> {
    if (token.includes('.')) {
      const claims = await deps.accessTokens.verify(token);
      if (claims) {
        await deps.sessions.revoke(claims.sessionId, 'signout', now);
      }
      return;
    }
    const found = await deps.sessions.findRefreshToken(hashToken(token));
    if (found) {
      await deps.sessions.revoke(found.session.id, 'signout', now);
    }
  }

  // The session check of a signed-in call is its one query beyond its own work, so a session
  // found open is remembered for a few seconds. Any statement of this process that may end
  // access (a sign-out, a revoked session, a member blocked or deleted) empties it at once, so
  // such a change holds on the next call here; other nodes of a fleet see it within `ttlMs`.
  const checked = new Map<string, { session: ActiveSession; until: number; changes: number }>();

  /** The session remembered under `key`, while it may still be trusted at `at`. */
  function trustedSession(key: string, at: number): ActiveSession | undefined {
    const cache = deps.checkCache;
    if (cache === undefined || cache.ttlMs <= 0) {
      return undefined;
    }
    const known = checked.get(key);
    return known && known.changes === cache.accessChanges() && known.until > at
      ? known.session
      : undefined;
  }

  async function checkedSession(
    key: string,
    now: Date,
    find: () => Promise<ActiveSession | undefined>,
  ): Promise<ActiveSession | undefined> {
    const cache = deps.checkCache;
    if (cache === undefined || cache.ttlMs <= 0) {
      return find();
    }
    // Read before the query, so a change made while it runs leaves its answer unkept.
    const changes = cache.accessChanges();
    const at = now.getTime();
    const trusted = trustedSession(key, at);
    if (trusted) {
      return trusted;
    }
    const session = await find();
    checked.delete(key);
    if (session) {
      if (checked.size >= checkedSessionsKept) {
        checked.delete(checked.keys().next().value as string);
      }
      const until = Math.min(at + cache.ttlMs, Date.parse(session.expiresAt));
      checked.set(key, { session, until, changes });
    }
    return session;
  }

  /** The actor of a session whose use stamp is recent enough to leave as it is. */
  function untouchedActor(session: ActiveSession | undefined, now: Date): Actor | undefined {
    return session !== undefined && now.getTime() - session.lastUsedMs <= touchIntervalMs
      ? { userId: session.userId, sessionId: session.sessionId, member: session.member }
      : undefined;
  }

  async function toActor(session: ActiveSession | undefined, now: Date): Promise<Actor | null> {
    if (!session) {
      return null;
    }
    if (now.getTime() - session.lastUsedMs > touchIntervalMs) {
      await deps.sessions.touch(session.sessionId, now);
      // A remembered session is stamped too, so the next calls do not touch it again.
      session.lastUsedMs = now.getTime();
    }
    return { userId: session.userId, sessionId: session.sessionId, member: session.member };
  }

  return {
    /**
     * Opens a session for a member who just proved who they are (an OAuth grant may narrow the
     * scope); `twoFactorPassed` records that the proof included a second factor, which the
     * operator console asks for.
     */
    async issue(
      userId: string,
      clientId: string,
      context: RequestContext,
      scope = defaultScope,
      twoFactorPassed = false,
    ): Promise<TokenGrant> {
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
      const sessionId = newId();
      const refreshToken = newSecretToken();
      const cookieToken = clientId === webClientId ? newSecretToken() : undefined;
      await deps.sessions.create(
        {
          id: sessionId,
          user_id: userId,
          client_id: clientId,
          device_id: context.deviceId,
          user_agent: context.userAgent.slice(0, 512),
          ip: context.address.slice(0, 64),
          scope,
          cookie_token_hash: cookieToken === undefined ? null : hashToken(cookieToken),
          created_at: now.toISOString(),
          last_used_at: now.toISOString(),
          expires_at: expiresAt,
          revoked_at: null,
          revoked_reason: null,
          two_factor_at: twoFactorPassed ? now.toISOString() : null,
        },
        {
          id: newId(),
          session_id: sessionId,
          token_hash: hashToken(refreshToken),
          rotated_from: null,
          rotated_at: null,
          created_at: now.toISOString(),
          expires_at: expiresAt,
        },
      );
      return grant(userId, sessionId, clientId, scope, refreshToken, cookieToken);
    },

    /**
     * `grant_type=refresh_token`: swaps a refresh token for a new pair. A token that was already
     * swapped is a stolen copy or a replay, so its whole family is revoked (`invalid_grant`).
     */
    async refresh(refreshToken: string, clientId: string): Promise<TokenGrant> {
      deps.clients.assertKnown(clientId);
      const now = deps.now();
      const found =
        refreshToken.length <= maxTokenLength
          ? await deps.sessions.findRefreshToken(hashToken(refreshToken))
          : undefined;
      if (!found || found.session.client_id !== clientId || found.session.revoked_at !== null) {
        throw new AppError('invalid_grant');
      }
      const { token, session } = found;
      if (token.rotated_at !== null) {
        await deps.sessions.revoke(session.id, 'reuse', now);
        throw new AppError('invalid_grant', { description: 'The refresh token was already used' });
      }
      const stamp = now.toISOString();
      if (token.expires_at <= stamp || session.expires_at <= stamp) {
        throw new AppError('invalid_grant', { description: 'The refresh token has expired' });
      }
      if (!(await deps.sessions.findActive(session.id, now))) {
        // The member was blocked or frozen since: no new tokens.
        throw new AppError('invalid_grant');
      }
      const successor = newSecretToken();
      const expiresAt = new Date(now.getTime() + ttlMs);
      const rotated = await deps.sessions.rotate(
        token.id,
        {
          id: newId(),
          session_id: session.id,
          token_hash: hashToken(successor),
          rotated_from: token.id,
          rotated_at: null,
          created_at: stamp,
          expires_at: expiresAt.toISOString(),
        },
        expiresAt,
        now,
      );
      if (!rotated) {
        // Another request swapped the same token first: a parallel replay.
        await deps.sessions.revoke(session.id, 'reuse', now);
        throw new AppError('invalid_grant', { description: 'The refresh token was already used' });
      }
      return grant(session.user_id, session.id, clientId, session.scope, successor, undefined);
    },

    /**
     * Signs out: ends the session of a refresh or access token and of the session cookie. Like
     * RFC 7009, an unknown or already revoked token is not an error.
     */
    async revoke(token: string | undefined, cookieToken: string | undefined): Promise<void> {
      const now = deps.now();
      if (token !== undefined && token.length <= maxTokenLength) {
        await revokeByToken(token, now);
      }
      if (cookieToken !== undefined && cookieToken.length <= maxTokenLength) {
        const session = await deps.sessions.findByCookie(hashToken(cookieToken));
        if (session) {
          await deps.sessions.revoke(session.id, 'signout', now);
        }
      }
    },

    /**
     * The actor of a bearer token and a session this process checked moments ago, at once;
     * undefined when they must be checked (`authenticateBearer`).
     */
    knownBearer(accessToken: string): Actor | undefined {
      const now = deps.now();
      const claims = deps.accessTokens.known(accessToken, now);
      if (!claims) {
        return undefined;
      }
      const session = trustedSession(`s:${claims.sessionId}`, now.getTime());
      return session?.userId === claims.userId ? untouchedActor(session, now) : undefined;
    },

    /** The same for a web session cookie (`authenticateCookie`). */
    knownCookie(cookieToken: string): Actor | undefined {
      if (cookieToken.length > maxTokenLength) {
        return undefined;
      }
      const now = deps.now();
      return untouchedActor(trustedSession(`c:${hashToken(cookieToken)}`, now.getTime()), now);
    },

    /** The actor of a bearer access token whose session is still open. */
    async authenticateBearer(accessToken: string): Promise<Actor | null> {
      const claims = await deps.accessTokens.verify(accessToken);
      if (!claims) {
        return null;
      }
      const now = deps.now();
      const session = await checkedSession(`s:${claims.sessionId}`, now, () =>
        deps.sessions.findActive(claims.sessionId, now),
      );
      return toActor(session?.userId === claims.userId ? session : undefined, now);
    },

    /** The actor of a web session cookie whose session is still open. */
    async authenticateCookie(cookieToken: string): Promise<Actor | null> {
      if (cookieToken.length > maxTokenLength) {
        return null;
      }
      const now = deps.now();
      const hash = hashToken(cookieToken);
      return toActor(
        await checkedSession(`c:${hash}`, now, () => deps.sessions.findActiveByCookie(hash, now)),
        now,
      );
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
