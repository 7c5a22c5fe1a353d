import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, ok, testClock, type TestApp } from '../helper';
import { auditCount, consoleMember } from '../support/console';

interface Dashboard {
  days: {
    day: string;
    active_members: number;
    uploads: number;
    upload_bytes: number;
    shares_created: number;
    shares_opened: number;
    shares_saved: number;
    reports: number;
    app_downloads: number;
  }[];
  storage_by_plan: { plan: string; members: number; bytes: string }[];
  deduplication: { logical_bytes: string; physical_bytes: string };
  page_views: { route: string; locale: string; views: number }[];
  offline_tasks: { phase: string; reason: string; count: number }[];
  period_downloads: { platform: string; downloads: number }[];
}

const url = '/audit.admin/v1/dashboard?from=2029-12-30&to=2030-01-01';

/** Each day's row, without its day, for comparing. */
function rows(answer: Dashboard) {
  return answer.days.map(({ day: _day, ...figures }) => figures);
}

describe.each(dialects)('the dashboard on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2030-01-01T12:00:00.000Z');
  let admin: Awaited<ReturnType<typeof consoleMember>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    const db = t.container.database.db;
    admin = await consoleMember(t, 'admin', clock.now());
    const ada = await makeUser(t, { created_at: '2029-12-30T08:00:00.000Z' });
    const bea = await makeUser(t, { created_at: '2029-12-31T08:00:00.000Z' });
    // The admin signed up on the first day too (the rollup starts at the first member's day).
    await db
      .updateTable('users')
      .set({ created_at: '2029-12-30T07:00:00.000Z' })
      .where('id', '=', admin.user.id)
      .execute();
    await db
      .insertInto('memberships')
      .values({
        id: 'grant-bea',
        user_id: bea.id,
        type: 'platinum',
        source: 'payment',
        days: 30,
        starts_at: '2029-12-31T09:00:00.000Z',
        expires_at: '2030-01-30T09:00:00.000Z',
        activation_code_id: null,
        created_at: '2029-12-31T09:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('member_usage')
      .values([
        { user_id: ada.id, live_bytes: 700, trash_bytes: 100, updated_at: '2029-12-31T00:00:00Z' },
        { user_id: bea.id, live_bytes: 2000, trash_bytes: 0, updated_at: '2029-12-31T00:00:00Z' },
      ])
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          live_bytes: eb.ref('excluded.live_bytes'),
          trash_bytes: eb.ref('excluded.trash_bytes'),
        })),
      )
      .execute();
    await db
      .insertInto('blobs')
      .values({
        sha256: 'a'.repeat(64),
        gcid: 'g',
        size: 1500,
        ref_count: 2,
        created_at: '2029-12-30T10:00:00.000Z',
        updated_at: '2029-12-30T10:00:00.000Z',
        verified_at: null,
      })
      .execute();
    const event = (
      id: string,
      userId: string | null,
      page: string,
      locale: string,
      at: string,
    ) => ({
      id,
      event: 'restore-click',
      page,
      client_id: '',
      client_type: 'web',
      language_system: '',
      language_web: locale,
      user_type: 1,
      source: '',
      scene: '',
      referer_list: '',
      device_hash: '',
      user_id: userId,
      country: '',
      address_hash: 'x',
      props: '{}',
      created_at: at,
    });
    await db
      .insertInto('analytics_events')
      .values([
        event('e1', ada.id, '/', 'en', '2029-12-30T09:00:00.000Z'),
        event('e2', ada.id, '/', 'en', '2029-12-30T10:00:00.000Z'),
        event('e3', null, '/s/:share_id', 'de', '2029-12-30T11:00:00.000Z'),
        event('e4', bea.id, '/', 'en', '2029-12-31T09:00:00.000Z'),
        event('e5', ada.id, '/s/:share_id', 'de', '2029-12-31T10:00:00.000Z'),
        event('e6', ada.id, '/', 'en', '2030-01-01T09:00:00.000Z'),
      ])
      .execute();
    const file = (id: string, size: number, at: string, kind: 'file' | 'folder' = 'file') => ({
      id,
      user_id: ada.id,
      parent_id: '',
      kind,
      name: id,
      name_key: id,
      size,
      sha256: null,
      gcid: '',
      mime_type: '',
      file_extension: '',
      file_category: '',
      phase: 'PHASE_TYPE_COMPLETE',
      starred: 0,
      trashed: 0,
      trashed_at: null,
      original_parent_id: null,
      original_path: null,
      created_at: at,
      modified_at: at,
      params: '{}',
    });
    await db
      .insertInto('files')
      .values([
        file('f1', 300, '2029-12-30T12:00:00.000Z'),
        file('f2', 500, '2029-12-30T13:00:00.000Z'),
        file('d1', 0, '2029-12-30T13:00:00.000Z', 'folder'),
        file('f3', 64, '2030-01-01T08:00:00.000Z'),
      ])
      .execute();
    await db
      .insertInto('shares')
      .values({
        id: 's1',
        user_id: ada.id,
        title: 'f1',
        pass_code: '',
        share_to: '',
        expiration_days: -1,
        expires_at: null,
        restore_limit: -1,
        restore_count: 0,
        view_count: 0,
        file_num: 1,
        file_size: 300,
        file_id: 'f1',
        file_kind: 'file',
        audit_status: 'OK',
        cancelled_at: null,
        created_at: '2029-12-31T12:00:00.000Z',
        updated_at: '2029-12-31T12:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('share_items')
      .values({ share_id: 's1', file_id: 'f1', position: 0 })
      .execute();
    // Two visits counted on the second day before this run; one more comes in the test.
    await db.insertInto('share_open_days').values({ day: '2029-12-31', opens: 2 }).execute();
    await db
      .insertInto('share_restores')
      .values({
        id: 'r1',
        user_id: bea.id,
        share_id: 's1',
        target_id: '',
        spec: '{}',
        created_at: '2029-12-31T13:00:00.000Z',
        plan: null,
      })
      .execute();
    await db
      .insertInto('share_reports')
      .values(
        ['2029-12-31T14:00:00.000Z', '2030-01-01T10:00:00.000Z'].map((at, index) => ({
          id: `rep${index}`,
          share_id: 's1',
          reporter_id: null,
          reporter_address: 'x',
          share_user_id: ada.id,
          file_ids: '[]',
          gcids: '[]',
          reason: 'spam',
          created_at: at,
          reviewed_at: null,
        })),
      )
      .execute();
    const task = (id: string, phase: string, messageKey: string, at: string) => ({
      id,
      user_id: ada.id,
      type: 'offline',
      name: id,
      phase,
      progress: 0,
      file_id: '',
      file_name: '',
      file_size: 0,
      message_key: messageKey,
      params: '{}',
      status_size: 1,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('tasks')
      .values([
        task('t1', 'PHASE_TYPE_COMPLETE', 'done', '2029-12-30T09:00:00.000Z'),
        task('t2', 'PHASE_TYPE_ERROR', 'offline_source_gone', '2029-12-30T10:00:00.000Z'),
        task('t3', 'PHASE_TYPE_ERROR', 'offline_source_gone', '2029-12-31T10:00:00.000Z'),
        task('t4', 'PHASE_TYPE_ERROR', 'offline_too_large', '2030-01-01T10:00:00.000Z'),
        { ...task('t5', 'PHASE_TYPE_COMPLETE', '', '2029-12-31T10:00:00.000Z'), type: 'copy' },
      ])
      .execute();
    await db
      .insertInto('app_download_marks')
      .values([
        { platform: 'ios', address_hash: 'a', day: '2029-12-31' },
        { platform: 'ios', address_hash: 'b', day: '2029-12-31' },
        { platform: 'android', address_hash: 'a', day: '2030-01-01' },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const dashboard = async () =>
    ok<Dashboard>(await t.app.inject({ method: 'GET', url, headers: admin.headers }));

  it('counts members, files, shares, reports, offline tasks, downloads and analytics events per day, the same whether counted live or from the daily rows', async () => {
    // A visitor opens the share today: one more open, on today's row.
    const visit = await t.app.inject({ method: 'GET', url: '/drive/v1/share?share_id=s1' });
    expect(ok<{ share_status: string }>(visit).share_status).toBe('OK');
    const live = await dashboard();
    expect(rows(live)).toEqual([
      {
        ...{ sign_ups: 2, active_members: 1, conversions: 0, expiries: 0 },
        ...{ uploads: 2, upload_bytes: 800, shares_created: 0, shares_saved: 0, reports: 0 },
        ...{ shares_opened: 0, app_downloads: 0 },
      },
      {
        ...{ sign_ups: 1, active_members: 2, conversions: 1, expiries: 0 },
        ...{ uploads: 0, upload_bytes: 0, shares_created: 1, shares_saved: 1, reports: 1 },
        ...{ shares_opened: 2, app_downloads: 2 },
      },
      {
        ...{ sign_ups: 0, active_members: 1, conversions: 0, expiries: 0 },
        ...{ uploads: 1, upload_bytes: 64, shares_created: 0, shares_saved: 0, reports: 1 },
        ...{ shares_opened: 1, app_downloads: 1 },
      },
    ]);
    expect(live.page_views).toEqual([
      { route: '/', locale: 'en', views: 4 },
      { route: '/s/:share_id', locale: 'de', views: 2 },
    ]);
    expect(live.offline_tasks).toEqual([
      { phase: 'PHASE_TYPE_ERROR', reason: 'offline_source_gone', count: 2 },
      { phase: 'PHASE_TYPE_COMPLETE', reason: '', count: 1 },
      { phase: 'PHASE_TYPE_ERROR', reason: 'offline_too_large', count: 1 },
    ]);
    expect(live.period_downloads).toEqual([
      { platform: 'android', downloads: 1 },
      { platform: 'ios', downloads: 2 },
    ]);
    expect(live.storage_by_plan).toContainEqual({ plan: 'premium', members: 1, bytes: '2000' });
    expect(live.storage_by_plan.find((row) => row.plan === 'free')?.bytes).toBe('800');
    expect(live.deduplication).toEqual({ logical_bytes: '2800', physical_bytes: '1500' });

    // The rollup stores every finished day from the first member's (today is left live), once:
    // another pass finds nothing to do, and storing a day again gives the same rows.
    const rollup = t.container.statisticsRollup;
    let passes = 0;
    while ((await rollup.rollupNext()) > 0) {
      passes += 1;
    }
    expect(passes).toBe(2);
    const db = t.container.database.db;
    const storedRows = () =>
      db
        .selectFrom('statistics_daily')
        .select(['day', 'metric', 'dimension', 'detail', 'value'])
        .orderBy(['day', 'metric', 'dimension', 'detail'])
        .execute();
    const first = await storedRows();
    expect(first.map((row) => row.day)).not.toContain('2030-01-01');
    await db.deleteFrom('statistics_daily').where('day', '=', '2029-12-31').execute();
    expect(await rollup.rollupNext()).toBe(1);
    expect(await storedRows()).toEqual(first);

    // A stored day is read from its rows, not from the raw ones: an event deleted by the
    // retention sweep leaves the stored day as it was.
    await db.deleteFrom('analytics_events').where('id', '=', 'e4').execute();
    const rolled = await dashboard();
    expect(rows(rolled)).toEqual(rows(live));
    expect(rolled.page_views).toEqual(live.page_views);
    expect(rolled.offline_tasks).toEqual(live.offline_tasks);
  });

  it('answers only admins, and writes one audit row per read', async () => {
    const before = await auditCount(t);
    await dashboard();
    expect(await auditCount(t)).toBe(before + 1);
    for (const role of ['support', 'moderator'] as const) {
      const member = await consoleMember(t, role, clock.now());
      const answer = await t.app.inject({ method: 'GET', url, headers: member.headers });
      expect(answer.statusCode).toBe(403);
    }
    const unstepped = await consoleMember(t, 'admin', null);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: unstepped.headers })).statusCode,
    ).toBe(403);
  });
});
