import type { FastifyRequest } from 'fastify';

/** Who is calling: the member a request acts for. */
export interface Actor {
  userId: string;
}

/** Resolves the actor of a request from its bearer token or session cookie. */
export interface Authenticator {
  authenticate(request: FastifyRequest): Promise<Actor | null>;
}

/** The name of the web app's HttpOnly session cookie. */
export const sessionCookieName = 'nimbus_session';

/** True when a request presents a session cookie and no bearer token (a CSRF-exposed request). */
export function isCookieAuthenticated(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined && request.cookies[sessionCookieName] !== undefined;
}

/**
 * The authenticator of a deployment that has issued no credentials yet: every request is
 * anonymous. Accounts and tokens replace it with a verifying authenticator.
 */
export const anonymousAuthenticator: Authenticator = {
  authenticate: () => Promise.resolve(null),
};
