import type { ApiClient, RequestBody } from '@nimbus/client';
import { ApiError, createClientError, createMemoryStorage } from '@nimbus/client';
import { errorKinds } from '@nimbus/contracts';
import type { InviteAnswer } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import type { FreeTrialFacts } from './free-trial';
import { forgetGrantNotice, readGrantNotice } from './grant-notice';
import {
  freeTrialCalledKey,
  markFreeTrialCalled,
  parseFreeDays,
  requestFreeTrial,
  shouldRequestFreeTrial,
  wasFreeTrialCalled,
  wasFreeTrialUnanswered,
} from './free-trial';

const now = Date.parse('2026-11-26T12:00:00.000Z');
const dayMs = 24 * 60 * 60 * 1000;

const due: FreeTrialFacts = {
  userId: 'member-1',
  premium: false,
  freeDays: undefined,
  called: false,
  invitationPending: false,
  unanswered: false,
};

describe('shouldRequestFreeTrial', () => {
  it('asks for a member with an id who is not premium, has no free days and has not called', () => {
    expect(shouldRequestFreeTrial(due)).toBe(true);
  });

  it.each<[string, Partial<FreeTrialFacts>]>([
    ['no user id yet', { userId: undefined }],
    ['an empty user id', { userId: '' }],
    ['a premium member', { premium: true }],
    ['a membership not fetched yet', { premium: undefined }],
    ['free days kept in the cookie', { freeDays: 3 }],
    ['the call already made', { called: true }],
    ['an invitation waiting to be claimed', { invitationPending: true }],
  ])('does not ask with %s', (_label, change) => {
    expect(shouldRequestFreeTrial({ ...due, ...change })).toBe(false);
  });

  it('asks again for the answer of a call left unread, though the member is premium by now', () => {
    const granted = { premium: true, freeDays: 3, called: false, unanswered: true };
    expect(shouldRequestFreeTrial({ ...due, ...granted })).toBe(true);
    expect(shouldRequestFreeTrial({ ...due, ...granted, userId: undefined })).toBe(false);
    expect(shouldRequestFreeTrial({ ...due, ...granted, invitationPending: true })).toBe(false);
  });
});

describe('parseFreeDays', () => {
  it('reads a positive whole number of days and nothing else', () => {
    expect(parseFreeDays('3')).toBe(3);
    expect(parseFreeDays(undefined)).toBeUndefined();
    expect(parseFreeDays('0')).toBeUndefined();
    expect(parseFreeDays('-2')).toBeUndefined();
    expect(parseFreeDays('3.5')).toBeUndefined();
    expect(parseFreeDays('abc')).toBeUndefined();
  });
});

describe('the called record', () => {
  it('is kept per member, the newest 20, and survives a broken entry', () => {
    const storage = createMemoryStorage({ [freeTrialCalledKey]: '{not json' });
    expect(wasFreeTrialCalled(storage, 'a')).toBe(false);
    markFreeTrialCalled(storage, 'a');
    expect(wasFreeTrialCalled(storage, 'a')).toBe(true);
    expect(wasFreeTrialCalled(storage, 'b')).toBe(false);
    for (let index = 0; index < 20; index += 1) {
      markFreeTrialCalled(storage, `m${index}`);
    }
    expect(wasFreeTrialCalled(storage, 'a')).toBe(false);
    expect(wasFreeTrialCalled(storage, 'm0')).toBe(true);
    expect(wasFreeTrialCalled(storage, 'm19')).toBe(true);
  });
});

function fakeClient(answer: InviteAnswer | Error) {
  const posts: { path: string; body: RequestBody | undefined }[] = [];
  const client: Pick<ApiClient, 'post'> = {
    post: <T>(path: string, body?: RequestBody) => {
      posts.push({ path, body });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T);
    },
  };
  return { client, posts };
}

function run(answer: InviteAnswer | Error, storage = createMemoryStorage()) {
  const { client, posts } = fakeClient(answer);
  const granted: number[] = [];
  const outcome = requestFreeTrial({
    storage,
    client,
    userId: 'member-1',
    page: new URL('https://nimbus.example/drive/all?invite_code=ZZZZ2222#top'),
    source: 'newsletter',
    referers: ['search.example', 'blog.example'],
    onGranted: (days) => granted.push(days),
    now,
  });
  return { storage, posts, granted, outcome };
}

