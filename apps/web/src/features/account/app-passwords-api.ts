import type { accountApi, AnswerOf } from '@nimbus/contracts';
import { accountRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The member's app passwords (`/v1/user/app-passwords`), for WebDAV and other apps that sign in
 * with HTTP Basic, called through the API catalogue's account entries.
 */

/** One app password of `GET /v1/user/app-passwords` (never the password itself). */
export type AppPasswordSummary = AnswerOf<typeof accountApi.appPasswords>['app_passwords'][number];

export async function listAppPasswords(): Promise<AppPasswordSummary[]> {
  return (await browserClient().call(accountRoutes.appPasswords)).app_passwords;
}

/** Creates one; the answer holds the password, which is never shown again. */
export async function createAppPassword(input: {
  name: string;
  scope: 'read' | 'write';
}): Promise<{ summary: AppPasswordSummary; password: string }> {
  const answer = await browserClient().call(accountRoutes.createAppPassword, { body: input });
  return { summary: answer.app_password, password: answer.password };
}

export async function revokeAppPassword(id: string): Promise<void> {
  await browserClient().call(accountRoutes.revokeAppPassword, { params: { id } });
}

/** Where WebDAV apps connect: `/dav/` on the origin of the drive's calls. */
export function webDavAddress(): string {
  return new URL('/dav/', browserClient().originOf('drive') || window.location.origin).href;
}
