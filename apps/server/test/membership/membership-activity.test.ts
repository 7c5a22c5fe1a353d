import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentHasher } from '../../src/modules/storage/content-hash';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  ok,
  testClock,
  type TestApp,
} from '../helper';
import { signIn } from '../identity';

const dayMs = 24 * 60 * 60 * 1000;

type Headers = Record<string, string>;

interface VipData {
  expire: string;
  status: 'ok' | 'invalid';
  vipItem: { type: string; expire: string; surplus_day: number }[];
}

interface TaskBody {
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

interface InvitePage {
  invite_code: string;
  invite_url: string;
  free_days: number;
  invited_count: string;
  earned_days: number;
  monthly_limit: string;
  monthly_remaining: string;
  invitees: { name: string; joined_at: string; free_days: number }[];
}

describe.each(dialects)('membership activities on %s', (dialect) => {
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
    const user = await makeUser(t, { name, created_at: clock.now().toISOString() });
    const token = await signIn(t, user.email, user.password);
    const headers: Headers = {
      authorization: `Bearer ${token.access_token}`,
      'accept-language': locale,
    };
    return { user, headers };
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

  it('an invitation grants both members their days once, and the inviter sees it on the referral page', async () => {
    const inviter = await member('Alice Inviter');
    const first = await page(inviter.headers);
    expect(first).toMatchObject({
      free_days: 7,
      invited_count: '0',
      earned_days: 0,
      monthly_limit: '2',
      monthly_remaining: '2',
      invitees: [],
    });
    expect(first.invite_code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(first.invite_url).toBe(
      `https://nimbus.example/referral?invite_code=${first.invite_code}`,
    );
    // The code is the member's for good.
    expect((await page(inviter.headers)).invite_code).toBe(first.invite_code);

    const invitee = await member('Bob Newcomer');
    const answer = ok<Record<string, unknown>>(
      await invite(
        invitee.headers,
        `nimbus.example/referral?invite_code=${first.invite_code.toLowerCase()}`,
      ),
    );
    expect(answer).toEqual({ free_days: 7, invited: true, repeated: false });
    const inviteeVip = await vip(invitee.headers);
    expect(inviteeVip.status).toBe('ok');
    expect(inviteeVip.expire).toBe(new Date(clock.now().getTime() + 7 * dayMs).toISOString());
    const inviterVip = await vip(inviter.headers);
    expect(inviterVip).toMatchObject({
      status: 'ok',
      vipItem: [{ type: 'platinum', surplus_day: 7 }],
    });

    // A retried call answers the same, marked repeated, and grants nothing more.
    expect(
      ok(await invite(invitee.headers, `nimbus.example/referral?invite_code=${first.invite_code}`)),
    ).toEqual({ ...answer, repeated: true });
    expect(ok(await invite(invitee.headers))).toEqual({ ...answer, repeated: true });
    expect((await vip(invitee.headers)).expire).toBe(inviteeVip.expire);
    expect((await vip(inviter.headers)).expire).toBe(inviterVip.expire);

    const after = await page(inviter.headers, 5);
    expect(after).toMatchObject({ invited_count: '1', earned_days: 7, monthly_remaining: '1' });
    expect(after.invitees).toEqual([
      { name: 'B***r', joined_at: clock.now().toISOString(), free_days: 7 },
    ]);
    expect((await page(inviter.headers, 0)).invitees).toEqual([]);
  });

  it('without a code, with an unknown code or with their own, a new member gets the trial; an old one nothing', async () => {
    const plain = await member();
    expect(ok(await invite(plain.headers))).toEqual({
      free_days: 3,
      invited: false,
      repeated: false,
    });
    expect((await vip(plain.headers)).vipItem).toEqual([
      {
        type: 'platinum',
        expire: new Date(clock.now().getTime() + 3 * dayMs).toISOString(),
        surplus_day: 3,
      },
    ]);
    // The trial is given once: a later call (from another browser, say) is told it repeats the
    // first answer, and the membership does not move.
    expect(ok(await invite(plain.headers))).toEqual({
      free_days: 3,
      invited: false,
      repeated: true,
    });
    expect((await vip(plain.headers)).vipItem).toEqual([
      expect.objectContaining({ type: 'platinum', surplus_day: 3 }),
    ]);

    const unknown = await member();
    expect(
      ok(await invite(unknown.headers, 'nimbus.example/referral', { invite_code: 'ZZZZ2222' })),
    ).toEqual({ free_days: 3, invited: false, repeated: false });

    const own = await member();
    const code = (await page(own.headers)).invite_code;
    expect(ok(await invite(own.headers, 'nimbus.example/referral', { invite_code: code }))).toEqual(
      { free_days: 3, invited: false, repeated: false },
    );
    expect((await page(own.headers)).invited_count).toBe('0');

    const old = await member();
    clock.advance(8 * dayMs);
    const signedInAgain = async (user: { email: string; password: string }) => ({
      authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
    });
    const later = await signedInAgain(old.user);
    expect(ok(await invite(later, 'x', { invite_code: code }))).toEqual({
      free_days: 0,
      invited: false,
      repeated: false,
    });
    expect((await vip(later)).status).toBe('invalid');
    expect((await page(await signedInAgain(own.user))).invited_count).toBe('0');
  });

  it('limits grants per address per day and rewarded invitations per inviter per 30 days', async () => {
    const inviter = await member();
    const code = (await page(inviter.headers)).invite_code;
    const answers = [];
    for (let index = 0; index < 4; index += 1) {
      const newcomer = await member();
      answers.push(
        ok(await invite(newcomer.headers, 'x', { invite_code: code }, `198.51.100.${index + 1}`)),
      );
    }
    // Two invitations a month earn days; later newcomers get the trial instead.
    expect(answers).toEqual([
      { free_days: 7, invited: true, repeated: false },
      { free_days: 7, invited: true, repeated: false },
      { free_days: 3, invited: false, repeated: false },
      { free_days: 3, invited: false, repeated: false },
    ]);
    expect(await page(inviter.headers)).toMatchObject({
      invited_count: '2',
      earned_days: 14,
      monthly_remaining: '0',
    });
    expect((await vip(inviter.headers)).vipItem[0]?.surplus_day).toBe(14);

    // Three grants per address per day: the fourth member there gets nothing, until a day passes.
    const sameAddress = [];
    for (let index = 0; index < 4; index += 1) {
      const newcomer = await member();
      sameAddress.push(
        ok<{ free_days: number }>(await invite(newcomer.headers, 'x', {}, '192.0.2.9')).free_days,
      );
    }
    expect(sameAddress).toEqual([3, 3, 3, 0]);
    clock.advance(dayMs + 1000);
    const nextDay = await member();
    expect(ok(await invite(nextDay.headers, 'x', {}, '192.0.2.9'))).toEqual({
      free_days: 3,
      invited: false,
      repeated: false,
    });

    // After 30 days the inviter earns again.
    clock.advance(30 * dayMs);
    const laterInviter = {
      ...inviter.headers,
      authorization: `Bearer ${(await signIn(t, inviter.user.email, inviter.user.password)).access_token}`,
    };
    const newcomer = await member();
    expect(ok(await invite(newcomer.headers, 'x', { invite_code: code }, '198.51.100.77'))).toEqual(
      { free_days: 7, invited: true, repeated: false },
    );
    expect(await page(laterInviter)).toMatchObject({
      invited_count: '3',
      earned_days: 21,
      monthly_remaining: '1',
    });
  });

  it('a task earns its reward once it is done, and only once', async () => {
    const { headers } = await member('Tess', 'ja');
    expect(await tasks(headers, 'beginner')).toEqual([
      { type: 'upload_file', status: 'TODO', reward_days: 2, progress: '0', target: '1' },
      { type: 'share_file', status: 'TODO', reward_days: 2, progress: '0', target: '1' },
      { type: 'offline_download', status: 'TODO', reward_days: 2, progress: '0', target: '1' },
      { type: 'invite_friend', status: 'TODO', reward_days: 2, progress: '0', target: '1' },
    ]);
    const early = expectError(
      await call(headers, 'POST', '/vip/v1/activity/rewardVip', { type: 'upload_file' }),
      400,
      'activity_task_not_done',
    );
    expect(localizedOf(early)).toMatchObject({
      locale: 'ja',
      message: '特典を受け取るには、先にこのタスクを完了してください',
    });

    // An empty file completes at once: the upload task is done.
    const made = ok<{ file: { id: string } }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        name: 'notes.txt',
        parent_id: '',
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
        size: '0',
        hash: new ContentHasher(0).digest().gcid,
      }),
    );
    const shared = await call(headers, 'POST', '/drive/v1/share', { file_ids: [made.file.id] });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await tasks(headers, 'beginner')).map((task) => [task.type, task.status])).toEqual([
      ['upload_file', 'DONE'],
      ['share_file', 'DONE'],
      ['offline_download', 'TODO'],
      ['invite_friend', 'TODO'],
    ]);

