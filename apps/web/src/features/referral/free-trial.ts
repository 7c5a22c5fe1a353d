import type { ApiClient, StorageLike } from '@nimbus/client';
import { claimInvitation, invitationClaimOf, readStoredObject } from '@nimbus/client';
import type { InviteAnswer } from '@nimbus/contracts';
import { keepGrantNotice } from './grant-notice';

/*
 * The free-trial grant of docs/product.md#states: requested once when the member has an id, is not
 * premium, has no free days and has not called it yet. It is the same call as an invitation's
 * claim (`POST /vip/v1/activity/invite`) without an invite code, so it is not made while an
 * invitation waits to be claimed: that claim is the member's one call. When days come back the
 * member is premium and the days are kept in the `free_days` cookie for as many days.
 */

/** The cookie that holds the free days of a grant for as many days (docs/product.md#states). */
export const freeDaysCookieName = 'free_days';

/** Local storage key of the members (user ids) whose free-trial call this browser made. */
export const freeTrialCalledKey = 'nimbus_free_trial_called';

/**
 * Local storage key of a call sent whose answer this browser has not read (the page changed
 * while it ran): the next page calls again and announces the server's repeat of the grant.
 */
export const freeTrialSentKey = 'nimbus_free_trial_sent';

/** How long a call sent waits to have its answer read: a day. */
const sentLifetimeMs = 24 * 60 * 60 * 1000;

/** How many members' calls are remembered (the newest; a shared computer has several). */
const rememberedMembers = 20;

/** What the free-trial decision looks at: the member's info and this browser's records. */
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
  /** Whether this browser sent the call and never read its answer (`wasFreeTrialUnanswered`). */
  unanswered: boolean;
}

/**
 * Whether to request the free trial now (docs/product.md#states), or again to read the answer of a
 * call whose page was left (the member may be premium by then, through that very call).
 */
export function shouldRequestFreeTrial(facts: FreeTrialFacts): boolean {
  if (facts.userId === undefined || facts.userId === '' || facts.invitationPending) {
    return false;
  }
  return (
    facts.unanswered ||
    (facts.premium === false &&
      !(facts.freeDays !== undefined && facts.freeDays > 0) &&
      !facts.called)
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

/** Whether this browser sent the call for `userId` in the last day and never read the answer. */
export function wasFreeTrialUnanswered(storage: StorageLike, userId: string, now: number): boolean {
  const value = readStoredObject(storage, freeTrialSentKey);
  return value?.userId === userId && typeof value.expiry === 'number' && value.expiry > now;
}

function markFreeTrialSent(storage: StorageLike, userId: string, now: number): void {
  storage.setItem(freeTrialSentKey, JSON.stringify({ userId, expiry: now + sentLifetimeMs }));
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
 * marks the call made for this member; an answer repeating an earlier grant is not announced,
 * unless it repeats this browser's own call whose answer was lost with its page; days granted
 * go to `onGranted` and are kept to announce (`readGrantNotice`) until the member has seen
 * them, on this page or, when it was left meanwhile, the next. A failure that may pass leaves
 * the call to a later page.
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
  const resent = wasFreeTrialUnanswered(deps.storage, deps.userId, deps.now);
  markFreeTrialSent(deps.storage, deps.userId, deps.now);
  let sent: InviteAnswer;
  try {
    sent = await claimInvitation(deps.client, claim, { retries: 1 });
  } catch (cause) {
    // Loaded here: the rest of this file runs on every page, and this brings the API errors.
    const { mayPassLater } = await import('./invitation-claim');
    const kept = mayPassLater(cause);
    if (!kept) {
      markFreeTrialCalled(deps.storage, deps.userId);
      deps.storage.removeItem(freeTrialSentKey);
    }
    return { kind: 'failed', kept };
  }
  markFreeTrialCalled(deps.storage, deps.userId);
  deps.storage.removeItem(freeTrialSentKey);
  if (sent.repeated && !resent) {
    return { kind: 'repeated' };
  }
  const answer = { ...sent, repeated: false };
  if (answer.free_days > 0) {
    keepGrantNotice(deps.storage, deps.userId, answer, deps.now);
    deps.onGranted(answer.free_days);
  }
  return { kind: 'answered', answer };
}
