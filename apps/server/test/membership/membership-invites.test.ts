import { describe, expect, it } from 'vitest';
import { ContentHasher } from '../../src/modules/storage/content-hash';
import { dialects, localizedOf, ok } from '../helper';
import { signIn } from '../identity';
import { dayMs, useActivityApp, type VipData } from './membership-activity-fixture';

describe.each(dialects)('membership activities on %s', (dialect) => {
  const f = useActivityApp(dialect);
  const { member, call, expectError, invite, vip, page, tasks } = f;

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
    expect(inviteeVip.expire).toBe(new Date(f.clock.now().getTime() + 7 * dayMs).toISOString());
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
      { name: 'B***r', joined_at: f.clock.now().toISOString(), free_days: 7 },
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
        expire: new Date(f.clock.now().getTime() + 3 * dayMs).toISOString(),
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
    f.clock.advance(8 * dayMs);
    const signedInAgain = async (user: { email: string; password: string }) => ({
      authorization: `Bearer ${(await signIn(f.t, user.email, user.password)).access_token}`,
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
    f.clock.advance(dayMs + 1000);
    const nextDay = await member();
    expect(ok(await invite(nextDay.headers, 'x', {}, '192.0.2.9'))).toEqual({
      free_days: 3,
      invited: false,
      repeated: false,
    });

    // After 30 days the inviter earns again.
    f.clock.advance(30 * dayMs);
    const laterInviter = {
      ...inviter.headers,
      authorization: `Bearer ${(await signIn(f.t, inviter.user.email, inviter.user.password)).access_token}`,
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
      starts_at: f.clock.now().toISOString(),
      expires_at: new Date(f.clock.now().getTime() + 2 * dayMs).toISOString(),
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
});
