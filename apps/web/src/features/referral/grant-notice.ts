import type { StorageLike } from '@nimbus/client';
import { readStoredObject } from '@nimbus/client';
import type { InviteAnswer } from '@nimbus/contracts';

/*
 * Premium days granted to a member (an invitation's claim or the free trial) are announced
 * once. The calls are made right after signing in, when the sign-in page is about to send the
 * member on, so a grant is kept in local storage until the member has seen it: on the page
 * that made the call, or on the next one when that page was left before it could show it.
 */

/** Local storage key of a grant not announced yet. */
export const grantNoticeKey = 'nimbus_grant_notice';

/** How long a grant waits to be announced: a day. */
const noticeLifetimeMs = 24 * 60 * 60 * 1000;

/** A grant waiting to be announced to its member. */
interface GrantNotice {
  userId: string;
  answer: InviteAnswer;
  /** Epoch milliseconds after which it is dropped unannounced. */
  expiry: number;
}

/** Keeps a grant to announce to `userId` until they have seen it (`forgetGrantNotice`). */
export function keepGrantNotice(
  storage: StorageLike,
  userId: string,
  answer: InviteAnswer,
  now: number,
): void {
  const notice: GrantNotice = { userId, answer, expiry: now + noticeLifetimeMs };
  storage.setItem(grantNoticeKey, JSON.stringify(notice));
}

/** The grant waiting to be announced to `userId`, unless there is none or it expired. */
export function readGrantNotice(
  storage: StorageLike,
  userId: string,
  now: number,
): InviteAnswer | undefined {
  const value = readStoredObject(storage, grantNoticeKey);
  const answer = value?.answer as Partial<InviteAnswer> | undefined;
  if (
    value?.userId !== userId ||
    typeof value.expiry !== 'number' ||
    !(value.expiry > now) ||
    typeof answer !== 'object' ||
    typeof answer.free_days !== 'number' ||
    !(answer.free_days > 0)
  ) {
    return undefined;
  }
  return { free_days: answer.free_days, invited: answer.invited === true, repeated: false };
}

/** Drops the grant to announce (the member closed the notice). */
export function forgetGrantNotice(storage: StorageLike): void {
  storage.removeItem(grantNoticeKey);
}
