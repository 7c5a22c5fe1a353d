import { AppError } from '../../http/app-error';
import type { FailureScope } from '../../db/schema';
import { hashToken } from '../../lib/secrets';
import type { AuthFailureRepository } from './auth-failure.repository';
import type { CaptchaGuard } from './captcha-guard';
import type { RequestContext } from './request-context';

/** The captcha action of asking for a mailed code (captcha init meta `{email}`). */
export const verificationCaptchaAction = 'POST:/v1/auth/verification';

const dayMs = 86_400_000;

/** One count of requests, over its own length of time, with its limit. */
interface Counter {
  scope: FailureScope;
  subject: string;
  lengthMs: number;
  max: number;
}

export interface VerificationMailGuardDeps {
  failures: Pick<AuthFailureRepository, 'find' | 'record'>;
  captchaGuard: CaptchaGuard;
  settings: {
    /** Window of the per-client and per-address counts, in seconds. */
    windowSeconds: number;
    /** Codes one client (client address, or device) may request for one e-mail address per window. */
    maxPerClient: number;
    /** The same per 24 hours, so one client alone never reaches `maxPerDay`. */
    maxPerClientPerDay: number;
    /** Codes one e-mail address may be sent per 24 hours, from all clients. */
    maxPerDay: number;
  };
}

/**
 * The limits of mailed codes. They bound what reaches an inbox and lock the owner out of nothing:
 * - each request counts for the e-mail address with the client address and with the device (pair
 *   counters `mail_address` / `mail_device` per window, `…_day` per 24 hours); a pair past its
 *   limit is refused with 429 before the shield, and no other client is held by it;
 * - the e-mail address's own count per window (`mail`) only makes every client solve a challenge
 *   (the shield reads it for this action, in its init as in its check);
 * - the count per 24 hours (`mail_day`) is a hard ceiling against mail bombs, which no client
 *   address reaches alone.
 * Every counter is kept per address typed, account or not, so the limits tell nobody which
 * addresses have accounts.
 */
export function createVerificationMailGuard(deps: VerificationMailGuardDeps) {
  const { settings } = deps;
  const windowMs = settings.windowSeconds * 1000;

  /** The counts of this client for this address, per window and per day (subjects hashed to fit). */
  function clientCounters(email: string, context: RequestContext): Counter[] {
    const pairs = [
      {
        scope: 'mail_address' as const,
        dayScope: 'mail_address_day' as const,
        subject: hashToken(`${email}\n${context.address}`),
      },
      ...(context.deviceId === ''
        ? []
        : [
            {
              scope: 'mail_device' as const,
              dayScope: 'mail_device_day' as const,
              subject: hashToken(`${email}\n${context.deviceId}`),
            },
          ]),
    ];
    return pairs.flatMap((pair) => [
      { scope: pair.scope, subject: pair.subject, lengthMs: windowMs, max: settings.maxPerClient },
      {
        scope: pair.dayScope,
        subject: pair.subject,
        lengthMs: dayMs,
        max: settings.maxPerClientPerDay,
      },
    ]);
  }

  /** Refuses with 429 and `Retry-After` when a counter has reached its limit within its length. */
  async function assertUnder(counters: readonly Counter[], now: Date): Promise<void> {
    for (const counter of counters) {
      const row = await deps.failures.find(counter.scope, counter.subject);
      const start = Date.parse(row?.window_started_at ?? '');
      if (row && start + counter.lengthMs > now.getTime() && row.failures >= counter.max) {
        throw new AppError('too_many_requests', {
          retryAfterSeconds: Math.max(
            1,
            Math.ceil((start + counter.lengthMs - now.getTime()) / 1000),
          ),
          description: 'Too many codes asked for this address, try again later',
        });
      }
    }
  }

  return {
    /**
     * Before a code is made: refuses a client past its limits for this address (before the
     * shield, so it solves nothing), asks the shield, refuses past the daily ceiling, and counts.
     */
    async admit(
      email: string,
      clientId: string,
      context: RequestContext,
      now: Date,
    ): Promise<void> {
      const ofClient = clientCounters(email, context);
      const ofAddress: Counter[] = [
        { scope: 'mail_day', subject: email, lengthMs: dayMs, max: settings.maxPerDay },
        // Never refuses (the shield reads it): counted here only.
        { scope: 'mail', subject: email, lengthMs: windowMs, max: Number.POSITIVE_INFINITY },
      ];
      await assertUnder(ofClient, now);
      await deps.captchaGuard.check({
        action: verificationCaptchaAction,
        captchaToken: context.captchaToken,
        clientId,
        deviceId: context.deviceId,
        address: context.address,
        subject: email,
      });
      await assertUnder(ofAddress, now);
      for (const counter of [...ofAddress, ...ofClient]) {
        await deps.failures.record(
          counter.scope,
          counter.subject,
          now,
          new Date(now.getTime() - counter.lengthMs),
        );
      }
    },
  };
}

export type VerificationMailGuard = ReturnType<typeof createVerificationMailGuard>;
