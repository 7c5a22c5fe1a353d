import { presentedCredential, type Authenticator } from '../auth/authenticator';
import type { SessionService } from './session.service';

const bearerPrefix = 'Bearer ';

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
      // A bearer token this process verified already (most signed-in calls) is looked up as the
      // header carries it: a verified token is one of ours, so it is exactly what parsing the
      // header would find, and the parsing is skipped. Anything else is read as always.
      const header = request.headers.authorization;
      if (header !== undefined && header.startsWith(bearerPrefix)) {
        const actor = sessions.knownBearer(header.slice(bearerPrefix.length));
        if (actor !== undefined) {
          return actor;
        }
      }
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
