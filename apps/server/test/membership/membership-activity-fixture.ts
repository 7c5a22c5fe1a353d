import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';

export const dayMs = 24 * 60 * 60 * 1000;

export type Headers = Record<string, string>;

export interface VipData {
  expire: string;
  status: 'ok' | 'invalid';
  vipItem: { type: string; expire: string; surplus_day: number }[];
}

export interface TaskBody {
  result: 'ACCEPTED';
  scene: string;
  tasks: {
    type: string;
    status: 'TODO' | 'DONE' | 'REWARDED';
    reward_days: number;
    progress: string;
    target: string;
  }[];
}

export interface InvitePage {
  invite_code: string;
  invite_url: string;
  free_days: number;
  invited_count: string;
  earned_days: number;
  monthly_limit: string;
  monthly_remaining: string;
  invitees: { name: string; joined_at: string; free_days: number }[];
}

/** Membership activities on a fresh app for every test (a trial of 3 days, invitations of 7, tasks of 2, two compensations, a clock the test moves), and the calls the tests make through it. */
export function useActivityApp(dialect: Dialect) {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock('2030-01-01T00:00:00.000Z');
    t = await buildTestApp(
      dialect,
      {
        PUBLIC_URL: 'https://nimbus.example',
        FREE_TRIAL_DAYS: '3',
        INVITE_FREE_DAYS: '7',
        INVITE_CLAIM_WINDOW_DAYS: '7',
        INVITE_MAX_PER_INVITER_PER_MONTH: '2',
        INVITE_MAX_PER_ADDRESS_PER_DAY: '3',
        TASK_REWARD_DAYS: '2',
        ACTIVITY_ENDS: JSON.stringify({ christmas: '2030-01-10T00:00:00Z' }),
        COMPENSATIONS: JSON.stringify({
          outage_202912: {
            days: 4,
            joined_before: '2030-01-02T00:00:00Z',
            ends_at: '2030-02-01T00:00:00Z',
          },
          outage_201901: {
            days: 3,
            joined_before: '2019-02-01T00:00:00Z',
            ends_at: '2040-01-01T00:00:00Z',
          },
        }),
      },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  /** A member who signed up now (by the test clock), signed in. */
  async function member(name = 'Test Member', locale = 'en-US') {
    const signedIn = await signedInMember(t, { name, created_at: clock.now().toISOString() });
    const headers: Headers = { ...signedIn.headers, 'accept-language': locale };
    return { user: signedIn.user, headers };
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    remoteAddress = '203.0.113.1',
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      remoteAddress,
    });
  }

  function expectError(response: LightMyRequestResponse, status: number, reason: string) {
    expect(response.statusCode, response.body).toBe(status);
    const error = errorOf(response);
    expect(error.error).toBe(reason);
    return error;
  }

  function invite(
    headers: Headers,
    rr = 'nimbus.example/drive',
    extra: Record<string, unknown> = {},
    address?: string,
  ) {
    return call(
      headers,
      'POST',
      '/vip/v1/activity/invite',
      { from: 'web', rr, tf: 'official_page', rf: 'search.example', ...extra },
      address,
    );
  }

  async function vip(headers: Headers): Promise<VipData> {
    return ok<{ data: VipData }>(await call(headers, 'GET', '/drive/v1/privilege/vip')).data;
  }

  async function page(headers: Headers, limit?: number): Promise<InvitePage> {
    const query = limit === undefined ? '' : `?limit=${limit}`;
    return ok<{ data: InvitePage }>(
      await call(headers, 'GET', `/vip/v1/activity/inviteExtActivityPage${query}`),
    ).data;
  }

  async function tasks(headers: Headers, scene: string): Promise<TaskBody['tasks']> {
    return ok<TaskBody>(await call(headers, 'GET', `/vip/v1/task/status?scene=${scene}`)).tasks;
  }

  return {
    get t() {
      return t;
    },
    get clock() {
      return clock;
    },
    member,
    call,
    expectError,
    invite,
    vip,
    page,
    tasks,
  };
}
