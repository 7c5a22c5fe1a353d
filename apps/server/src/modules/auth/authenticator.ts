import type { FastifyRequest } from 'fastify';
import type { UserStatus } from '../../db/schema';
import { cookieOf } from '../../http/cookies';

/** Who is calling: the member a request acts for, and the session it acts through. */
export interface Actor {
  userId: string;
  sessionId: string;
  /**
   * The member's own row as the session check read it: as old as the trusted session (at most
   * SESSION_CHECK_CACHE_SECONDS, and dropped at once by a change to the account on this
   * process). Enough to show the member who they are; absent when the check did not read it.
   */
  member?: ActorMember;
}

/** What the session check reads of the member beside the session. */
export interface ActorMember {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  picture: string;
  status: UserStatus;
  created_at: string;
  has_password: boolean;
}

/** Resolves the actor of a request from its bearer token or session cookie. */
export interface Authenticator {
  authenticate(request: FastifyRequest): Promise<Actor | null>;
  /**
   * The actor of a request whose credential this process checked moments ago, answered at once
   * (no promise, no query: most signed-in calls); undefined when `authenticate` must decide.
   */
  known?(request: FastifyRequest): Actor | undefined;
}

/** The name of the web app's HttpOnly session cookie. */
export const sessionCookieName = 'nimbus_session';

/** True when a request presents a session cookie and no bearer token (a CSRF-exposed request). */
export function isCookieAuthenticated(request: FastifyRequest): boolean {
  return (
    request.headers.authorization === undefined &&
    cookieOf(request, sessionCookieName) !== undefined
  );
}

/** The credentials a request presents: a bearer token, or else the session cookie. */
export type PresentedCredential =
  | { kind: 'bearer'; token: string }
  | { kind: 'cookie'; token: string }
  | { kind: 'malformed' }
  | { kind: 'none' };

/**
 * Reads the credentials of a request. An `Authorization` header wins over the cookie, and one
 * that is not `Bearer <token>` is malformed rather than ignored, so a broken client is told.
 */
export function presentedCredential(request: FastifyRequest): PresentedCredential {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header.trim());
    return match?.[1] ? { kind: 'bearer', token: match[1] } : { kind: 'malformed' };
  }
  const cookie = cookieOf(request, sessionCookieName);
  return cookie ? { kind: 'cookie', token: cookie } : { kind: 'none' };
}

/** An authenticator for which every request is anonymous (servers and tests with no accounts). */
export const anonymousAuthenticator: Authenticator = {
  authenticate: () => Promise.resolve(null),
};
