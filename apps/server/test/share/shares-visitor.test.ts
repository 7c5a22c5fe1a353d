import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, localizedOf, ok } from '../helper';
import { solvedCaptchaToken } from '../support/captcha';
import { stepUp } from '../support/console';
import { unreadable, useSharesApp, type OpenBody, type SharedFileBody } from './shares-fixture';

describe.each(dialects)('shares on %s', (dialect) => {
  const f = useSharesApp(dialect);
  const {
    member,
    renew,
    call,
    storedFile,
    ownerDrive,
    share,
    open,
    tokenFor,
    summaries,
    visitorStatuses,
  } = f;

  it('opens and browses a share only with its pass code, and never outside it', async () => {
    const a = await member({ name: 'Alice Example' });
    const b = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, { file_ids: [drive.trip.id, drive.top.id] });
    const other = await share(a.headers, { file_ids: [drive.priv.id] });

    const empty = ok<OpenBody>(await open(made.share_id, {}, { 'accept-language': 'ja' }));
    expect(empty.share_status).toBe('PASS_CODE_EMPTY');
    expect(empty.share_status_text).toBe('この共有を見るにはパスコードを入力してください');
    expect(empty.files).toEqual([]);
    expect(empty.user_info.nickname).toBe('A***e');
    const wrong = ok<OpenBody>(
      await open(made.share_id, { pass_code: made.pass_code === 'zzzz' ? 'yyyy' : 'zzzz' }),
    );
    expect(wrong.share_status).toBe('PASS_CODE_ERROR');
    expect(wrong.pass_code_token).toBe('');

    const opened = ok<OpenBody>(
      await open(made.share_id, { pass_code: made.pass_code, order: 'NAME_ASC' }),
    );
    expect(opened).toMatchObject({
      share_status: 'OK',
      title: 'Trip',
      file_num: '2',
      expiration_left: '-1',
      restore_count_left: '-1',
    });
    expect(opened.user_info).toEqual({ user_id: a.user.id, nickname: 'A***e', avatar: '' });
    expect(opened.pass_code_token).not.toContain(made.pass_code);
    expect(opened.files.map((file) => [file.name, file.parent_id])).toEqual([
      ['top.txt', ''],
      ['Trip', ''],
    ]);
    const token = opened.pass_code_token;

    const detail = async (shareId: string, parentId: string, passCodeToken = token) =>
      ok<{ share_status: string; files: SharedFileBody[] }>(
        await call(
          {},
          'GET',
          `/drive/v1/share/detail?${new URLSearchParams({ share_id: shareId, parent_id: parentId, pass_code_token: passCodeToken, order: 'NAME_ASC' }).toString()}`,
        ),
      );
    expect((await detail(made.share_id, drive.trip.id)).files.map((file) => file.name)).toEqual([
      'b.txt',
      'Day1',
    ]);
    const deep = await detail(made.share_id, drive.day1.id);
    expect(deep.files.map((file) => [file.name, file.parent_id, file.starred])).toEqual([
      ['a.jpg', drive.day1.id, false],
    ]);
    expect((await detail(made.share_id, '')).files).toHaveLength(2);

    const fileInfo = async (shareId: string, fileId: string, passCodeToken = token) =>
      ok<{ share_status: string; share_status_text: string; file_info: SharedFileBody | null }>(
        await call(
          {},
          'GET',
          `/drive/v1/share/file_info?${new URLSearchParams({ share_id: shareId, file_id: fileId, pass_code_token: passCodeToken }).toString()}`,
        ),
      );
    const photoInfo = (await fileInfo(made.share_id, drive.a.id)).file_info as
      (SharedFileBody & { web_content_link: string }) | null;
    expect(photoInfo?.name).toBe('a.jpg');
    // The signed download link serves the shared bytes to the visitor.
    const link = new URL(photoInfo?.web_content_link ?? '');
    const download = await f.t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('photo bytes of day one');
    const batch = ok<{ share_status: string; files: SharedFileBody[] }>(
      await call({}, 'POST', '/drive/v1/share:batch_file_info', {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.a.id, drive.b.id],
      }),
    );
    expect(batch.files.map((file) => file.name).sort()).toEqual(['a.jpg', 'b.txt']);

    // Ids outside the share: the owner's other files, the other share's files, another member's files.
    const stranger = await storedFile(b.user.id, 'theirs.txt', 'member b');
    for (const outside of [drive.secret.id, drive.priv.id, stranger.id, 'no-such-id']) {
      expect((await detail(made.share_id, outside)).share_status).toBe('NOT_FOUND');
      const info = await fileInfo(made.share_id, outside);
      expect(info).toMatchObject({ share_status: 'NOT_FOUND', file_info: null });
      expect(info.share_status_text).toBe('This share does not exist');
      const mixed = ok<{ share_status: string; files: unknown[] }>(
        await call({}, 'POST', '/drive/v1/share:batch_file_info', {
          share_id: made.share_id,
          pass_code_token: token,
          file_ids: [drive.a.id, outside],
        }),
      );
      expect(mixed).toMatchObject({ share_status: 'NOT_FOUND', files: [] });
    }
    // A file is not a folder to browse.
    expect((await detail(made.share_id, drive.a.id)).share_status).toBe('NOT_FOUND');

    // Another share's token, a forged token and an expired token open nothing.
    const otherToken = await tokenFor(other.share_id, other.pass_code);
    expect((await detail(made.share_id, drive.trip.id, otherToken)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );
    expect((await fileInfo(made.share_id, drive.a.id, otherToken)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );
    expect((await detail(other.share_id, drive.trip.id, otherToken)).share_status).toBe(
      'NOT_FOUND',
    );
    expect((await detail(made.share_id, drive.trip.id, `${token}x`)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );
    f.clock.advance(12 * 3_600_000 + 1000);
    await renew(a);
    expect((await detail(made.share_id, drive.trip.id)).share_status).toBe('PASS_CODE_EMPTY');
    expect((await fileInfo(made.share_id, drive.a.id)).share_status).toBe('PASS_CODE_EMPTY');
    const later = await member();
    const restoreExpired = ok<{ share_status: string }>(
      await call(later.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
      }),
    );
    expect(restoreExpired.share_status).toBe('PASS_CODE_EMPTY');

    // A new pass code voids the tokens given for the old one.
    const fresh = await tokenFor(made.share_id, made.pass_code);
    ok(
      await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: 'Changed1',
      }),
    );
    expect((await detail(made.share_id, drive.trip.id, fresh)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );

    // The owner needs no pass code; views by others are counted, once per visit and address:
    // coming back with the visit's token (the page's reloads) adds none, nor does a script
    // opening the share again and again without one; a visitor from another address counts.
    expect(ok<OpenBody>(await open(made.share_id, {}, a.headers)).share_status).toBe('OK');
    const viewsOf = async () =>
      Number(
        (await summaries(a.headers)).data.find((row) => row.share_id === made.share_id)?.view_count,
      );
    const views = await viewsOf();
    const opensOf = async () =>
      Number(
        (
          await f.t.container.database.db
            .selectFrom('share_open_days')
            .select('opens')
            .where('day', '=', f.clock.now().toISOString().slice(0, 10))
            .executeTakeFirst()
        )?.opens ?? 0,
      );
    const opens = await opensOf();
    const visitor = '198.51.100.7';
    let visit = '';
    for (let again = 0; again < 4; again += 1) {
      const opened = ok<OpenBody>(
        await open(made.share_id, { pass_code: 'Changed1' }, {}, visitor),
      );
      expect(opened.share_status).toBe('OK');
      visit = opened.pass_code_token;
    }
    expect(await viewsOf()).toBe(views + 1);
    expect(await opensOf()).toBe(opens + 1);
    for (let reload = 0; reload < 3; reload += 1) {
      expect(
        ok<OpenBody>(await open(made.share_id, { pass_code_token: visit }, {}, visitor))
          .share_status,
      ).toBe('OK');
    }
    expect(
      ok<OpenBody>(await open(made.share_id, { pass_code: 'Changed1' }, {}, '203.0.113.9'))
        .share_status,
    ).toBe('OK');
    expect(await viewsOf()).toBe(views + 2);
    expect(await opensOf()).toBe(opens + 2);
  });

  it('walks every share status on every visitor call', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const admin = await member();
    await f.t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: f.clock.now().toISOString() })
      .execute();
    await stepUp(f.t, admin.user.id, f.clock.now());
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      expiration_days: 1,
      restore_limit: 1,
    });
    const token = await tokenFor(made.share_id, made.pass_code);
    const walk = () => visitorStatuses(made.share_id, token, drive.a.id, drive.day1.id, c.headers);

    expect(await visitorStatuses(made.share_id, '', drive.a.id, drive.day1.id, c.headers)).toEqual(
      Array(5).fill('PASS_CODE_EMPTY'),
    );
    expect(
      await visitorStatuses('nosuchshareid0000000000', token, drive.a.id, drive.day1.id, c.headers),
    ).toEqual(Array(5).fill('NOT_FOUND'));

    for (const status of [
      'AUDITING',
      'SENSITIVE_RESOURCE',
      'SENSITIVE_WORD',
      'PROHIBITED',
    ] as const) {
      ok(
        await call(admin.headers, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, {
          audit_status: status,
        }),
      );
      expect(await walk()).toEqual(Array(5).fill(status));
      expect((await summaries(a.headers)).data[0]?.share_status).toBe(status);
    }
    ok(
      await call(admin.headers, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, {
        audit_status: 'OK',
      }),
    );
    const forbidden = await call(a.headers, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, {
      audit_status: 'OK',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).error).toBe('permission_denied');
    expect(
      errorOf(
        await call({}, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, { audit_status: 'OK' }),
      ).error,
    ).toBe('unauthenticated');

    // A moderated file answers its state where it is asked for.
    ok(
      await call(admin.headers, 'PATCH', `/audit.admin/v1/files/${drive.a.id}`, {
        audit_status: 'PROHIBITED',
      }),
    );
    const [, detailStatus, infoStatus, , restoreStatus] = await walk();
    expect([detailStatus, infoStatus, restoreStatus]).toEqual(['OK', 'PROHIBITED', 'PROHIBITED']);
    ok(
      await call(admin.headers, 'PATCH', `/audit.admin/v1/files/${drive.a.id}`, {
        audit_status: 'OK',
      }),
    );

    // Trashing the shared folder turns the share DELETED; untrashing brings it back.
    ok(await call(a.headers, 'POST', '/drive/v1/files:batchTrash', { ids: [drive.trip.id] }));
    expect(await walk()).toEqual(Array(5).fill('DELETED'));
    expect((await summaries(a.headers)).data[0]?.share_status).toBe('DELETED');
    ok(await call(a.headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [drive.trip.id] }));
    // Readable again: the walk's save (its last call) uses the limit of one up.
    expect(await walk()).toEqual(Array(5).fill('OK'));
    expect(await walk()).toEqual(Array(5).fill('MAX_RESTORE_COUNT'));
    expect(
      ok<{ share_status: string }>(
        await call(b.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).share_status,
    ).toBe('MAX_RESTORE_COUNT');
    ok(await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 5 }));

    f.clock.advance(86_400_000);
    await renew(a, c);
    expect(await walk()).toEqual(Array(5).fill('EXPIRED'));
    ok(await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, { expiration_days: 2 }));
    // Readable again, but the day-old pass-code token has expired.
    expect(await walk()).toEqual(Array(5).fill('PASS_CODE_EMPTY'));
    expect(
      await visitorStatuses(
        made.share_id,
        await tokenFor(made.share_id, made.pass_code),
        drive.b.id,
        drive.trip.id,
        c.headers,
      ),
    ).toEqual(Array(5).fill('OK'));

    ok(await call(a.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }));
    expect(await walk()).toEqual(Array(5).fill('DELETED'));

    // Deleting the shared files for good turns a share DELETED too.
    const second = await share(a.headers, {
      file_ids: [drive.top.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    expect(ok<OpenBody>(await open(second.share_id)).share_status).toBe('OK');
    ok(await call(a.headers, 'POST', '/drive/v1/files:batchDelete', { ids: [drive.top.id] }));
    expect(ok<OpenBody>(await open(second.share_id)).share_status).toBe('DELETED');

    // Every status has its own text in every language.
    for (const status of unreadable) {
      expect(status).toMatch(/^[A-Z_]+$/);
    }
    const texts = new Set<string>();
    for (const locale of ['en-US', 'ru', 'zh-TW']) {
      texts.add(
        ok<OpenBody>(await open(second.share_id, {}, { 'accept-language': locale }))
          .share_status_text,
      );
    }
    expect(texts.size).toBe(3);

    // Reports are stored for review.
    const report = ok<{ report_id: string }>(
      await call({}, 'POST', '/audit.admin/v1/share', {
        share_id: second.share_id,
        share_user_id: a.user.id,
        file_ids: [drive.top.id],
        gcids: [],
        reason: 'spam',
      }),
    );
    expect(report.report_id).not.toBe('');
    expect(
      errorOf(
        await call({}, 'POST', '/audit.admin/v1/share', {
          share_id: 'nosuchshare',
          reason: 'spam',
        }),
      ).error,
    ).toBe('not_found');
    expect(
      errorOf(
        await call({}, 'POST', '/audit.admin/v1/share', {
          share_id: second.share_id,
          reason: 'x'.repeat(1001),
        }),
      ).error,
    ).toBe('invalid_argument');
    // The web app's report call sends no reason (docs/product.md#calls).
    ok(
      await call({}, 'POST', '/audit.admin/v1/share', {
        share_id: second.share_id,
        share_user_id: a.user.id,
        gcids: [],
        file_ids: [],
      }),
    );
    const reports = await f.t.container.database.db
      .selectFrom('share_reports')
      .select(['reason', 'share_user_id'])
      .where('share_id', '=', second.share_id)
      .execute();
    expect(reports.map((row) => row.reason).sort()).toEqual(['', 'spam']);
  });

  it('stops 20 wrong pass codes from rotating clients', async () => {
    const a = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      custom_pass_code: 'Right123',
    });
    const answers: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const device = i.toString(16).padStart(32, '0');
      const response = await open(
        made.share_id,
        { pass_code: `Wrong${i}x` },
        { 'x-device-id': device, 'x-client-id': 'web' },
        `10.0.${i}.1`,
      );
      answers.push(
        response.statusCode === 200
          ? response.json<OpenBody>().share_status
          : errorOf(response).error,
      );
    }
    const wrong = answers.filter((answer) => answer === 'PASS_CODE_ERROR').length;
    expect(wrong).toBeLessThanOrEqual(10);
    expect(
      answers
        .slice(wrong)
        .every((answer) => answer === 'captcha_required' || answer === 'too_many_requests'),
    ).toBe(true);
    expect(answers.at(-1)).toBe('captcha_required');
    // The right pass code from yet another client is stopped as well until a challenge is solved.
    const stopped = await open(
      made.share_id,
      { pass_code: 'Right123' },
      { 'x-device-id': 'f'.repeat(32), 'x-client-id': 'web' },
      '10.9.9.9',
    );
    expect(stopped.statusCode).toBe(400);
    expect(errorOf(stopped).error_code).toBe(4001);
    expect(localizedOf(errorOf(stopped))?.message).toBeTruthy();
  });

  it('holds one client past its limit: a challenge for every attempt, 429 for a wrong code, the right one still opens', async () => {
    await f.t.close();
    f.t = await buildTestApp(
      dialect,
      {
        SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '3',
        SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES: '100',
        SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES: '100',
        SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES: '100',
        SHIELD_POW_MAX_COUNTER: '2000',
      },
      { now: f.clock.now },
    );
    const a = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      custom_pass_code: 'Right123',
    });
    const client = { deviceId: 'a'.repeat(32), address: '127.0.0.1' };
    const device = { 'x-device-id': client.deviceId, 'x-client-id': 'web' };
    const solved = async () => ({
      ...device,
      'x-captcha-token': await solvedCaptchaToken(f.t, client, 'GET:/drive/v1/share', {
        username: `share:${made.share_id}`,
      }),
    });
    for (let i = 0; i < 3; i += 1) {
      expect(
        ok<OpenBody>(await open(made.share_id, { pass_code: 'Wrong999' }, device)).share_status,
      ).toBe('PASS_CODE_ERROR');
    }
    expect(errorOf(await open(made.share_id, { pass_code: 'Right123' }, device)).error).toBe(
      'captcha_required',
    );
    const limited = await open(made.share_id, { pass_code: 'Wrong999' }, await solved());
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBe(900);
    expect(
      ok<OpenBody>(await open(made.share_id, { pass_code: 'Right123' }, await solved()))
        .share_status,
    ).toBe('OK');
    // The hold ends with its window: the client may try again without a challenge.
    f.clock.advance(901_000);
    expect(
      ok<OpenBody>(await open(made.share_id, { pass_code: 'Right123' }, device)).share_status,
    ).toBe('OK');
  });
});
