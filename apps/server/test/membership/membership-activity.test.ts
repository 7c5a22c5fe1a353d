import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf, localizedOf, ok } from '../helper';
import { useActivityApp } from './membership-activity-fixture';

describe.each(dialects)('membership activities on %s', (dialect) => {
  const f = useActivityApp(dialect);
  const { member, call, expectError, vip } = f;

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
    const activities = f.t.container.membershipActivities;
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
      await call(headers, 'GET', '/vip/v1/activity/inviteExtActivityPage?limit=-1'),
      400,
      'invalid_argument',
    );
    // Nothing above granted anything.
    expect((await vip(headers)).status).toBe('invalid');
  });
});