    const reward = ok<{
      granted: { days: number; starts_at: string; expires_at: string };
      data: VipData;
    }>(
      await call(headers, 'POST', '/vip/v1/activity/rewardVip', {
        type: 'upload_file',
        data: { from: 'web' },
      }),
    );
    expect(reward.granted).toEqual({
      type: 'platinum',
      days: 2,
      starts_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + 2 * dayMs).toISOString(),
    });
    expect(reward.data).toMatchObject({ status: 'ok', expire: reward.granted.expires_at });
    expectError(
      await call(headers, 'POST', '/vip/v1/activity/rewardVip', { type: 'upload_file' }),
      400,
      'activity_reward_claimed',
    );

    // The next reward queues after the held days.
    const second = ok<{ granted: { starts_at: string; expires_at: string } }>(
      await call(headers, 'POST', '/vip/v1/activity/rewardVip', { type: 'share_file' }),
    );
    expect(second.granted.starts_at).toBe(reward.granted.expires_at);
    expect((await tasks(headers, 'beginner')).map((task) => task.status)).toEqual([
      'REWARDED',
      'REWARDED',
      'TODO',
      'TODO',
    ]);
    expect(await tasks(headers, 'invite')).toEqual([
      { type: 'invite_friend', status: 'TODO', reward_days: 2, progress: '0', target: '1' },
    ]);
  });

  it("an invitation completes the inviter's invite task", async () => {
    const inviter = await member();
    const code = (await page(inviter.headers)).invite_code;
    const newcomer = await member();
    ok(await invite(newcomer.headers, `nimbus.example/referral?invite_code=${code}`));
    expect(await tasks(inviter.headers, 'invite')).toEqual([
      { type: 'invite_friend', status: 'DONE', reward_days: 2, progress: '1', target: '1' },
    ]);
    ok(
      await call(inviter.headers, 'POST', '/vip/v1/activity/rewardVip', { type: 'invite_friend' }),
    );
    expect((await tasks(inviter.headers, 'invite'))[0]?.status).toBe('REWARDED');
    // The newcomer invited nobody.
    expect((await tasks(newcomer.headers, 'invite'))[0]?.status).toBe('TODO');
  });

  it('admins grant a compensation once per member and type; others may not', async () => {
    const admin = await member();
    await t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: clock.now().toISOString() })
      .execute();
    const a = await member();
    const b = await member();
    const body = {
      type: 'aliyun_accident_202409',
      days: 5,
      user_ids: [a.user.id, b.user.id, 'no-such-member', a.user.id],
    };

    const refused = expectError(
      await call(a.headers, 'POST', '/vip/v1/activity/compensate', body),
      403,
      'permission_denied',
    );
    expect(refused.error_code).toBe(7);
    expect((await vip(a.headers)).status).toBe('invalid');

    expect(ok(await call(admin.headers, 'POST', '/vip/v1/activity/compensate', body))).toEqual({
      result: 'ACCEPTED',
      granted: [a.user.id, b.user.id],
      skipped: ['no-such-member'],
    });
    expect((await vip(a.headers)).vipItem[0]?.surplus_day).toBe(5);
    expect(ok(await call(admin.headers, 'POST', '/vip/v1/activity/compensate', body))).toEqual({
      result: 'ACCEPTED',
      granted: [],
      skipped: [a.user.id, b.user.id, 'no-such-member'],
    });
    expect((await vip(b.headers)).vipItem[0]?.surplus_day).toBe(5);
    // Another compensation type is another grant.
    ok(
      await call(admin.headers, 'POST', '/vip/v1/activity/compensate', {
        ...body,
        type: 'outage_203001',
        user_ids: [b.user.id],
      }),
    );
    expect((await vip(b.headers)).vipItem[0]?.surplus_day).toBe(10);

    for (const bad of [
      { ...body, type: 'Has Spaces' },
      { ...body, days: 0 },
      { ...body, user_ids: [] },
      { ...body, extra: true },
    ]) {
      expectError(
        await call(admin.headers, 'POST', '/vip/v1/activity/compensate', bad),
        400,
        'invalid_argument',
      );
    }
  });

  it('a member claims a configured compensation once, if they joined before the incident and it is open', async () => {
    const a = await member('Ann', 'es');
    const claim = (headers: Headers, type: string) =>
      call(headers, 'POST', '/vip/v1/activity/compensate', { type, data: { from: 'web' } });

    const answer = ok<{ granted: { days: number; type: string }; data: VipData }>(
      await claim(a.headers, 'outage_202912'),
    );
    expect(answer.granted).toMatchObject({ type: 'platinum', days: 4 });
    expect(answer.data.status).toBe('ok');
    expect((await vip(a.headers)).vipItem[0]?.surplus_day).toBe(4);

    const again = expectError(
      await claim(a.headers, 'outage_202912'),
      400,
      'activity_reward_claimed',
    );
    expect(localizedOf(again)).toMatchObject({
      locale: 'es',
      message: 'Ya has recibido esta recompensa',
    });
    expect((await vip(a.headers)).vipItem[0]?.surplus_day).toBe(4);

    // Members who joined after the incident were not touched by it.
    const notEligible = expectError(
      await claim(a.headers, 'outage_201901'),
      400,
      'compensation_not_eligible',
    );
    expect(localizedOf(notEligible)?.message).toBe(
      'Esta compensación es solo para quienes ya tenían cuenta cuando ocurrió la incidencia',
    );
    expectError(await claim(a.headers, 'no_such_outage'), 404, 'compensation_not_found');

    // An admin's grant of the same type counts as the member's claim.
    const admin = await member();
    await t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: clock.now().toISOString() })
      .execute();
    const b = await member();
    ok(
      await call(admin.headers, 'POST', '/vip/v1/activity/compensate', {
        type: 'outage_202912',
        days: 2,
        user_ids: [b.user.id],
      }),
    );
    expectError(await claim(b.headers, 'outage_202912'), 400, 'activity_reward_claimed');

    // Past its end nobody claims it any more, and the config host publishes the schedule.
    const joined = await member();
    clock.advance(31 * dayMs);
    const token = await signIn(t, joined.user.email, joined.user.password);
    const c = { headers: { authorization: `Bearer ${token.access_token}` } };
    expectError(await claim(c.headers, 'outage_202912'), 400, 'activity_ended');
    const published = ok<{ values: { activity_operation: unknown } }>(
      await call({}, 'POST', '/config/v1/activity_operation', { client: 'web', data: {} }),
    ).values.activity_operation;
    expect(published).toEqual({
      activities: { christmas: { ends_at: '2030-01-10T00:00:00Z' } },
      compensations: {
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
      },
    });

    // An operator's stored settings change the schedule entry by entry; malformed entries are ignored.
    const stored = clock.now();
    await t.container.settings.put(
      'activity_operation',
      'compensations',
      JSON.stringify({
        outage_202912: {
          days: 6,
          joined_before: '2030-01-02T00:00:00Z',
          ends_at: '2030-03-01T00:00:00Z',
        },
        broken: { days: 'many' },
      }),
      stored,
    );
    await t.container.settings.put(
      'activity_operation',
      'activities',
      JSON.stringify({ 'black-friday': { ends_at: '2029-12-01T00:00:00Z' }, christmas: 'soon' }),
      stored,
    );
    const changed = ok<{ values: { activity_operation: Record<string, Record<string, unknown>> } }>(
      await call({}, 'POST', '/config/v1/activity_operation', { client: 'web', data: {} }),
    ).values.activity_operation;
    expect(changed.activities).toEqual({
      christmas: { ends_at: '2030-01-10T00:00:00Z' },
      'black-friday': { ends_at: '2029-12-01T00:00:00Z' },
    });
    expect(Object.keys(changed.compensations ?? {}).sort()).toEqual([
      'outage_201901',
      'outage_202912',
    ]);
    expect(
      ok<{ granted: { days: number } }>(await claim(c.headers, 'outage_202912')).granted.days,
    ).toBe(6);

    for (const bad of [
      {},
      { type: 'Has Spaces' },
      { type: 'outage_202912', days: 3 },
      { type: 'x', extra: 1 },
    ]) {
      expectError(
        await call(c.headers, 'POST', '/vip/v1/activity/compensate', bad),
        400,
        'invalid_argument',
      );
    }
    expectError(
      await call({}, 'POST', '/vip/v1/activity/compensate', { type: 'outage_202912' }),
      401,
      'unauthenticated',
    );
  });

  it('verifies a captcha token of the shield once, on its client and device', async () => {
    const device = randomBytes(16).toString('hex');
    const action = 'POST:/vip/v1/verifyRecaptchaToken';
    const init = ok<{ captcha_token: string }>(
      await call({}, 'POST', '/v1/shield/captcha/init', {
        client_id: 'web',
        action,
        device_id: device,
        meta: { username: 'visitor' },
      }),
    );
    const headers = { 'x-client-id': 'web', 'x-device-id': device };
    const otherDevice = { ...headers, 'x-device-id': randomBytes(16).toString('hex') };
    expectError(
      await call(otherDevice, 'POST', '/vip/v1/verifyRecaptchaToken', {
        token: init.captcha_token,
      }),
      400,
      'captcha_invalid',
    );
    expectError(
      await call(headers, 'POST', '/vip/v1/verifyRecaptchaToken', {
        token: init.captcha_token,
        action: 'POST:/v1/auth/signin',
      }),
      400,
      'captcha_invalid',
    );
    expect(
      ok(
        await call(headers, 'POST', '/vip/v1/verifyRecaptchaToken', { token: init.captcha_token }),
      ),
    ).toEqual({ result: 'ACCEPTED', success: true });
    const spent = expectError(
      await call(headers, 'POST', '/vip/v1/verifyRecaptchaToken', { token: init.captcha_token }),
      400,
      'captcha_invalid',
    );
    expect(spent.error_code).toBe(4002);
    expectError(
      await call(headers, 'POST', '/vip/v1/verifyRecaptchaToken', { token: 'made-up' }),
      400,
      'captcha_invalid',
    );
    expectError(
      await call(headers, 'POST', '/vip/v1/verifyRecaptchaToken', {}),
      400,
      'invalid_argument',
    );
  });

  it('unsubscribes the signed address of a link, and refuses an altered one', async () => {
    const activities = t.container.membershipActivities;
    const d = activities.unsubscribeToken('Ana.Member@Example.com', 'activity');
    expect(await activities.isUnsubscribed('ana.member@example.com', 'activity')).toBe(false);
    const answer = ok<{ email: string; scene: string }>(
      await call({}, 'GET', `/mail/v1/unsubscribe?d=${encodeURIComponent(d)}`),
    );
    expect(answer).toMatchObject({ result: 'ACCEPTED', scene: 'activity' });
    expect(answer.email).not.toContain('ana.member');
    expect(answer.email).toContain('@');
    expect(await activities.isUnsubscribed('ana.member@example.com', 'activity')).toBe(true);
    expect(await activities.isUnsubscribed('ana.member@example.com', 'newsletter')).toBe(false);
    // Once more changes nothing.
    ok(await call({}, 'GET', `/mail/v1/unsubscribe?d=${encodeURIComponent(d)}`));

    const [payload = '', mac = ''] = d.split('.');
    const other = Buffer.from(JSON.stringify({ e: 'bob@example.com', s: 'activity' })).toString(
      'base64url',
    );
    const altered = expectError(
      await call({ 'accept-language': 'uk' }, 'GET', `/mail/v1/unsubscribe?d=${other}.${mac}`),
      400,
      'unsubscribe_link_invalid',
    );
    expect(localizedOf(altered)).toMatchObject({
      locale: 'uk',
      message: 'Це посилання для відписки недійсне',
    });
    expect(await activities.isUnsubscribed('bob@example.com', 'activity')).toBe(false);
    expectError(
      await call({}, 'GET', `/mail/v1/unsubscribe?d=${payload}`),
      400,
      'unsubscribe_link_invalid',
    );
    expectError(await call({}, 'GET', '/mail/v1/unsubscribe'), 400, 'invalid_argument');
    expectError(
      await call({}, 'GET', `/mail/v1/unsubscribe?d=${'a'.repeat(2000)}`),
      400,
      'invalid_argument',
    );
  });

  it('answers signed-out and malformed calls with the error object', async () => {
    for (const [method, url, payload] of [
      ['POST', '/vip/v1/activity/invite', { from: 'web', rr: '', tf: '', rf: '' }],
      ['GET', '/vip/v1/task/status?scene=beginner', undefined],
      ['POST', '/vip/v1/activity/rewardVip', { type: 'upload_file' }],
      ['GET', '/vip/v1/activity/inviteExtActivityPage', undefined],
      ['POST', '/vip/v1/activity/compensate', { type: 'x', days: 1, user_ids: ['a'] }],
    ] as const) {
      const response = await call({}, method, url, payload);
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response).error).toBe('unauthenticated');
    }
    const { headers } = await member();
    expectError(
      await call(headers, 'GET', '/vip/v1/task/status?scene=everything'),
      400,
      'invalid_argument',
    );
    expectError(await call(headers, 'GET', '/vip/v1/task/status'), 400, 'invalid_argument');
    expectError(
      await call(headers, 'POST', '/vip/v1/activity/rewardVip', { type: 'climb_everest' }),
      400,
      'invalid_argument',
    );
    expectError(
      await call(headers, 'POST', '/vip/v1/activity/invite', { rr: 'x' }),
      400,
      'invalid_argument',
    );
    expectError(
      await call(headers, 'POST', '/vip/v1/activity/invite', { from: 'web', rr: 'x'.repeat(3000) }),
      400,
      'invalid_argument',
    );
    expectError(
      await call(headers, 'POST', '/vip/v1/activity/invite', { from: 'web', admin: true }),
      400,
      'invalid_argument',
    );
    expectError(
      await call(headers, 'GET', '/vip/v1/activity/inviteExtActivityPage?limit=1000'),
      400,
      'invalid_argument',
    );
    // Nothing above granted anything.
    expect((await vip(headers)).status).toBe('invalid');
  });
});
