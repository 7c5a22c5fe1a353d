import { AppError } from '../../http/app-error';
import type { Actor } from '../auth/authenticator';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import { memberCallLimit } from './member-call-limit';
import { assertPasswordRules, type PasswordHasher } from './password';
import type { SessionRepository, SessionRow } from './session.repository';
import type { UserRepository } from './user.repository';

export interface AccountSecurityServiceDeps {
  users: Pick<UserRepository, 'findById' | 'setPasswordHash'>;
  sessions: Pick<SessionRepository, 'listActiveOfUser' | 'revokeOfUser' | 'revokeOthersOfUser'>;
  hasher: PasswordHasher;
  /** Password changes one member may try per window (each proves the current password). */
  limiter: WindowLimiter;
  limit: WindowLimit;
  now: () => Date;
}

/** A signed-in session as the member sees it in the device list. */
export interface SessionSummary {
  session: SessionRow;
  current: boolean;
}

/**
 * What a signed-in member does to keep the account safe: see where it is signed in, sign out a
 * device, change the password.
 */
export function createAccountSecurityService(deps: AccountSecurityServiceDeps) {
  const limitPasswordChange = memberCallLimit(deps.limiter, deps.limit, 'password-change');
  return {
    async listSessions(actor: Actor): Promise<SessionSummary[]> {
      const sessions = await deps.sessions.listActiveOfUser(actor.userId, deps.now());
      return sessions.map((session) => ({ session, current: session.id === actor.sessionId }));
    },

    /** Signs out one device. Another member's session answers `not_found`, like a missing one. */
    async revokeSession(actor: Actor, sessionId: string): Promise<void> {
      if (!(await deps.sessions.revokeOfUser(sessionId, actor.userId, 'member', deps.now()))) {
        throw new AppError('not_found', { description: 'No such session' });
      }
    },

    /**
     * Changes the password. An account that has one must prove it (`invalid_password` when
     * wrong), `limit` tries per window; every other session ends, so a thief holding one loses it.
     */
    async changePassword(
      actor: Actor,
      input: { oldPassword?: string | undefined; newPassword: string },
    ) {
      await limitPasswordChange(actor.userId);
      const user = await deps.users.findById(actor.userId);
      if (!user) {
        throw new AppError('unauthenticated');
      }
      if (user.password_hash) {
        const isRight =
          input.oldPassword !== undefined &&
          (await deps.hasher.verify(user.password_hash, input.oldPassword));
        if (!isRight) {
          throw new AppError('invalid_password', {
            description: 'The current password is not right',
          });
        }
      }
      assertPasswordRules(input.newPassword);
      const now = deps.now();
      await deps.users.setPasswordHash(user.id, await deps.hasher.hash(input.newPassword), now);
      await deps.sessions.revokeOthersOfUser(user.id, actor.sessionId, 'password_change', now);
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
