import type { ApiClient, StorageLike } from '@nimbus/client';
import { claimInvitation, invitationClaimOf, readStoredObject } from '@nimbus/client';
import type { InviteAnswer } from '@nimbus/contracts';
import { mayPassLater } from './invitation-claim';

/*
 * The free-trial grant of spec section 4: requested once when the member has an id, is not
 * premium, has no free days and has not called it yet. It is the same call as an invitation's
 * claim (`POST /vip/v1/activity/invite`) without an invite code, so it is not made while an
 * invitation waits to be claimed: that claim is the member's one call. When days come back the
 * member is premium and the days are kept in the `free_days` cookie for as many days.
 */

/** The cookie that holds the free days of a grant for as many days (spec section 4). */
export const freeDaysCookieName = 'free_days';

/** Local storage key of the members (user ids) whose free-trial call this browser made. */
export const freeTrialCalledKey = 'nimbus_free_trial_called';

/** Local storage key of a grant not announced yet (the page may change while the call runs). */
export const freeTrialNoticeKey = 'nimbus_free_trial_notice';

/** How long a grant waits to be announced: a day. */
const noticeLifetimeMs = 24 * 60 * 60 * 1000;

/** How many members' calls are remembered (the newest; a shared computer has several). */
const rememberedMembers = 20;

/** What the free-trial decision looks at: the spec's user info and this browser's records. */
export interface FreeTrialFacts {
  /** The signed-in member's id, `''` or undefined when there is none yet. */
  userId: string | undefined;
  /** Whether the VIP status is `ok`; undefined while the membership is not known. */
  premium: boolean | undefined;
  /** The days of the `free_days` cookie (a grant this browser received), if any. */
  freeDays: number | undefined;
  /** Whether this browser already made the call for this member (`getFreeVipCalled`). */
  called: boolean;
  /** Whether an invitation waits to be claimed (its claim is the call). */
  invitationPending: boolean;
}

/** Whether to request the free trial now (spec section 4). */
export function shouldRequestFreeTrial(facts: FreeTrialFacts): boolean {
  return (
    facts.userId !== undefined &&
    facts.userId !== '' &&
    facts.premium === false &&
    !(facts.freeDays !== undefined && facts.freeDays > 0) &&
    !facts.called &&
    !facts.invitationPending
  );
}

/** The days of a `free_days` cookie value; undefined unless it is a positive whole number. */
export function parseFreeDays(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value)) {
    return undefined;
  }
  const days = Number(value);
  return days > 0 ? days : undefined;
}

function calledMembers(storage: StorageLike): string[] {
  const ids = readStoredObject(storage, freeTrialCalledKey)?.ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Whether this browser made the free-trial (or invitation) call for `userId`. */
export function wasFreeTrialCalled(storage: StorageLike, userId: string): boolean {
  return calledMembers(storage).includes(userId);
}

/** Remembers that the call was made for `userId` (the newest 20 members are kept). */
export function markFreeTrialCalled(storage: StorageLike, userId: string): void {
  const ids = [...calledMembers(storage).filter((id) => id !== userId), userId].slice(
    -rememberedMembers,
  );
  storage.setItem(freeTrialCalledKey, JSON.stringify({ ids }));
}

/** A grant waiting to be announced to its member. */
export interface FreeTrialNotice {
  userId: string;
  answer: InviteAnswer;
  /** Epoch milliseconds after which it is dropped unannounced. */
  expiry: number;
}

/** Keeps a grant to announce until the member has seen it (`forgetFreeTrialNotice`). */
export function keepFreeTrialNotice(
  storage: StorageLike,
  userId: string,
  answer: InviteAnswer,
  now: number,
): void {
  const notice: FreeTrialNotice = { userId, answer, expiry: now + noticeLifetimeMs };
  storage.setItem(freeTrialNoticeKey, JSON.stringify(notice));
}

/** The grant waiting to be announced to `userId`, unless there is none or it expired. */
export function readFreeTrialNotice(
  storage: StorageLike,
  userId: string,
  now: number,
): InviteAnswer | undefined {
  const value = readStoredObject(storage, freeTrialNoticeKey);
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
export function forgetFreeTrialNotice(storage: StorageLike): void {
  storage.removeItem(freeTrialNoticeKey);
}

export interface FreeTrialDeps {
  storage: StorageLike;
  client: Pick<ApiClient, 'post'>;
  userId: string;
  /** The page the member is on: `rr` is its host and path. */
  page: URL;
  /** The attribution source (`tf`) and the referring hosts (`rf`). */
  source?: string | undefined;
  referers?: readonly string[];
  /** Told of days granted by this call (the caller keeps them and refreshes the member). */
  onGranted: (days: number) => void;
  now: number;
}

/** What the free-trial call came to. */
export type FreeTrialOutcome =
  /** The days granted now (0: none, e.g. an account past the trial's window). */
  | { kind: 'answered'; answer: InviteAnswer }
  /** The call had been answered before (another browser): nothing is announced. */
  | { kind: 'repeated' }
  /** No answer; `kept` when the next page may call again. */
  | { kind: 'failed'; kept: boolean };

/**
 * Makes the free-trial call for the member: `{from: "web", rr: host + path, tf, rf}`. Any answer
 * marks the call made for this member; an answer repeating an earlier grant is not announced;
 * days granted now go to `onGranted` and are kept to announce (`readFreeTrialNotice`) until the
 * member has seen them, on this page or, when it was left meanwhile, the next. A failure that may pass leaves the call to a later page.
 */
export async function requestFreeTrial(deps: FreeTrialDeps): Promise<FreeTrialOutcome> {
  const landing = new URL(deps.page.href);
  landing.search = '';
  landing.hash = '';
  const claim = invitationClaimOf({
    landing,
    source: deps.source,
    referers: deps.referers ?? [],
  });
  let answer: InviteAnswer;
  try {
    answer = await claimInvitation(deps.client, claim, { retries: 1 });
  } catch (cause) {
    const kept = mayPassLater(cause);
    if (!kept) {
      markFreeTrialCalled(deps.storage, deps.userId);
    }
    return { kind: 'failed', kept };
  }
  markFreeTrialCalled(deps.storage, deps.userId);
  if (answer.repeated) {
    return { kind: 'repeated' };
  }
  if (answer.free_days > 0) {
    keepFreeTrialNotice(deps.storage, deps.userId, answer, deps.now);
    deps.onGranted(answer.free_days);
  }
  return { kind: 'answered', answer };
}
