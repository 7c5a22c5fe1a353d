import type { ApiClient, RequestBody } from '@nimbus/client';
import { createClientError, createMemoryStorage, ApiError } from '@nimbus/client';
import { errorKinds } from '@nimbus/contracts';
import { describe, expect, it, vi } from 'vitest';
import { claimKeptInvitation } from './invitation-claim';
import { keepInvitation, readPendingInvitation } from './pending-invitation';

const now = Date.parse('2026-11-26T12:00:00.000Z');

interface FakeServer {
  ownCode: string;
  /** The claim's answer, the error it fails with, or `lost`: no answer is ever read. */
  claim: { free_days: number; invited: boolean; repeated: boolean } | ApiError | 'lost';
  posts: { path: string; body: RequestBody | undefined }[];
}

/** An ApiClient that answers the two referral calls as the server would. */
function fakeClient(server: FakeServer): Pick<ApiClient, 'get' | 'post'> {
  const unexpected = () => Promise.reject(new Error('not a referral call'));
  return {
    get: <T>(path: string) => {
      if (path !== '/vip/v1/activity/inviteExtActivityPage') {
        return unexpected();
      }
      return Promise.resolve({
        result: 'ACCEPTED',
        data: {
          invite_code: server.ownCode,
          invite_url: `https://nimbus.example/referral?invite_code=${server.ownCode}`,
          free_days: 7,
          invited_count: '0',
          earned_days: 0,
          monthly_limit: '30',
          monthly_remaining: '30',
          invitees: [],
        },
      } as T);
    },
    post: <T>(path: string, body?: RequestBody) => {
      server.posts.push({ path, body });
      if (server.claim === 'lost') {
        return new Promise<T>(() => undefined);
      }
      return server.claim instanceof ApiError
        ? Promise.reject(server.claim)
        : Promise.resolve(server.claim as T);
    },
  };
}

function setUp(server: Partial<FakeServer> = {}) {
  const storage = createMemoryStorage();
  keepInvitation(storage, {
    landing: new URL('https://nimbus.example/referral?invite_code=FRND2345'),
    now,
  });
  const state: FakeServer = {
    ownCode: 'MINE2345',
    claim: { free_days: 7, invited: true, repeated: false },
    posts: [],
    ...server,
  };
  const granted: number[] = [];
  const run = () =>
    claimKeptInvitation({
      storage,
      client: fakeClient(state),
      now,
      onGranted: (days) => granted.push(days),
    });
  return { storage, state, granted, run };
}

describe('claimKeptInvitation', () => {
  it('claims a friend’s invitation once, tells of the days and forgets it', async () => {
    const { storage, state, granted, run } = setUp();
    await expect(run()).resolves.toEqual({
      kind: 'claimed',
      answer: { free_days: 7, invited: true, repeated: false },
    });
    expect(state.posts).toEqual([
      {
        path: '/vip/v1/activity/invite',
        body: { from: 'web', rr: 'nimbus.example/referral?invite_code=FRND2345', tf: '', rf: '' },
      },
    ]);
    expect(granted).toEqual([7]);
    expect(readPendingInvitation(storage, now)).toBeUndefined();
    await expect(run()).resolves.toEqual({ kind: 'none' });
    expect(state.posts).toHaveLength(1);
  });

  it('drops the member’s own link without claiming it', async () => {
    const { storage, state, granted, run } = setUp({ ownCode: 'FRND2345' });
    await expect(run()).resolves.toEqual({ kind: 'none' });
    expect(state.posts).toEqual([]);
    expect(granted).toEqual([]);
    expect(readPendingInvitation(storage, now)).toBeUndefined();
  });

  it('keeps no days again when the answer repeats a grant made before (another browser)', async () => {
    const { storage, granted, run } = setUp({
      claim: { free_days: 7, invited: true, repeated: true },
    });
    await expect(run()).resolves.toEqual({
      kind: 'claimed',
      answer: { free_days: 7, invited: true, repeated: true },
    });
    expect(granted).toEqual([]);
    expect(readPendingInvitation(storage, now)).toBeUndefined();
  });

  it('announces the repeat of its own claim whose answer was lost with the page', async () => {
    const { storage, state, granted, run } = setUp();
    // The first claim is sent, and the page changes before the answer is read.
    state.claim = 'lost';
    const pending = readPendingInvitation(storage, now);
    expect(pending?.sent).toBeUndefined();
    void run();
    await vi.waitFor(() => expect(state.posts).toHaveLength(1));
    expect(readPendingInvitation(storage, now)?.sent).toBe(true);

    // The next page, the invitation link again, claims again; the server repeats its first
    // answer, which is news here.
    keepInvitation(storage, {
      landing: new URL('https://nimbus.example/referral?invite_code=FRND2345'),
      now,
    });
    state.claim = { free_days: 7, invited: true, repeated: true };
    await expect(run()).resolves.toEqual({
      kind: 'claimed',
      answer: { free_days: 7, invited: true, repeated: false },
    });
    expect(state.posts).toHaveLength(2);
    expect(granted).toEqual([7]);
    expect(readPendingInvitation(storage, now)).toBeUndefined();
  });

  it('ends the invitation on an answer without days, telling of none', async () => {
    const { storage, granted, run } = setUp({
      claim: { free_days: 0, invited: false, repeated: false },
    });
    await expect(run()).resolves.toEqual({
      kind: 'claimed',
      answer: { free_days: 0, invited: false, repeated: false },
    });
    expect(granted).toEqual([]);
    expect(readPendingInvitation(storage, now)).toBeUndefined();
  });

  it('keeps the invitation when the claim may pass later (network, server, session)', async () => {
    for (const failure of [
      createClientError('unreachable', 'offline'),
      new ApiError(
        {
          error: 'internal',
          error_code: errorKinds.internal,
          error_description: '',
          error_uri: '',
          details: [],
        },
        { status: 500 },
      ),
      new ApiError(
        {
          error: 'unauthenticated',
          error_code: errorKinds.unauthenticated,
          error_description: '',
          error_uri: '',
          details: [],
        },
        { status: 401 },
      ),
    ]) {
      const { storage, run } = setUp({ claim: failure });
      await expect(run()).resolves.toEqual({ kind: 'failed', kept: true });
      expect(readPendingInvitation(storage, now)?.code).toBe('FRND2345');
    }
  });

  it('drops the invitation when the server refuses the claim itself', async () => {
    const { storage, run } = setUp({
      claim: new ApiError(
        {
          error: 'invalid_argument',
          error_code: errorKinds.invalid_argument,
          error_description: '',
          error_uri: '',
          details: [],
        },
        { status: 400 },
      ),
    });
    await expect(run()).resolves.toEqual({ kind: 'failed', kept: false });
    expect(readPendingInvitation(storage, now)).toBeUndefined();
  });
});
