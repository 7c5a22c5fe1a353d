import type { SettingChange, SiteSetting } from '@nimbus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiblingApp,
  buildTestApp,
  dialects,
  errorOf,
  ok,
  testClock,
  type TestApp,
} from '../helper';
import { signedInMember } from '../identity';
import { auditCount, consoleMember } from '../support/console';

type Headers = Record<string, string>;
const hour = 3_600_000;

const product = {
  id: 'premium-30-sale',
  kind: 'premium',
  days: 30,
  price: '1.99',
  currency: 'eur',
  checkout_url: 'https://shop.example.com/buy',
};

describe.each(dialects)('site settings in the console on %s', (dialect) => {
  let t: TestApp;
  let sibling: TestApp;
  const clock = testClock();
  let admin: Headers;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    sibling = await buildSiblingApp(t, {}, { now: clock.now });
    admin = (await consoleMember(t, 'admin', clock.now())).headers;
  });
  afterAll(async () => {
    await sibling?.close();
    await t?.close();
  });

  function update(headers: Headers, payload: object) {
    return t.app.inject({
      method: 'POST',
      url: '/audit.admin/v1/settings:update',
      headers,
      payload,
    });
  }

  async function configOf(app: TestApp, scope: string): Promise<Record<string, unknown>> {
    const answer = ok<{ values: Record<string, Record<string, unknown>> }>(
      await app.app.inject({
        method: 'POST',
        url: `/config/v1/${scope}`,
        payload: { client: 'web' },
      }),
    );
    return answer.values[scope] ?? {};
  }

  async function historyCount(): Promise<number> {
    const row = await t.container.database.db
      .selectFrom('setting_history')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('lets only an admin with a recent two-factor sign-in read or change settings', async () => {
    const body = { name: 'debug_options.allow_vconsole', value: true, reason: 'debugging' };
    for (const role of ['moderator', 'support', null] as const) {
      const caller = await consoleMember(t, role, clock.now());
      const refused = await update(caller.headers, body);
      expect(refused.statusCode, String(role)).toBe(403);
      expect(errorOf(refused).error).toBe('permission_denied');
      const list = await t.app.inject({
        method: 'GET',
        url: '/audit.admin/v1/settings',
        headers: caller.headers,
      });
      expect(list.statusCode, String(role)).toBe(403);
    }
    const stale = await consoleMember(t, 'admin', new Date(clock.now().getTime() - 13 * hour));
    expect((await update(stale.headers, body)).statusCode).toBe(403);
    expect((await update({}, body)).statusCode).toBe(401);
    expect(await historyCount()).toBe(0);
    expect((await configOf(t, 'debug_options')).allow_vconsole).toBe(false);
  });

  it('refuses a value its schema refuses with the error object, and writes nothing', async () => {
    const audits = await auditCount(t);
    const cases = [
      { name: 'external_products.products', value: [{ ...product, kind: 'gift' }] },
      { name: 'external_products.products', value: [product, product] },
      { name: 'basic.support_email', value: 'not an address' },
      { name: 'basic.support_url', value: 'http://help.example.com' },
      { name: 'activity_operation.activities', value: { christmas: { ends_at: 'soon' } } },
      { name: 'basic.announcement', value: { text: { xx: 'Hello' } } },
      { name: 'debug_options.allow_vconsole', value: 'yes' },
      { name: 'basic.site_name', value: 'Not editable' },
      { name: 'basic.site_redirects', value: [{ source: 'old', destination: '/faq' }] },
      { name: 'basic.site_redirects', value: [{ source: '/a', destination: '//evil.example' }] },
      {
        name: 'basic.site_redirects',
        value: [
          { source: '/a', destination: '/faq' },
          { source: '/a/', destination: '/help' },
        ],
      },
      // Another site behind a path, a loop, and the pages that undo a change.
      { name: 'basic.site_redirects', value: [{ source: '/a', destination: '/\\evil.example' }] },
      { name: 'basic.site_redirects', value: [{ source: '/a', destination: '/a/?again=1' }] },
      {
        name: 'basic.site_redirects',
        value: [
          { source: '/a', destination: '/b' },
          { source: '/b', destination: '/c' },
          { source: '/c/', destination: '/a' },
        ],
      },
      {
        name: 'basic.site_redirects',
        value: [{ source: '/admin/settings', destination: 'https://elsewhere.example' }],
      },
      { name: 'basic.site_redirects', value: [{ source: '/drive/login/', destination: '/help' }] },
      { name: 'external_products.plans', value: { free: { storage_bytes: 1000 } } },
      { name: 'external_products.plans', value: { free: { offline_running: 0 } } },
      { name: 'external_products.plans', value: { gold: {} } },
    ];
    for (const entry of cases) {
      const answer = await update(admin, { ...entry, reason: 'test' });
      expect(answer.statusCode, JSON.stringify(entry)).toBe(400);
      const error = errorOf(answer);
      expect(error.error).toBe('invalid_argument');
      expect(error.error_description).toMatch(/^body\.(value|name)/);
    }
    expect(await historyCount()).toBe(0);
    expect(await auditCount(t)).toBe(audits);
  });

  it('stores a change with one history and one audit row, seen by another node at once, and reverts it', async () => {
    const before = await configOf(sibling, 'external_products');
    const audits = await auditCount(t);
    const changed = ok<SiteSetting>(
      await update(admin, {
        name: 'external_products.products',
        value: [product],
        reason: 'Spring sale',
      }),
    );
    expect(changed).toMatchObject({ name: 'external_products.products', stored: true });
    expect(changed.value).toEqual([expect.objectContaining({ id: product.id, currency: 'EUR' })]);
    expect(await auditCount(t)).toBe(audits + 1);
    expect(await historyCount()).toBe(1);
    const [audit] = await t.container.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .execute();
    expect(audit).toMatchObject({
      target_kind: 'setting',
      target_id: 'external_products.products',
      reason: 'Spring sale',
      before: 'null',
    });

    // The other node reads it on its next call, without a restart (well within 1 s).
    const seenAt = Date.now();
    const products = (await configOf(sibling, 'external_products')).products as { id: string }[];
    expect(products.map((entry) => entry.id)).toEqual([product.id]);
    expect(Date.now() - seenAt).toBeLessThan(1000);

    const history = ok<{ data: SettingChange[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/audit.admin/v1/settings/history?name=external_products.products',
        headers: admin,
      }),
    );
    expect(history.data).toHaveLength(1);
    const [change] = history.data;
    expect(change).toMatchObject({ before: null, reverts: '', reason: 'Spring sale' });
    expect(JSON.parse(change!.after!)).toEqual(changed.value);

    clock.advance(1000);
    const beforeRevert = await auditCount(t);
    const reverted = ok<SiteSetting>(
      await t.app.inject({
        method: 'POST',
        url: '/audit.admin/v1/settings:revert',
        headers: admin,
        payload: { change_id: change!.id, reason: 'Sale over' },
      }),
    );
    expect(reverted.stored).toBe(false);
    expect(await configOf(sibling, 'external_products')).toEqual(before);
    expect(await auditCount(t)).toBe(beforeRevert + 1);
    expect(await historyCount()).toBe(2);
    const latest = ok<{ data: SettingChange[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/audit.admin/v1/settings/history',
        headers: admin,
      }),
    ).data[0];
    expect(latest).toMatchObject({ reverts: change!.id, after: null, reason: 'Sale over' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/audit.admin/v1/settings:revert',
      headers: admin,
      payload: { change_id: 'nope', reason: 'x' },
    });
    expect(errorOf(unknown).error).toBe('not_found');
  });

  it('publishes the announcement, contact addresses and debug switch through the config host', async () => {
    const changes = [
      {
        name: 'basic.announcement',
        value: {
          tone: 'warning',
          text: { 'en-US': ' Maintenance tonight ', ja: '今夜メンテナンス' },
        },
      },
      { name: 'basic.support_email', value: 'help@example.com' },
      { name: 'debug_options.allow_vconsole', value: true },
    ];
    for (const change of changes) {
      ok(await update(admin, { ...change, reason: 'announce' }));
    }
    const basic = await configOf(sibling, 'basic');
    expect(basic.announcement).toEqual({
      tone: 'warning',
      text: { 'en-US': 'Maintenance tonight', ja: '今夜メンテナンス' },
    });
    expect(basic.support_email).toBe('help@example.com');
    expect((await configOf(sibling, 'debug_options')).allow_vconsole).toBe(true);
    const list = ok<{ data: SiteSetting[] }>(
      await t.app.inject({ method: 'GET', url: '/audit.admin/v1/settings', headers: admin }),
    );
    expect(list.data.find((entry) => entry.name === 'basic.support_email')).toMatchObject({
      value: 'help@example.com',
      stored: true,
    });
    expect(list.data.find((entry) => entry.name === 'external_products.products')?.stored).toBe(
      false,
    );
  });

  it('changes a setting an operator stored by hand as plain text, with the text as its before', async () => {
    await t.container.database.db
      .insertInto('setting')
      .values({
        scope: 'basic',
        key: 'business_email',
        value: 'sales@example.com',
        updated_at: clock.now().toISOString(),
      })
      .execute();
    const audits = await auditCount(t);
    ok(
      await update(admin, {
        name: 'basic.business_email',
        value: 'deals@example.com',
        reason: 'new desk',
      }),
    );
    expect(await auditCount(t)).toBe(audits + 1);
    const row = await t.container.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('target_id', '=', 'basic.business_email')
      .executeTakeFirstOrThrow();
    expect(row.before).toContain('sales@example.com');
    expect(row.after).toContain('deals@example.com');
    expect((await configOf(sibling, 'basic')).business_email).toBe('deals@example.com');
  });

  it('applies plan limits to every node’s quotas, largest upload and default packs, and publishes the redirects, both revertible', async () => {
    const member = await signedInMember(t);
    const limitOn = async (app: TestApp) =>
      ok<{ quota: { limit: string }; quotas: { cloud_download: { limit: string } } }>(
        await app.app.inject({ method: 'GET', url: '/drive/v1/about', headers: member.headers }),
      );
    const largestUpload = async (app: TestApp) =>
      (await app.app.inject({ method: 'OPTIONS', url: '/drive/v1/uploads' })).headers[
        'tus-max-size'
      ];
    const storagePacks = async (app: TestApp) =>
      ((await configOf(app, 'external_products')).products as { kind: string; bytes: string }[])
        .filter((product) => product.kind === 'storage')
        .map((product) => product.bytes);
    const configured = await limitOn(sibling);
    const configuredUpload = await largestUpload(sibling);
    const configuredPacks = await storagePacks(sibling);
    const plansBefore = (await configOf(sibling, 'external_products')).plans as Record<
      string,
      Record<string, unknown>
    >;
    const audits = await auditCount(t);
    const changed = ok<SiteSetting>(
      await update(admin, {
        name: 'external_products.plans',
        value: {
          free: { storage_bytes: '12345', cloud_downloads: 7 },
          premium: { storage_bytes: '67890' },
        },
        reason: 'Smaller plans',
      }),
    );
    expect(changed.value).toEqual({
      free: { ...plansBefore.free, storage_bytes: '12345', cloud_downloads: 7 },
      premium: { ...plansBefore.premium, storage_bytes: '67890' },
    });
    expect(await auditCount(t)).toBe(audits + 1);
    // The other node counts with the limits it read for 5 s, then with the new ones.
    expect((await limitOn(sibling)).quota.limit).toBe(configured.quota.limit);
    clock.advance(5_000);
    const limited = await limitOn(sibling);
    expect(limited.quota.limit).toBe('12345');
    expect(limited.quotas.cloud_download.limit).toBe('7');
    const plansAfter = (await configOf(sibling, 'external_products')).plans as Record<
      string,
      Record<string, unknown>
    >;
    expect(plansAfter.free).toMatchObject({ storage_bytes: '12345', cloud_downloads: 7 });
    // A single upload may be as large as the largest plan's storage in force, and the default
    // storage packs are 10 and 100 times the free plan's.
    expect(await largestUpload(sibling)).toBe('67890');
    expect(await storagePacks(sibling)).toEqual(['123450', '1234500']);

    const redirects = [{ source: '/old-help', destination: '/help', permanent: true }];
    ok(await update(admin, { name: 'basic.site_redirects', value: redirects, reason: 'moved' }));
    expect((await configOf(sibling, 'basic')).site_redirects).toEqual(redirects);

    const history = ok<{ data: SettingChange[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/audit.admin/v1/settings/history?name=external_products.plans',
        headers: admin,
      }),
    );
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/audit.admin/v1/settings:revert',
        headers: admin,
        payload: { change_id: history.data[0]!.id, reason: 'Back to configuration' },
      }),
    );
    clock.advance(5_000);
    expect((await limitOn(sibling)).quota.limit).toBe(configured.quota.limit);
    expect(await largestUpload(sibling)).toBe(configuredUpload);
    expect(await storagePacks(sibling)).toEqual(configuredPacks);
  });
});
