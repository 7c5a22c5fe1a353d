import { browserClient } from '@/lib/api/browser-client';

/*
 * The two-step verification calls of the signed-in member (`/v1/user/two-factor/...`, see the
 * server's `two-factor.schemas.ts`).
 */

/** `GET /v1/user/two-factor`. */
export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  enabled_at: string | null;
  /** A decimal string, as every count of the API. */
  recovery_codes_left: string;
}

/** `POST /v1/user/two-factor/setup`. */
export interface TwoFactorSetup {
  secret: string;
  otpauth_uri: string;
}

/** Whether two-step verification is on. */
export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return browserClient().get<TwoFactorStatus>('/v1/user/two-factor');
}

/** Starts a set-up: a new secret, pending until confirmed. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return browserClient().post<TwoFactorSetup>('/v1/user/two-factor/setup', {});
}

/** Turns two-step verification on with the first code; resolves the recovery codes. */
export async function confirmTwoFactor(code: string): Promise<readonly string[]> {
  const answer = await browserClient().post<{ recovery_codes: string[] }>(
    '/v1/user/two-factor/confirm',
    { code },
  );
  return answer.recovery_codes;
}

/** Turns two-step verification off with the password or a code. */
export async function disableTwoFactor(proof: { password?: string; code?: string }): Promise<void> {
  await browserClient().post('/v1/user/two-factor/disable', proof);
}
