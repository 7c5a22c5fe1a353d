import type { accountApi, AnswerOf } from '@nimbus/contracts';
import { accountRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The member's signed-in devices and password (`/v1/user/sessions`, `/v1/user/password`), called
 * through the API catalogue's account entries.
 */

/** One signed-in device of `GET /v1/user/sessions`. */
export type SessionSummary = AnswerOf<typeof accountApi.sessions>['sessions'][number];

/** Where the member is signed in. */
export async function listSessions(): Promise<SessionSummary[]> {
  return (await browserClient().call(accountRoutes.sessions)).sessions;
}

/** Signs one device out. */
export async function revokeSession(id: string): Promise<void> {
  await browserClient().call(accountRoutes.revokeSession, { params: { id } });
}

/** Changes the password; the server ends every other session. */
export async function changePassword(input: {
  oldPassword: string;
  newPassword: string;
}): Promise<void> {
  await browserClient().call(accountRoutes.changePassword, {
    body: {
      ...(input.oldPassword ? { old_password: input.oldPassword } : {}),
      new_password: input.newPassword,
    },
  });
}
