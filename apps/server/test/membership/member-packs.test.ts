import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError, runMembershipCommand } from '../../src/modules/membership/membership-cli';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signIn, signedInMember } from '../identity';

const dayMs = 24 * 60 * 60 * 1000;

interface AboutBody {
  quota: { limit: string; usage: string };
  quotas: { cloud_download: { limit: string }; download_traffic: { limit: string } };
  over_storage_limit: boolean;
}

interface Catalogue {
  values: {
    external_products: {
      plans: Record<'free' | 'premium', Record<string, string | number>>;
      products: {
        id: string;
        kind: string;
        days: number;
        bytes: string;
        price: string;
        checkout_url: string;
      }[];
    };
  };
}

describe.each(dialects)('storage and traffic packs on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock('2030-01-01T00:00:00.000Z');
    t = await buildTestApp(
      dialect,
      {
        PLAN_FREE_STORAGE_BYTES: '100000',
        PLAN_PREMIUM_STORAGE_BYTES: '1000000',
        PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES: '1000',
        PLAN_PREMIUM_DOWNLOAD_TRAFFIC_BYTES: '9000',
        PLAN_FREE_OFFLINE_TRAFFIC_BYTES: '5000',
      },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  type Headers = Record<string, string>;

  async function member(locale = 'en-US') {
    const { user, headers } = await signedInMember(t);
    return { user, headers: { ...headers, 'accept-language': locale } };
  }

  async function later(
    milliseconds: number,
    user: { email: string; password: string },
  ): Promise<Headers> {
    clock.advance(milliseconds);
    const token = await signIn(t, user.email, user.password);
    return { authorization: `Bearer ${token.access_token}`, 'accept-language': 'en-US' };
  }

  /** Mints codes through the operators' command, as an operator would. */
  async function mint(...argv: string[]): Promise<string> {
    const [code = ''] = await runMembershipCommand(
      ['mint', ...argv],
      t.container.memberships,
      clock.now,
    );
    return code;
  }

  function activate(headers: Headers, code: string): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/vip/v1/order/activation-code',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ activation_code: code, data: { from: 'web' } }),
    });
  }

  async function about(headers: Headers): Promise<AboutBody> {
    return ok<AboutBody>(await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers }));
  }

  async function copyFirstFile(headers: Headers): Promise<LightMyRequestResponse> {
    const files = await t.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=', headers });
    const id = files.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    return t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchCopy',
      headers,
      payload: { ids: [id], to: { parent_id: '' } },
    });
  }

  it('raises the storage limit while a storage pack runs, adds packs up, and drops them at their end', async () => {
    const { user, headers } = await member();
    const digest = await t.container.blobs.ingest(Readable.from([Buffer.alloc(60_000, 3)]));
    await t.container.files.createFile(user.id, { name: 'half.bin', parentId: '', blob: digest });
    // A copy does not fit the free plan's 100,000 bytes.
    expect(errorOf(await copyFirstFile(headers)).error).toBe('file_space_not_enough');

    const code = await mint('--type', 'storage', '--size', '30000', '--days', '10');
    const response = await activate(headers, code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      result: 'ACCEPTED',
      granted: {
        type: 'storage',
        days: 10,
        bytes: '30000',
        starts_at: '2030-01-01T00:00:00.000Z',
        expires_at: '2030-01-11T00:00:00.000Z',
      },
      // A pack is not premium.
      data: { expire: '', status: 'invalid', type: 'novip', user_id: user.id, vipItem: [] },
    });
    expect((await about(headers)).quota.limit).toBe('130000');

    // A second pack, five days later, adds up with the first one.
    const laterHeaders = await later(5 * dayMs, user);
    const second = await mint('--type', 'storage', '--size', '1KiB', '--days', '30');
    expect(
      ok<{ granted: { bytes: string; expires_at: string } }>(await activate(laterHeaders, second))
        .granted,
    ).toEqual({
      type: 'storage',
      days: 30,
      bytes: '1024',
      starts_at: '2030-01-06T00:00:00.000Z',
      expires_at: '2030-02-05T00:00:00.000Z',
    });
    expect((await about(laterHeaders)).quota.limit).toBe(String(100_000 + 30_000 + 1024));
    const copied = await copyFirstFile(laterHeaders);
    expect(copied.statusCode, copied.body).toBe(200);
    expect((await about(laterHeaders)).quota.usage).toBe('120000');

    // The first pack ends on day 10: the member is now over the limit and cannot add more.
    const afterFirst = await later(5 * dayMs, user);
    expect(await about(afterFirst)).toMatchObject({
      quota: { limit: '101024', usage: '120000' },
      over_storage_limit: true,
    });
    expect(errorOf(await copyFirstFile(afterFirst)).error).toBe('file_space_not_enough');
  });

  it('raises the download traffic of free and premium members with a traffic pack', async () => {
    const { user, headers } = await member();
    const traffic = await mint('--type', 'traffic', '--size', '500', '--days', '7', '--uses', '2');
    expect((await activate(headers, traffic)).statusCode).toBe(200);
    expect((await about(headers)).quotas.download_traffic.limit).toBe('1500');
    // Premium days and a pack: the premium limit plus the pack.
    const premium = await mint('--days', '30');
    expect((await activate(headers, premium)).statusCode).toBe(200);
    expect(await about(headers)).toMatchObject({
      quota: { limit: '1000000' },
      quotas: { download_traffic: { limit: '9500' } },
    });
    expect((await t.container.memberships.planOf(user.id)).offlineTrafficBytes).toBe(
      10 * 1024 ** 4 + 500,
    );
    // After the pack's 7 days only the premium limit stays.
    const afterPack = await later(7 * dayMs, user);
    expect((await about(afterPack)).quotas.download_traffic.limit).toBe('9000');
  });

  it('answers pack codes like any code: once per member, only for their member, wrong ones invalid', async () => {
    const first = await member();
    const second = await member('ja');
    const code = await mint('--type', 'storage', '--size', '5000', '--days', '30', '--uses', '5');
    expect((await activate(first.headers, code)).statusCode).toBe(200);
    const again = await activate(first.headers, code);
    expect(again.statusCode, again.body).toBe(400);
    expect(errorOf(again).error).toBe('activation_code_used');
    const own = await mint(
      '--type',
      'traffic',
      '--size',
      '5000',
      '--days',
      '30',
      '--for',
      first.user.email,
    );
    const foreign = await activate(second.headers, own);
    expect(errorOf(foreign).error).toBe('activation_code_invalid');
    expect((await about(second.headers)).quotas.download_traffic.limit).toBe('1000');
    expect((await activate(first.headers, own)).statusCode).toBe(200);
    expect(await about(first.headers)).toMatchObject({
      quota: { limit: '105000' },
      quotas: { download_traffic: { limit: '6000' } },
    });
  });

  it('refuses wrong pack command lines', async () => {
    for (const argv of [
      ['--type', 'storage', '--days', '30'],
      ['--type', 'storage', '--size', '0', '--days', '30'],
      ['--type', 'storage', '--size', 'lots', '--days', '30'],
      ['--type', 'traffic', '--size', '-5GiB', '--days', '30'],
      ['--type', 'storage', '--size', '9999999TiB', '--days', '30'],
      ['--size', '1GiB', '--days', '30'],
      ['--type', 'gold', '--days', '30'],
    ]) {
      await expect(
        runMembershipCommand(['mint', ...argv], t.container.memberships, clock.now),
        argv.join(' '),
      ).rejects.toThrow(UsageError);
    }
  });

  it('publishes the catalogue derived from the plan limits, replaced by a stored products setting', async () => {
    const config = (): Promise<Catalogue> =>
      t.app
        .inject({
          method: 'POST',
          url: '/config/v1/external_products',
          payload: { client: 'web', data: { language: 'en-US' } },
        })
        .then((response) => ok<Catalogue>(response));
    const first = (await config()).values.external_products;
    expect(first.plans.free).toEqual({
      storage_bytes: '100000',
      cloud_downloads: 5,
      download_traffic_bytes: '1000',
      offline_running: 2,
      offline_traffic_bytes: '5000',
    });
    expect(first.plans.premium).toMatchObject({
      storage_bytes: '1000000',
      download_traffic_bytes: '9000',
    });
    expect(first.products.map((product) => [product.id, product.bytes])).toEqual([
      ['premium-30', '0'],
      ['premium-90', '0'],
      ['premium-365', '0'],
      ['storage-10x-30', '1000000'],
      ['storage-100x-30', '10000000'],
      ['traffic-2x-30', '10000'],
      ['traffic-20x-30', '100000'],
    ]);
    await t.container.settings.put(
      'external_products',
      'products',
      JSON.stringify([
        {
          id: 'month',
          kind: 'premium',
          days: 30,
          price: '3',
          currency: 'EUR',
          checkout_url: 'https://shop.example/nimbus',
        },
        { id: 'broken', kind: 'storage', days: 30 },
        { id: 'evil', kind: 'premium', days: 30, checkout_url: 'javascript:alert(1)' },
      ]),
      clock.now(),
    );
    const stored = (await config()).values.external_products;
    expect(stored.plans.free.storage_bytes).toBe('100000');
    expect(stored.products).toEqual([
      {
        id: 'month',
        kind: 'premium',
        name: '',
        days: 30,
        bytes: '0',
        price: '3',
        currency: 'EUR',
        checkout_url: 'https://shop.example/nimbus',
        highlight: false,
      },
    ]);
  });
});

describe.each(dialects)('the configured catalogue on %s', (dialect) => {
  it('publishes EXTERNAL_PRODUCTS instead of the defaults', async () => {
    const t = await buildTestApp(dialect, {
      EXTERNAL_PRODUCTS: JSON.stringify([
        { id: 'tb', kind: 'storage', days: 30, bytes: 1024 ** 4, price: '2.50', currency: 'usd' },
      ]),
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/config/v1/external_products',
        payload: { client: 'web' },
      });
      const body = ok<Catalogue>(response);
      expect(body.values.external_products.products).toEqual([
        expect.objectContaining({
          id: 'tb',
          kind: 'storage',
          bytes: String(1024 ** 4),
          price: '2.50',
          currency: 'USD',
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});
