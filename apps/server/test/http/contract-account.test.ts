import { httpStatusOf } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok, localizedOf } from '../helper';
import { post, sessionCookieOf, signIn } from '../identity';
import { storeFile } from '../support/stored-file';
import { hostileAccountCalls } from './contract-hostile-account';
import { useContractApp, type Headers, type Hostile, type Method } from './contract-fixture';

describe.each(dialects)('the HTTP contract of docs/api.md on %s', (dialect) => {
  const f = useContractApp(dialect);
  const { member, call } = f;

  it('answers hostile input on every user, OAuth, membership, site-config and event route with the error object of docs/api.md#errors, never a 500', async () => {
    const a = await member();
    const admin = await member();
    await f.t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: f.clock.now().toISOString() })
      .execute();
    const pkce = {
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };

    /** Routes whose texts the text guard checks, each with a body it takes. */
    const guardedRoutes: [Method, string, Record<string, unknown>][] = [
      ['PATCH', '/v1/user/me', { name: 'Ada' }],
      [
        'POST',
        '/v1/auth/verification',
        { email: 'new@example.com', target: 'ANY', usage: 'REGISTER', client_id: 'web' },
      ],
      [
        'POST',
        '/v1/auth/verification/verify',
        { verification_id: 'abc', verification_code: '123456', client_id: 'web' },
      ],
      [
        'POST',
        '/v1/auth/signup',
        {
          email: 'new@example.com',
          password: 'correct horse 1',
          verification_token: 'x'.repeat(43),
          client_id: 'web',
        },
      ],
      [
        'POST',
        '/v1/auth/signin',
        { client_id: 'tv', username: a.user.email, password: 'wrong password 1' },
      ],
      [
        'POST',
        '/v1/auth/reset',
        {
          email: a.user.email,
          new_password: 'correct horse 2',
          verification_token: 'x'.repeat(43),
          client_id: 'web',
        },
      ],
      ['POST', '/v1/auth/revoke', { token: 'x' }],
      [
        'POST',
        '/v1/auth/token',
        { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'tv' },
      ],
      ['POST', '/v1/auth/device/code', { client_id: 'tv', scope: 'user' }],
      [
        'POST',
        '/v1/user/authorize',
        {
          client_id: 'desktop',
          response_type: 'code',
          redirect_uri: 'http://127.0.0.1:51000/oauth/callback',
          scope: 'user',
          state: 's',
          ...pkce,
        },
      ],
      ['POST', '/v1/user/device', { user_code: 'ABCD-EFGH', approve: true }],
      [
        'POST',
        '/v1/user/password',
        { old_password: 'wrong password 1', new_password: 'correct horse 2' },
      ],
      ['POST', '/v1/user/deletion', { password: 'wrong password 1' }],
      ['POST', '/v1/user/two-factor/confirm', { code: '123456' }],
      ['POST', '/v1/user/two-factor/disable', { password: 'wrong password 1' }],
      ['POST', '/v1/user/two-factor/recovery-codes', { password: 'wrong password 1' }],
      [
        'POST',
        '/v1/shield/captcha/init',
        {
          client_id: 'web',
          action: 'POST:/v1/auth/signin',
          device_id: 'a'.repeat(32),
          meta: { email: a.user.email },
        },
      ],
      ['POST', '/config/v1/basic', { client: 'web' }],
      [
        'POST',
        '/drive/v1/feedback',
        {
          category: 'bug',
          message: 'The upload button does nothing.',
          contact_email: 'ada@example.com',
        },
      ],
      ['POST', '/mail/v1/subscribe', { d: 'abc' }],
    ];
    /** Membership routes: they check their own texts (an activation code answers its own reason). */
    const membershipRoutes: [Method, string, Record<string, unknown>][] = [
      ['POST', '/vip/v1/activity/invite', { from: 'web' }],
      ['POST', '/vip/v1/order/activation-code', { activation_code: 'ABCD-EFGH' }],
      ['POST', '/vip/v1/activity/rewardVip', { type: 'share_file' }],
      [
        'POST',
        '/vip/v1/activity/compensate',
        { type: 'outage_2030', days: 1, user_ids: [a.user.id] },
      ],
      ['POST', '/vip/v1/verifyRecaptchaToken', { token: 'x' }],
    ];
    const generic: Hostile[] = [...guardedRoutes, ...membershipRoutes].flatMap(
      ([method, url, body]): Hostile[] => [
        [`${url}: malformed JSON`, method, url, '{"name": ', 'invalid_argument'],
        [`${url}: an array for the object`, method, url, [body], 'invalid_argument'],
        [
          `${url}: a body over the limit`,
          method,
          url,
          { ...body, padding: 'x'.repeat(1024 * 1024 + 1) },
          'payload_too_large',
        ],
      ],
    );
    const texts: Hostile[] = guardedRoutes.flatMap(([method, url, body]): Hostile[] =>
      Object.keys(body).flatMap((field): Hostile[] => [
        [
          `${url}: a NUL in ${field}`,
          method,
          url,
          { ...body, [field]: 'a\u0000b' },
          'invalid_argument',
        ],
        [
          `${url}: a lone surrogate in ${field}`,
          method,
          url,
          { ...body, [field]: 'x\ud800' },
          'invalid_argument',
        ],
      ]),
    );

    const specific: Hostile[] = hostileAccountCalls(a, pkce);

    for (const [what, method, url, payload, reason] of [...generic, ...texts, ...specific]) {
      const headers =
        url.startsWith('/vip/v1/activity/compensate') && !what.includes('by a member')
          ? admin.headers
          : a.headers;
      const response = await call({ ...headers, 'accept-language': 'ja' }, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(httpStatusOf(reason));
      const error = errorOf(response);
      expect(error.error, what).toBe(reason);
      expect(localizedOf(error)?.locale, what).toBe('ja');
      expect(error.error_description, what).not.toContain('\u0000');
    }

    // An invite code of control characters is an unknown code, which counts as none.
    expect(
      ok(
        await call(a.headers, 'POST', '/vip/v1/activity/invite', {
          from: 'web',
          invite_code: 'AB\u0000CD',
        }),
      ),
    ).toMatchObject({ invited: false });

    // Nothing of it changed the member.
    const profile = ok<{ name: string; picture: string }>(
      await call(a.headers, 'GET', '/v1/user/me'),
    );
    expect(profile).toMatchObject({ name: 'Test Member', picture: '' });
    expect(
      ok<{ status: string }>(await call(a.headers, 'GET', '/drive/v1/privilege/vip')),
    ).toMatchObject({ data: { status: 'invalid' } });
    expect(await signIn(f.t, a.user.email, a.user.password)).toMatchObject({ sub: a.user.id });
  });

  it("answers another member's shares, sessions, tasks and events as not_found and leaves them as they were", async () => {
    const a = await member();
    const b = await member();
    const bFile = await storeFile(f.t, b.user.id, 'diary.txt', 'private');
    const bShare = ok<{ share_id: string; pass_code: string }>(
      await call(b.headers, 'POST', '/drive/v1/share', { file_ids: [bFile.id] }),
    );
    const bTask = ok<{ task_id: string }>(
      await call(b.headers, 'POST', '/drive/v1/files:star', { ids: [bFile.id] }),
    );
    const bSessions = ok<{ sessions: { id: string }[] }>(
      await call(b.headers, 'GET', '/v1/user/sessions'),
    ).sessions;
    const trashed = ok<{ task_id: string }>(
      await call(b.headers, 'POST', '/drive/v1/files:batchTrash', { ids: [bFile.id] }),
    );
    ok(await call(b.headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [bFile.id] }));
    expect(bTask).toBeDefined();

    const attempts: [string, Method, string, unknown][] = [
      [
        "change b's share",
        'PATCH',
        `/drive/v1/share/${bShare.share_id}`,
        { restore_limit: 1, custom_pass_code: 'mine' },
      ],
      ["delete b's share", 'POST', '/drive/v1/share:batchDelete', { ids: [bShare.share_id] }],
      ["share b's file", 'POST', '/drive/v1/share', { file_ids: [bFile.id] }],
      ["end b's session", 'DELETE', `/v1/user/sessions/${bSessions[0]?.id}`, undefined],
      ["read b's task", 'GET', `/drive/v1/tasks/${trashed.task_id}`, undefined],
      [
        "pause b's task",
        'PATCH',
        `/drive/v1/tasks/${trashed.task_id}`,
        { phase: 'PHASE_TYPE_PAUSED' },
      ],
    ];
    for (const [what, method, url, payload] of attempts) {
      const response = await call(a.headers, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(404);
      expect(['not_found', 'file_not_found'], what).toContain(errorOf(response).error);
    }
    // Ids of both members in one call: the call refuses them all and deletes none.
    const mine = await storeFile(f.t, a.user.id, 'mine.txt', 'mine');
    const aShare = ok<{ share_id: string }>(
      await call(a.headers, 'POST', '/drive/v1/share', { file_ids: [mine.id] }),
    );
    const mixed = await call(a.headers, 'POST', '/drive/v1/share:batchDelete', {
      ids: [aShare.share_id, bShare.share_id],
    });
    expect(errorOf(mixed).error).toBe('not_found');
    expect(
      ok<{ data: { share_id: string }[] }>(
        await call(a.headers, 'GET', '/drive/v1/share/list'),
      ).data.map((item) => item.share_id),
    ).toEqual([aShare.share_id]);

    // b's share, session and events are untouched, and a sees none of b's.
    const bList = ok<{ data: { share_id: string; restore_limit: string; pass_code: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/share/list'),
    ).data;
    expect(bList).toEqual([
      expect.objectContaining({
        share_id: bShare.share_id,
        restore_limit: '-1',
        pass_code: bShare.pass_code,
      }),
    ]);
    expect(
      ok<{ sessions: { id: string }[] }>(
        await call(b.headers, 'GET', '/v1/user/sessions'),
      ).sessions.map((session) => session.id),
    ).toEqual(bSessions.map((session) => session.id));
    const aEvents = ok<{ events: { file_id?: string }[] }>(
      await call(a.headers, 'GET', '/drive/v1/events'),
    ).events;
    expect(aEvents.every((event) => event.file_id !== bFile.id)).toBe(true);
  });

  it('refuses a state change by session cookie from another origin on every route group, and lets GETs and the site through', async () => {
    const { user } = await member();
    const file = await storeFile(f.t, user.id, 'notes.txt', 'notes');
    const signedIn = await post(
      f.t,
      '/v1/auth/signin',
      { client_id: 'web', username: user.email, password: user.password },
      { origin: 'http://nimbus.test' },
    );
    const cookie = `nimbus_session=${sessionCookieOf(signedIn)}`;
    const changes: [Method, string, unknown][] = [
      ['PATCH', '/v1/user/me', { name: 'Mallory' }],
      [
        'POST',
        '/v1/user/password',
        { old_password: user.password, new_password: 'mallory was here 1' },
      ],
      ['POST', '/v1/user/two-factor/setup', {}],
      ['POST', '/v1/user/deletion', { password: user.password }],
      ['POST', '/v1/auth/revoke', {}],
      ['POST', '/drive/v1/share', { file_ids: [file.id] }],
      ['POST', '/drive/v1/files:batchTrash', { ids: [file.id] }],
      ['POST', '/vip/v1/activity/invite', { from: 'web' }],
      ['POST', '/config/v1/basic', { client: 'web' }],
      ['POST', '/drive/v1/feedback', { category: 'bug', message: 'A message sent by a stranger.' }],
    ];
    for (const [method, url, payload] of changes) {
      const strangers: Headers[] = [
        {},
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
        { origin: 'null' },
      ];
      for (const origin of strangers) {
        const response = await call({ cookie, ...origin }, method, url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(origin)}: ${response.body}`).toBe(403);
        expect(errorOf(response).error).toBe('origin_not_allowed');
      }
    }
    // Nothing changed: the name, the password, the session and the file are as they were.
    const asSite = { cookie, origin: 'http://nimbus.test' };
    expect(ok<{ name: string }>(await call({ cookie }, 'GET', '/v1/user/me')).name).toBe(
      'Test Member',
    );
    expect(
      ok<{ files: { trashed: boolean }[] }>(
        await call({ cookie, origin: 'https://evil.example' }, 'GET', '/drive/v1/files?parent_id='),
      ).files,
    ).toEqual([expect.objectContaining({ trashed: false })]);
    expect(
      ok<{ name: string }>(await call(asSite, 'PATCH', '/v1/user/me', { name: 'Ada' })).name,
    ).toBe('Ada');
    expect(
      ok<{ name: string }>(
        await call({ cookie, referer: 'http://nimbus.test/drive' }, 'PATCH', '/v1/user/me', {
          name: 'Grace',
        }),
      ).name,
    ).toBe('Grace');
    // A bearer token is no ambient credential: no Origin is needed.
    const token = await signIn(f.t, user.email, user.password);
    expect(
      ok<{ name: string }>(
        await call(
          { authorization: `Bearer ${token.access_token}`, origin: 'https://evil.example' },
          'PATCH',
          '/v1/user/me',
          { name: 'Hopper' },
        ),
      ).name,
    ).toBe('Hopper');
  });

  it('sends counts as decimal strings and keeps answers about the member out of shared caches', async () => {
    const { user, headers } = await member();
    await storeFile(f.t, user.id, 'notes.txt', 'notes');
    const isCount = (value: unknown) => typeof value === 'string' && /^-?\d+$/.test(value);
    const page = await call(headers, 'GET', '/vip/v1/activity/inviteExtActivityPage');
    const referral = ok<{ data: Record<string, unknown> }>(page).data;
    for (const field of ['invited_count', 'monthly_limit', 'monthly_remaining']) {
      expect(isCount(referral[field]), `${field}: ${String(referral[field])}`).toBe(true);
    }
    const tasks = ok<{ tasks: { type: string; progress: unknown; target: unknown }[] }>(
      await call(headers, 'GET', '/vip/v1/task/status?scene=beginner'),
    ).tasks;
    expect(tasks.find((task) => task.type === 'upload_file')).toMatchObject({
      progress: '1',
      target: '1',
    });
    expect(tasks.every((task) => isCount(task.progress) && isCount(task.target))).toBe(true);
    const twoFactor = ok<{ recovery_codes_left: unknown }>(
      await call(headers, 'GET', '/v1/user/two-factor'),
    );
    expect(twoFactor.recovery_codes_left).toBe('0');

    const about = ok<{
      quota: Record<string, unknown>;
      quotas: Record<string, Record<string, unknown>>;
    }>(await call(headers, 'GET', '/drive/v1/about'));
    expect(
      [
        about.quota.limit,
        about.quota.usage,
        about.quota.usage_in_trash,
        about.quotas.cloud_download?.limit,
        about.quotas.download_traffic?.usage,
      ].every(isCount),
    ).toBe(true);

    const personal: [Method, string, unknown][] = [
      ['GET', '/v1/user/me', undefined],
      ['PATCH', '/v1/user/me', { name: 'Ada' }],
      ['GET', '/v1/user/sessions', undefined],
      ['GET', '/v1/user/two-factor', undefined],
      ['GET', '/drive/v1/about', undefined],
      ['GET', '/drive/v1/privilege/vip', undefined],
      ['GET', '/drive/v1/privilege/area_country_code', undefined],
      ['GET', '/access_controller/v1/area_accessible', undefined],
      ['GET', '/vip/v1/task/status?scene=beginner', undefined],
      ['GET', '/drive/v1/events', undefined],
      ['GET', '/drive/v1/share/list', undefined],
      ['GET', '/drive/v1/tasks', undefined],
    ];
    for (const [method, url, payload] of personal) {
      const response = await call(
        { ...headers, 'x-request-id': 'contract-check-1' },
        method,
        url,
        payload,
      );
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-request-id'], url).toBe('contract-check-1');
    }
  });
  it('answers an x-client-id that names no registered client with unauthorized_client, on every path group', async () => {
    const { user, headers } = await member();
    for (const clientId of ['web', 'tv', 'desktop', 'extension', 'android', 'ios']) {
      ok(await call({ ...headers, 'x-client-id': clientId }, 'GET', '/v1/user/me'));
    }
    const strangers: [Method, string, unknown, Headers][] = [
      ['GET', '/v1/user/me', undefined, headers],
      ['GET', '/drive/v1/files?parent_id=', undefined, headers],
      [
        'POST',
        '/v1/auth/signin',
        { client_id: 'tv', username: user.email, password: user.password },
        {},
      ],
      ['GET', '/drive/v1/share?share_id=nope', undefined, {}],
      ['POST', '/config/v1/basic', { client: 'web' }, {}],
      ['GET', '/vip/v1/task/status?scene=beginner', undefined, headers],
    ];
    for (const [method, url, payload, base] of strangers) {
      for (const clientId of ['toaster', '', 'WEB']) {
        const response = await call(
          { ...base, 'x-client-id': clientId, 'accept-language': 'zh-TW' },
          method,
          url,
          payload,
        );
        expect(response.statusCode, `${url} as ${clientId}: ${response.body}`).toBe(401);
        expect(errorOf(response).error).toBe('unauthorized_client');
        expect(localizedOf(errorOf(response))?.locale).toBe('zh-TW');
      }
    }
  });
});
