import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import type { Authenticator } from '../auth/authenticator';

/** Who a WebDAV request acts for, and whether its credential may change the drive. */
export interface DavActor {
  userId: string;
  canWrite: boolean;
}

/** Checks an e-mail and password given with HTTP Basic (an app password, or the account's). */
export interface BasicCredentialCheck {
  checkBasic(input: { email: string; password: string; address: string }): Promise<DavActor | null>;
}

/** HTTP Basic's user and password, or undefined when the header is not Basic. */
function basicOf(header: string): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,4096})$/i.exec(header.trim());
  if (!match?.[1]) {
    return undefined;
  }
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) {
    return undefined;
  }
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * WebDAV's credentials: HTTP Basic with the member's e-mail and an app password (or the account
 * password where allowed), or a Bearer access token as on every API call (which may write).
 */
export function createDavAuthenticator(deps: {
  authenticator: Authenticator;
  basic: BasicCredentialCheck;
}) {
  return {
    async authenticate(request: FastifyRequest): Promise<DavActor | null> {
      const header = request.headers.authorization;
      if (header === undefined) {
        return null;
      }
      const basic = basicOf(header);
      if (basic) {
        return deps.basic.checkBasic({
          email: basic.user,
          password: basic.password,
          address: request.ip,
        });
      }
      if (!/^Bearer\s/i.test(header.trim())) {
        throw new AppError('unauthenticated');
      }
      const actor = await deps.authenticator.authenticate(request);
      return actor ? { userId: actor.userId, canWrite: true } : null;
    },
  };
}

export type DavAuthenticator = ReturnType<typeof createDavAuthenticator>;
