import { AppError } from '../../http/app-error';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';

/**
 * A per-member limit of one kind of call (`AUTH_RATE_MAX_PER_ACCOUNT` per
 * `AUTH_RATE_WINDOW_SECONDS`): `too_many_requests` with `Retry-After` past it. Calls that check
 * the member's password take it, so a borrowed session is no faster a password guesser than
 * sign-in.
 */
export function memberCallLimit(limiter: WindowLimiter, limit: WindowLimit, kind: string) {
  return async (userId: string): Promise<void> => {
    const decision = await limiter.hit(`${kind}:user:${userId}`, limit);
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  };
}
