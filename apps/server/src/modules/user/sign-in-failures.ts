import { AppError } from '../../http/app-error';
import { hashToken } from '../../lib/secrets';
import type { AuthFailureRepository } from './auth-failure.repository';
import type { RequestContext } from './request-context';

export interface SignInFailuresDeps {
  failures: Pick<AuthFailureRepository, 'find' | 'record' | 'lock' | 'clear'>;
  settings: {
    /** Window of the counters, in seconds. */
    windowSeconds: number;
    /** Failures of one account from one client address, or one device, that freeze it there. */
    freezeAfterFailures: number;
    freezeSeconds: number;
  };
}

/**
 * The failed sign-in counters and the freeze. Every failure counts for the account, the client
 * address and the device (the captcha shield reads those three: a challenge from its thresholds
 * on), and for the account tried from this address and from this device. The freeze is kept on
 * those pairs only: a guesser freezes the account for the address and device it guesses from,
 * never for the member signing in from anywhere else (who solves a challenge while the
 * account's own count is high). The pairs are kept per address typed, account or not, so the
 * freeze is no account oracle.
 */
export function createSignInFailures(deps: SignInFailuresDeps) {
  const { settings } = deps;
  const windowMs = settings.windowSeconds * 1000;

  /** The pair counters of an account tried from this client; their subjects are hashed to fit any length. */
  function pairsOf(email: string, context: Pick<RequestContext, 'address' | 'deviceId'>) {
    return [
      { scope: 'account_address' as const, subject: hashToken(`${email}\n${context.address}`) },
      ...(context.deviceId === ''
        ? []
        : [
            {
              scope: 'account_device' as const,
              subject: hashToken(`${email}\n${context.deviceId}`),
            },
          ]),
    ];
  }

  return {
    /** Refuses an account frozen for this client (`account_freeze` with `Retry-After`). */
    async assertNotFrozen(
      email: string,
      context: Pick<RequestContext, 'address' | 'deviceId'>,
      now: Date,
    ): Promise<void> {
      const stamp = now.toISOString();
      const rows = await Promise.all(
        pairsOf(email, context).map((pair) => deps.failures.find(pair.scope, pair.subject)),
      );
      const until = rows.reduce(
        (latest, row) =>
          row?.locked_until && row.locked_until > latest ? row.locked_until : latest,
        stamp,
      );
      if (until > stamp) {
        throw new AppError('account_freeze', {
          retryAfterSeconds: Math.ceil((Date.parse(until) - now.getTime()) / 1000),
        });
      }
    },

    /** Counts a wrong password or second factor; freezes the pair that reached the limit. */
    async record(
      email: string,
      context: Pick<RequestContext, 'address' | 'deviceId'>,
      now: Date,
    ): Promise<void> {
      const windowStart = new Date(now.getTime() - windowMs);
      await deps.failures.record('account', email, now, windowStart);
      await deps.failures.record('address', context.address, now, windowStart);
      if (context.deviceId !== '') {
        await deps.failures.record('device', context.deviceId, now, windowStart);
      }
      for (const pair of pairsOf(email, context)) {
        if (
          (await deps.failures.record(pair.scope, pair.subject, now, windowStart)) >=
          settings.freezeAfterFailures
        ) {
          await deps.failures.lock(
            pair.scope,
            pair.subject,
            new Date(now.getTime() + settings.freezeSeconds * 1000),
            now,
          );
        }
      }
    },

    /**
     * The member proved the account (signed in, or reset the password from the mailbox): its
     * count and this client's pairs start over; the pairs of the clients that guessed stay frozen.
     */
    async clear(
      email: string,
      context: Pick<RequestContext, 'address' | 'deviceId'>,
    ): Promise<void> {
      await deps.failures.clear('account', email);
      for (const pair of pairsOf(email, context)) {
        await deps.failures.clear(pair.scope, pair.subject);
      }
    },
  };
}

/** The failed sign-in counters and the freeze, as `createSignInFailures` makes them. */
export type SignInFailures = ReturnType<typeof createSignInFailures>;
