import type { accountApi, AnswerOf } from '@nimbus/contracts';
import { accountRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The two-step verification calls of the signed-in member (`/v1/user/two-factor/...`), called
 * through the API catalogue's account entries.
 */

/** `GET /v1/user/two-factor`; `recovery_codes_left` is a decimal string, as every count. */
export type TwoFactorStatus = AnswerOf<typeof accountApi.twoFactorStatus>;

/** `POST /v1/user/two-factor/setup`. */
export type TwoFactorSetup = AnswerOf<typeof accountApi.twoFactorSetup>;

/** Whether two-step verification is on. */
export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return browserClient().call(accountRoutes.twoFactorStatus);
}

/** Starts a set-up: a new secret, pending until confirmed. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return browserClient().call(accountRoutes.twoFactorSetup);
}

/** Turns two-step verification on with the first code; resolves the recovery codes. */
export async function confirmTwoFactor(code: string): Promise<readonly string[]> {
  return (await browserClient().call(accountRoutes.twoFactorConfirm, { body: { code } }))
    .recovery_codes;
}

/** Turns two-step verification off with the password or a code. */
export async function disableTwoFactor(proof: { password?: string; code?: string }): Promise<void> {
  await browserClient().call(accountRoutes.twoFactorDisable, { body: proof });
}
