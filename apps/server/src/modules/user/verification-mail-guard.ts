import { AppError } from '../../http/app-error';
import { hashToken } from '../../lib/secrets';
import type { AuthFailureRepository } from './auth-failure.repository';
import type { CaptchaGuard } from './captcha-guard';
import type { RequestContext } from './request-context';

/** The captcha action of asking for a mailed code (captcha init meta `{email}`). */
export const verificationCaptchaAction = 'POST:/v1/auth/verification';

const dayMs = 86_400_000;

export interface VerificationMailGuardDeps {
  failures: Pick<AuthFailureRepository, 'find' | 'record'>;
  captchaGuard: CaptchaGuard;
  settings: {
    /** Window of the per-client and per-address counts, in seconds. */
    windowSeconds: number;
    /** Codes one client (client address, or device) may request for one e-mail address per window. */
    maxPerClient: number;
    /** Codes one e-mail address may be sent per 24 hours, from all clients. */
    maxPerDay: number;
  };
}

/**
 * The limits of mailed codes. They bound what reaches an inbox and lock the owner out of nothing:
 * - each request counts for the e-mail address with the client address and with the device (pair
 *   counters `mail_address` / `mail_device`); a pair past its limit is refused with 429 before
 *   the shield, and no other client is held by it;
 * - the e-mail address's own count per window (`mail`) only makes every client solve a challenge
 *   (the shield reads it for this action, in its init as in its check);
 * - the count per 24 hours (`mail_day`) is a hard ceiling against mail bombs.
 * Every counter is kept per address typed, account or not, so the limits tell nobody which
 * addresses have accounts.
 */
export function createVerificationMailGuard(deps: VerificationMailGuardDeps) {
  const { settings } = deps;
  const windowMs = settings.windowSeconds * 1000;

  function pairsOf(email: string, context: RequestContext) {
    return [
      { scope: 'mail_address' as const, subject: hashToken(`${email}\n${context.address}`) },
      ...(context.deviceId === '' ? [] : [{ scope: 'mail_device' as const, subject: hashToken(`${email}\n${context.deviceId}`) }]),
    ];
  }

  function refuse(windowStartedAt: string, lengthMs: number, now: Date): never {
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(windowStartedAt) + lengthMs - now.getTime()) / 1000));
    throw new AppError('too_many_requests', { retryAfterSeconds, description: 'Too many codes asked for this address, try again later' });
  }

  return {
    /**
     * Before a code is made: refuses a client past its limit for this address (429, before the
     * shield, so it solves nothing), then asks the shield, then counts the request and refuses it
     * past the daily ceiling.
     */
    async admit(email: string, clientId: string, context: RequestContext, now: Date): Promise<void> {
      const windowStart = new Date(now.getTime() - windowMs);
      for (const pair of pairsOf(email, context)) {
        const row = await deps.failures.find(pair.scope, pair.subject);
        if (row && row.window_started_at >= windowStart.toISOString() && row.failures >= settings.maxPerClient) {
          refuse(row.window_started_at, windowMs, now);
        }
      }
      await deps.captchaGuard.check({
        action: verificationCaptchaAction,
        captchaToken: context.captchaToken,
        clientId,
        deviceId: context.deviceId,
        address: context.address,
        subject: email,
      });
      const daily = await deps.failures.find('mail_day', email);
      const dayStart = new Date(now.getTime() - dayMs).toISOString();
      if (daily && daily.window_started_at >= dayStart && daily.failures >= settings.maxPerDay) {
        refuse(daily.window_started_at, dayMs, now);
      }
      await deps.failures.record('mail_day', email, now, new Date(now.getTime() - dayMs));
      await deps.failures.record('mail', email, now, windowStart);
      for (const pair of pairsOf(email, context)) {
        await deps.failures.record(pair.scope, pair.subject, now, windowStart);
      }
    },
  };
}

export type VerificationMailGuard = ReturnType<typeof createVerificationMailGuard>;