describe('requestFreeTrial', () => {
  it('sends from, the page’s host and path, the source and the referrers, and keeps granted days', async () => {
    const { storage, posts, granted, outcome } = run({
      free_days: 3,
      invited: false,
      repeated: false,
    });
    expect(await outcome).toEqual({
      kind: 'answered',
      answer: { free_days: 3, invited: false, repeated: false },
    });
    expect(posts).toEqual([
      {
        path: '/vip/v1/activity/invite',
        body: {
          from: 'web',
          rr: 'nimbus.example/drive/all',
          tf: 'newsletter',
          rf: 'search.example,blog.example',
        },
      },
    ]);
    expect(granted).toEqual([3]);
    expect(wasFreeTrialCalled(storage, 'member-1')).toBe(true);
    // The grant waits to be announced to this member (for a day) until it is forgotten.
    const announced = { free_days: 3, invited: false, repeated: false };
    expect(readGrantNotice(storage, 'member-1', now + 1000)).toEqual(announced);
    expect(readGrantNotice(storage, 'member-2', now + 1000)).toBeUndefined();
    expect(readGrantNotice(storage, 'member-1', now + dayMs + 1)).toBeUndefined();
    forgetGrantNotice(storage);
    expect(readGrantNotice(storage, 'member-1', now + 1000)).toBeUndefined();
  });

  it('announces nothing when no days came back or they were granted before', async () => {
    const none = run({ free_days: 0, invited: false, repeated: false });
    expect((await none.outcome).kind).toBe('answered');
    expect(none.granted).toEqual([]);
    expect(wasFreeTrialCalled(none.storage, 'member-1')).toBe(true);
    expect(readGrantNotice(none.storage, 'member-1', now)).toBeUndefined();

    const before = run({ free_days: 3, invited: false, repeated: true });
    expect(await before.outcome).toEqual({ kind: 'repeated' });
    expect(before.granted).toEqual([]);
    expect(wasFreeTrialCalled(before.storage, 'member-1')).toBe(true);
    expect(readGrantNotice(before.storage, 'member-1', now)).toBeUndefined();
  });

  it('announces the repeat of its own call whose answer was lost with the page', async () => {
    const storage = createMemoryStorage();
    // The first call is sent and the page changes before its answer is read.
    const lost: Pick<ApiClient, 'post'> = { post: () => new Promise(() => undefined) };
    void requestFreeTrial({
      storage,
      client: lost,
      userId: 'member-1',
      page: new URL('https://nimbus.example/auth'),
      onGranted: () => undefined,
      now,
    });
    expect(wasFreeTrialUnanswered(storage, 'member-1', now)).toBe(true);
    expect(wasFreeTrialUnanswered(storage, 'member-2', now)).toBe(false);
    expect(wasFreeTrialCalled(storage, 'member-1')).toBe(false);

    // The next page calls again; the server repeats its grant, which is news here.
    const again = run({ free_days: 3, invited: false, repeated: true }, storage);
    expect(await again.outcome).toEqual({
      kind: 'answered',
      answer: { free_days: 3, invited: false, repeated: false },
    });
    expect(again.granted).toEqual([3]);
    expect(readGrantNotice(storage, 'member-1', now)).toEqual({
      free_days: 3,
      invited: false,
      repeated: false,
    });
    expect(wasFreeTrialUnanswered(storage, 'member-1', now)).toBe(false);
    expect(wasFreeTrialCalled(storage, 'member-1')).toBe(true);
  });

  it('leaves the call to a later page when it may pass, and not when the server refused it', async () => {
    const offline = run(createClientError('unreachable', 'no network'));
    expect(await offline.outcome).toEqual({ kind: 'failed', kept: true });
    expect(wasFreeTrialCalled(offline.storage, 'member-1')).toBe(false);

    const refused = run(
      new ApiError(
        {
          error: 'invalid_argument',
          error_code: errorKinds.invalid_argument,
          error_description: 'rr is too long',
          error_uri: '',
          details: [],
        },
        { status: 400 },
      ),
    );
    expect(await refused.outcome).toEqual({ kind: 'failed', kept: false });
    expect(wasFreeTrialCalled(refused.storage, 'member-1')).toBe(true);
  });
});
