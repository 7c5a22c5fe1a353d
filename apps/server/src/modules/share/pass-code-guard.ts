import { AppError } from '../../http/app-error';
import type { AuthFailureRepository } from '../user/auth-failure.repository';
import type { CaptchaGuard } from '../user/captcha-guard';

/** The captcha action of opening a share with a pass code (captcha init meta `{username: "share:<id>"}`). */
export const passCodeCaptchaAction = 'GET:/drive/v1/share';

/** The subject of a share's wrong-pass-code counter and captcha tokens (case-folded like the shield's). */
export function shareSubject(shareId: string): string {
  return `share:${shareId}`.toLowerCase();
}

/** Who tries a pass code, as the limits count them. */
export interface PassCodeClient {
  address: string;
  /** `x-device-id` when well formed, else `''`. */
  deviceId: string;
  clientId: string;
  captchaToken: string | undefined;
}

export interface PassCodeGuardDeps {
  failures: Pick<AuthFailureRepository, 'find' | 'record' | 'lock'>;
  captchaGuard: CaptchaGuard;
  limits: {
    /** Window of the wrong-pass-code counters, and how long a client past its limit is held, in seconds. */
    windowSeconds: number;
    /** Wrong pass codes (any share) one device or one address may try per window before it is held. */
    maxFailuresPerClient: number;
  };
  now: () => Date;
}

/**
 * The limits of pass-code guessing. They slow the guesser and lock nobody else out:
 * - every wrong code counts for the share, the device and the address;
 * - the captcha shield asks for a solved challenge once a share has many wrong codes (its account
 *   threshold), from every visitor: a guesser spread over many clients pays a proof of work per
 *   guess, and a visitor who knows the code gets in after one;
 * - a device or an address past its limit of wrong codes (on any share) is held for a window:
 *   each of its attempts needs a solved challenge (the shield reads the hold), a right code still
 *   opens the share, and a wrong one answers 429 with `Retry-After` and holds it again.
 */
export function createPassCodeGuard(deps: PassCodeGuardDeps) {
  const windowMs = deps.limits.windowSeconds * 1000;

  function clientCounters(client: PassCodeClient) {
    return [
      ...(client.deviceId === '' ? [] : [{ scope: 'device' as const, subject: client.deviceId }]),
      { scope: 'address' as const, subject: client.address },
    ];
  }

  return {
    /**
     * Before a pass code is compared: the captcha shield's verdict (`captcha_required` or
     * `captcha_invalid` refuse the attempt). Answers whether the client is held.
     */
    async admit(shareId: string, client: PassCodeClient): Promise<{ isHeld: boolean }> {
      const stamp = deps.now().toISOString();
      const rows = await Promise.all(
        clientCounters(client).map((counter) => deps.failures.find(counter.scope, counter.subject)),
      );
      const isHeld = rows.some((row) => (row?.locked_until ?? '') > stamp);
      await deps.captchaGuard.check({
        action: passCodeCaptchaAction,
        captchaToken: client.captchaToken,
        clientId: client.clientId,
        deviceId: client.deviceId,
        address: client.address,
        subject: shareSubject(shareId),
      });
      return { isHeld };
    },

    /**
     * After a wrong pass code: counts it, and holds a client that reached its limit. A client
     * that was held already is refused with 429 (`too_many_requests`).
     */
    async reject(
      shareId: string,
      client: PassCodeClient,
      admitted: { isHeld: boolean },
    ): Promise<void> {
      const stamp = deps.now();
      const windowStart = new Date(stamp.getTime() - windowMs);
      const holdUntil = new Date(stamp.getTime() + windowMs);
      await deps.failures.record('account', shareSubject(shareId), stamp, windowStart);
      for (const counter of clientCounters(client)) {
        const failures = await deps.failures.record(
          counter.scope,
          counter.subject,
          stamp,
          windowStart,
        );
        if (admitted.isHeld || failures >= deps.limits.maxFailuresPerClient) {
          await deps.failures.lock(counter.scope, counter.subject, holdUntil, stamp);
        }
      }
      if (admitted.isHeld) {
        throw new AppError('too_many_requests', {
          retryAfterSeconds: deps.limits.windowSeconds,
          description: 'Too many wrong pass codes, try again later',
        });
      }
    },
  };
}

export type PassCodeGuard = ReturnType<typeof createPassCodeGuard>;
