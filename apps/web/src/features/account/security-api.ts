import { browserClient } from '@/lib/api/browser-client';

/*
 * The member's signed-in devices and password (`/v1/user/sessions`, `/v1/user/password`, see the
 * server's `account-security.schemas.ts`).
 */

/** One signed-in device of `GET /v1/user/sessions`. */
export interface SessionSummary {
  id: string;
  client_id: string;
  device_id: string;
  user_agent: string;
  ip: string;
  created_time: string;
  last_used_time: string;
  expires_time: string;
  current: boolean;
}

/** Where the member is signed in. */
export async function listSessions(): Promise<SessionSummary[]> {
  const answer = await browserClient().get<{ sessions: SessionSummary[] }>('/v1/user/sessions');
  return answer.sessions;
}

/** Signs one device out. */
export async function revokeSession(id: string): Promise<void> {
  await browserClient().delete(`/v1/user/sessions/${encodeURIComponent(id)}`);
}

/** Changes the password; the server ends every other session. */
export async function changePassword(input: {
  oldPassword: string;
  newPassword: string;
}): Promise<void> {
  await browserClient().post('/v1/user/password', {
    ...(input.oldPassword ? { old_password: input.oldPassword } : {}),
    new_password: input.newPassword,
  });
}
