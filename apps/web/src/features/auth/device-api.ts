import type { AnswerOf, oauthApi } from '@nimbus/contracts';
import { oauthRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The TV activation page's calls (docs/api.md#user-service, RFC 8628), through the API
 * catalogue's OAuth entries.
 */

/** `GET /v1/user/device`: the TV waiting for a user code. */
export type PendingDevice = AnswerOf<typeof oauthApi.pendingDevice>;

/** The TV waiting for a user code, as typed (case, spaces and dashes do not matter). */
export function findPendingDevice(userCode: string): Promise<PendingDevice> {
  return browserClient().call(oauthRoutes.pendingDevice, { query: { user_code: userCode } });
}

/** Approves or denies the TV waiting for a user code. */
export async function decideDevice(userCode: string, approve: boolean): Promise<void> {
  await browserClient().call(oauthRoutes.decideDevice, { body: { user_code: userCode, approve } });
}
