import { presentedCredential, type Authenticator } from '../auth/authenticator';
import type { SessionService } from './session.service';

/**
 * The real authenticator: `Authorization: Bearer <access token>` or the web app's session
 * cookie, each accepted only while its session is open and its member active.
 */
export function createSessionAuthenticator(
  sessions: Pick<
    SessionService,
    'authenticateBearer' | 'authenticateCookie' | 'knownBearer' | 'knownCookie'
  >,
): Authenticator {
  return {
    known(request) {
      const credential = presentedCredential(request);
      switch (credential.kind) {
        case 'bearer':
          return sessions.knownBearer(credential.token);
        case 'cookie':
          return sessions.knownCookie(credential.token);
        case 'malformed':
        case 'none':
          return undefined;
      }
    },

    async authenticate(request) {
      const credential = presentedCredential(request);
      switch (credential.kind) {
        case 'bearer':
          return sessions.authenticateBearer(credential.token);
        case 'cookie':
          return sessions.authenticateCookie(credential.token);
        case 'malformed':
        case 'none':
          return null;
      }
    },
  };
}
