import type { MemberDetail, MemberRow } from '@nimbus/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, dialects, errorOf, makeUser, ok, testClock, type TestApp } from '../helper';
import { post, signedInMember } from '../identity';
import { auditCount, consoleMember } from '../support/console';
import { storeFile } from '../support/stored-file';

type Headers = Record<string, string>;
const day = 86_400_000;

describe.each(dialects)('members in the console on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  function call(headers: Headers, method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  /**
   * One of each thing a member's page lists: a file and its share, a storage pack from a code,
   * feedback and an offline task.
   */
  async function belongings(admin: Headers, target: Awaited<ReturnType<typeof signedInMember>>) {
    const id = target.user.id;
    const file = await storeFile(t, id, 'notes.txt', 'twelve bytes');
    const { share_id: shareId } = ok<{ share_id: string }>(
      await post(t, '/drive/v1/share', { file_ids: [file.id] }, target.headers),
    );
    const { codes } = ok<{ codes: string[] }>(
      await call(admin, 'POST', '/audit.admin/v1/code_batches', {
        type: 'storage',
        bytes: 1_000_000,
        days: 30,
        count: 1,
        reason: 'a pack for the test',
      }),
    );
    ok(
      await call(target.headers, 'POST', '/vip/v1/order/activation-code', {
        activation_code: codes[0],
      }),
    );
    const now = clock.now().toISOString();
    const db = t.container.database.db;
    await db
      .insertInto('feedback')
      .values({
        id: `fb-${id}`,
        user_id: id,
        category: 'bug',
        message: 'The list is slow',
        contact_email: target.user.email,
        app_version: '',
        locale: 'en-US',
        user_agent: '',
        client_id: 'web',
        address_hash: '',
        created_at: now,
      })
      .execute();
    await db
      .insertInto('tasks')
      .values({
        id: `task-${id}`,
        user_id: id,
        type: 'offline',
        name: 'film.mkv',
        phase: 'PHASE_TYPE_PENDING',
        progress: 0,
        file_id: '',
        file_name: '',
        file_size: 0,
        message_key: '',
        params: '{}',
        status_size: 1,
        created_at: now,
        updated_at: now,
        source_url: 'https://example.com/film.mkv',
      })
      .execute();
    return shareId;
  }

  it('finds members by address, id, name, sign-up time, plan and status, newest first, paged', async () => {
    const support = await consoleMember(t, 'support', clock.now());
    const made = [];
    for (const [index, name] of ['Ada', 'Adam', 'Bea'].entries()) {
      made.push(
        await makeUser(t, {
          name,
          email: `${name.toLowerCase()}@example.com`,
          created_at: new Date(Date.UTC(2029, 0, index + 1)).toISOString(),
        }),
      );
    }
    await t.container.memberships.grant({
      userId: made[2]!.id,
      type: 'platinum',
      days: 30,
      source: 'admin',
    });
    const search = async (query: string) =>
      ok<{ data: MemberRow[]; next_page_token: string }>(
        await call(support.headers, 'GET', `/audit.admin/v1/members?${query}`),
      );
    expect((await search('email=AD')).data.map((row) => row.name)).toEqual(['Adam', 'Ada']);
    expect((await search('name=Ada')).data.map((row) => row.name)).toEqual(['Adam', 'Ada']);
    expect((await search(`id=${made[1]!.id}`)).data.map((row) => row.name)).toEqual(['Adam']);
    expect(
      (
        await search('created_from=2029-01-02T00:00:00.000Z&created_to=2029-01-03T00:00:00.000Z')
      ).data.map((row) => row.name),
    ).toEqual(['Adam']);
    const premium = await search('plan=premium');
    expect(premium.data.map((row) => row.name)).toEqual(['Bea']);
    expect(premium.data[0]?.premium_until).toBe(
      new Date(clock.now().getTime() + 30 * day).toISOString(),
    );
    expect((await search('plan=free&email=a')).data.map((row) => row.name)).toEqual([
      'Adam',
      'Ada',
    ]);
    expect((await search('status=blocked')).data).toEqual([]);
    const first = await search('email=a&limit=1');
    const second = await search(`email=a&limit=1&page_token=${first.next_page_token}`);
    expect([...first.data, ...second.data].map((row) => row.name)).toEqual(['Adam', 'Ada']);
    expect(second.next_page_token).toBe('');
  });

  it('shows what a member holds, and blocks, unblocks, signs out, changes premium days, resets two-factor and asks for deletion, one audit row each', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const moderator = await consoleMember(t, 'moderator', clock.now());
    const support = await consoleMember(t, 'support', clock.now());
    const target = await signedInMember(t);
    const id = target.user.id;
    const drive = () => call(target.headers, 'GET', '/drive/v1/about');
    ok(await drive());
    const shareId = await belongings(admin.headers, target);

    const act = async (
      headers: Headers,
      action: string,
      body: object,
    ): Promise<{ status: string; premium_until: string; purge_after: string }> => {
      clock.advance(1000);
      const before = await auditCount(t);
      const answer = ok<{ status: string; premium_until: string; purge_after: string }>(
        await call(headers, 'POST', `/audit.admin/v1/members/${id}/${action}`, body),
      );
      expect(await auditCount(t), action).toBe(before + 1);
      const [row] = await t.container.database.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(row, action).toMatchObject({ target_id: id, target_kind: 'user' });
      expect(row?.action, action).toBe(`members.${action}`);
      return answer;
    };

    // A block ends the member's open session at once.
    expect((await act(moderator.headers, 'block', { reason: 'spam' })).status).toBe('blocked');
    expect(errorOf(await drive()).error).toBe('unauthenticated');
    expect((await act(moderator.headers, 'unblock', { reason: 'appeal' })).status).toBe('active');
    // Support may not block.
    expect(
      (await call(support.headers, 'POST', `/audit.admin/v1/members/${id}/block`, { reason: 'x' }))
        .statusCode,
    ).toBe(403);

    const token = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      payload: { client_id: 'tv', username: target.user.email, password: target.user.password },
    });
    const fresh = { authorization: `Bearer ${ok<{ access_token: string }>(token).access_token}` };
    ok(await call(fresh, 'GET', '/drive/v1/about'));
    await act(moderator.headers, 'sign_out', { reason: 'stolen phone' });
    expect(errorOf(await call(fresh, 'GET', '/drive/v1/about')).error).toBe('unauthenticated');

    const granted = await act(admin.headers, 'premium', { days: 30, reason: 'outage' });
    expect(granted.premium_until).toBe(new Date(clock.now().getTime() + 30 * day).toISOString());
    const taken = await act(admin.headers, 'premium', { days: -10, reason: 'refund' });
    expect(taken.premium_until).toBe(
      new Date(Date.parse(granted.premium_until) - 10 * day).toISOString(),
    );
    expect(
      (
        await call(moderator.headers, 'POST', `/audit.admin/v1/members/${id}/premium`, {
          days: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);

    await t.container.database.db
      .insertInto('two_factors')
      .values({
        user_id: id,
        secret_box: 'x',
        enabled_at: clock.now().toISOString(),
        last_step: 0,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      })
      .execute();
    await act(support.headers, 'reset_two_factor', { reason: 'lost phone, id checked' });
    expect(
      await t.container.database.db
        .selectFrom('two_factors')
        .selectAll()
        .where('user_id', '=', id)
        .execute(),
    ).toEqual([]);

    const deletion = await act(admin.headers, 'delete', { reason: 'asked by mail' });
    expect(deletion.status).toBe('under_review');
    expect(deletion.purge_after).toBe(
      new Date(clock.now().getTime() + t.config.ACCOUNT_DELETION_GRACE_DAYS * day).toISOString(),
    );

    // A reason is required; an unknown member is refused; none of it is written.
    const count = await auditCount(t);
    expect(
      (await call(moderator.headers, 'POST', `/audit.admin/v1/members/${id}/block`, { reason: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      errorOf(
        await call(moderator.headers, 'POST', '/audit.admin/v1/members/nobody/block', {
          reason: 'x',
        }),
      ).error,
    ).toBe('user_not_exist');
    expect(await auditCount(t)).toBe(count);

    const detail = ok<MemberDetail>(
      await call(support.headers, 'GET', `/audit.admin/v1/members/${id}`),
    );
    expect(await auditCount(t)).toBe(count + 1);
    expect(detail.member).toMatchObject({ id, status: 'under_review', two_factor: false });
    expect(detail.memberships.map((row) => row.days)).toEqual([30]);
    expect(detail.sessions.length).toBe(2);
    expect(detail.sessions.every((session) => session.revoked_at !== '')).toBe(true);
    expect(detail.audit_trail.map((row) => row.action)).toEqual([
      'members.delete',
      'members.reset_two_factor',
      'members.premium',
      'members.premium',
      'members.sign_out',
      'members.unblock',
      'members.block',
    ]);
    expect(detail.usage).toMatchObject({ live_bytes: '12', trash_bytes: '0' });
    expect(detail.packs).toMatchObject([{ kind: 'storage', bytes: '1000000' }]);
    expect(detail.codes_redeemed).toHaveLength(1);
    expect(detail.shares).toMatchObject([{ id: shareId, title: 'notes.txt', audit_status: 'OK' }]);
    expect(detail.offline_tasks).toMatchObject([
      { id: `task-${id}`, name: 'film.mkv', phase: 'PHASE_TYPE_PENDING' },
    ]);
    expect(detail.feedback).toMatchObject([{ category: 'bug', message: 'The list is slow' }]);
  });

  it('rolls an action back when its audit row cannot be written: nothing happens unaudited', async () => {
    const moderator = await consoleMember(t, 'moderator', clock.now());
    const target = await signedInMember(t);
    const id = target.user.id;
    const before = await auditCount(t);
    const commit = t.container.audit.commit.bind(t.container.audit);
    // The row is written, then the write fails (a full disk at commit, a dropped connection).
    const failing = vi
      .spyOn(t.container.audit, 'commit')
      .mockImplementationOnce(async (...args) => {
        await commit(...args);
        throw new Error('the audit log could not be written');
      });
    const refused = await call(moderator.headers, 'POST', `/audit.admin/v1/members/${id}/block`, {
      reason: 'spam',
    });
    failing.mockRestore();
    expect(refused.statusCode).toBe(500);
    expect(errorOf(refused).error).toBe('internal');
    expect(await auditCount(t)).toBe(before);
    const [row] = await t.container.database.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', id)
      .execute();
    expect(row?.status).toBe('active');
    ok(await call(target.headers, 'GET', '/drive/v1/about'));

    // With the audit log writable again, the same call blocks and leaves its row.
    ok(
      await call(moderator.headers, 'POST', `/audit.admin/v1/members/${id}/block`, {
        reason: 'spam',
      }),
    );
    expect(await auditCount(t)).toBe(before + 1);
    expect(errorOf(await call(target.headers, 'GET', '/drive/v1/about')).error).toBe(
      'unauthenticated',
    );
  });
});
