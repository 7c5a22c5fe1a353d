import { AppError } from '../../http/app-error';
import type { Actor } from '../auth/authenticator';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import type { AccountDeletionRepository } from './account-deletion.repository';
import { memberCallLimit } from './member-call-limit';
import type { PasswordHasher } from './password';
import type { SessionRepository } from './session.repository';
import type { UserRepository } from './user.repository';

export interface AccountDeletionServiceDeps {
  users: Pick<UserRepository, 'findById'>;
  deletions: AccountDeletionRepository;
  sessions: Pick<SessionRepository, 'revokeAllOfUser'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  /** Requests one member may make per window (they prove the password). */
  limiter: WindowLimiter;
  limit: WindowLimit;
  /** Days between a request and the operator's purge (`ACCOUNT_DELETION_GRACE_DAYS`). */
  graceDays: number;
  now: () => Date;
}

/** A recorded deletion request. */
export interface DeletionRequest {
  requestedAt: string;
  /** From when the operator's purge may delete the account. */
  purgeAfter: string;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * A member's request to delete the account: the account turns `under_review` (sign-in answers
 * so), every session ends, and the operator's purge deletes it once the grace period is over.
 * Until then the member withdraws it by signing in with `cancel_deletion: true`, and an operator
 * can restore it by setting the status back to `active`.
 */
export function createAccountDeletionService(deps: AccountDeletionServiceDeps) {
  const limit = memberCallLimit(deps.limiter, deps.limit, 'account-deletion');
  return {
    /** The grace period, and the day the purge would come if the member asked now. */
    terms(): { graceDays: number; purgeAfter: string } {
      const now = deps.now();
      return {
        graceDays: deps.graceDays,
        purgeAfter: new Date(now.getTime() + deps.graceDays * dayMs).toISOString(),
      };
    },

    /**
     * Records the request. An account with a password must give it (`invalid_password` when
     * missing or wrong), so a borrowed session cannot delete the account; a member makes
     * `limit` requests per window (`too_many_requests` past it), so it guesses no password.
     */
    async request(
      actor: Actor,
      input: { password?: string | undefined },
    ): Promise<DeletionRequest> {
      await limit(actor.userId);
      const user = await deps.users.findById(actor.userId);
      if (!user) {
        throw new AppError('unauthenticated');
      }
      if (user.password_hash) {
        const isRight =
          input.password !== undefined &&
          (await deps.hasher.verify(user.password_hash, input.password));
        if (!isRight) {
          throw new AppError('invalid_password', { description: 'The password is not right' });
        }
      }
      const now = deps.now();
      if (!(await deps.deletions.request(user.id, now))) {
        // Only an active account reaches here with a live session; anything else has changed under us.
        throw new AppError('failed_precondition', { description: 'The account is not active' });
      }
      await deps.sessions.revokeAllOfUser(user.id, 'account_deletion', now);
      return {
        requestedAt: now.toISOString(),
        purgeAfter: new Date(now.getTime() + deps.graceDays * dayMs).toISOString(),
      };
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
