import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { analyticsLimits, appDownloadPlatforms, httpStatusOf } from '@nimbus/contracts';
import { buildTestApp, dialects, errorOf, makeUser, ok, testClock, type TestApp } from '../helper';
import { post, sessionCookieOf, signedInMember } from '../identity';

type Headers = Record<string, string>;

const visitorAddress = '203.0.113.7';

/** An event as the web app sends it. */
function eventOf(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event: 'after-login',
    page: '/drive/all',
    client_type: 'pc',
    language_system: 'ja-JP',
    language_web: 'ja',
    userType: 1,
    source: 'newsletter',
    scene: '',
    referer_list: 'Search.Example',
    deviceid: 'a'.repeat(32),
    userid: '',
    country: '',
    ...overrides,
  };
}

function download(platform: string, channel?: string): Record<string, unknown> {
  return eventOf({
    event: 'app-download',
    page: '/mobile-app',
    props: { platform, ...(channel ? { channel } : {}) },
  });
}

describe.each(dialects)('statistics on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  function send(
    body: unknown,
    options: { headers?: Headers; address?: string; type?: string; raw?: string } = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/statistics/pub/event',
      headers: { 'content-type': options.type ?? 'application/json', ...options.headers },
      payload: options.raw ?? JSON.stringify(body),
      remoteAddress: options.address ?? visitorAddress,
    });
  }

  function stored() {
    return t.container.database.db
      .selectFrom('analytics_events')
      .selectAll()
      .orderBy('created_at')
      .orderBy('event')
      .execute();
  }

  function expectError(response: LightMyRequestResponse, reason: string) {
    expect(response.statusCode, response.body).toBe(httpStatusOf(reason as never));
    const error = errorOf(response);
    expect(error.error).toBe(reason);
    return error;
  }

  async function counts(address = visitorAddress) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/statistics/pub/download',
      remoteAddress: address,
    });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    return ok<{
      kind: string;
      downloads: Record<string, string>;
      total: string;
      updated_time: string;
    }>(response);
  }

  it('stores an event with its context, the route of its page and hashes in place of the address and device', async () => {
    t = await buildTestApp(dialect, { COUNTRY_HEADER: 'cf-ipcountry' });
    const response = await send(
      eventOf({
        page: '/ja/s/SecretShare1/folder2',
        scene: 'SHARE',
        props: { view: 'grid', items: 3 },
      }),
      {
        headers: { 'cf-ipcountry': 'jp', 'x-client-id': 'web' },
      },
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    const [row, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      event: 'after-login',
      page: '/s/:share_id/:folder_id',
      client_id: 'web',
      client_type: 'pc',
      language_system: 'ja-JP',
      language_web: 'ja',
      user_type: 1,
      source: 'newsletter',
      scene: 'SHARE',
      referer_list: 'search.example',
      user_id: null,
      country: 'JP',
    });
    expect(JSON.parse(row?.props ?? '')).toEqual({ view: 'grid', items: 3 });
    expect(row?.address_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.device_hash).toMatch(/^[0-9a-f]{32}$/);
    // Nothing of the address, the device id or the share id is kept as it was sent.
    const text = JSON.stringify(row);
    for (const secret of [visitorAddress, 'a'.repeat(32), 'SecretShare1', 'folder2']) {
      expect(text).not.toContain(secret);
    }
  });

  it('takes the member from the credential and never from the body', async () => {
    t = await buildTestApp(dialect);
    const { user, headers } = await signedInMember(t);
    const other = await makeUser(t);
    expect((await send(eventOf({ userid: other.id }), { headers })).statusCode).toBe(204);
    // A visitor who claims to be a member stays a visitor; so does a credential that fails.
    expect((await send(eventOf({ event: 'login-failed', userid: other.id }))).statusCode).toBe(204);
    expect(
      (
        await send(eventOf({ event: 'logout-success', userid: user.id }), {
          headers: { authorization: 'Bearer not-a-token' },
        })
      ).statusCode,
    ).toBe(204);
    // The web app's session cookie, from the site's origin, as a beacon sends it.
    const signedIn = await post(
      t,
      '/v1/auth/signin',
      { client_id: 'web', username: user.email, password: user.password },
      { origin: 'http://nimbus.test' },
    );
    const cookie = `nimbus_session=${sessionCookieOf(signedIn)}`;
    const beacon = await send(
      { events: [eventOf({ event: 'player-mount', userid: '' })] },
      { type: 'text/plain;charset=UTF-8', headers: { cookie, origin: 'http://nimbus.test' } },
    );
    expect(beacon.statusCode, beacon.body).toBe(204);
    // A cookie without an allowed origin is refused like every cookie write.
    expectError(await send(eventOf(), { headers: { cookie } }), 'origin_not_allowed');
    const byEvent = Object.fromEntries((await stored()).map((row) => [row.event, row.user_id]));
    expect(byEvent).toEqual({
      'after-login': user.id,
      'login-failed': null,
      'logout-success': null,
      'player-mount': user.id,
    });
  });

  it('accepts a batch of up to 50 events and the text/plain body of navigator.sendBeacon', async () => {
    t = await buildTestApp(dialect);
    const batch = Array.from({ length: analyticsLimits.maxBatch }, (_, index) =>
      eventOf({ props: { index } }),
    );
    expect((await send({ events: batch })).statusCode).toBe(204);
    expect(await stored()).toHaveLength(50);
    const beacon = await send(
      { events: [eventOf({ event: 'file-manager-close' })] },
      { type: 'text/plain;charset=UTF-8' },
    );
    expect(beacon.statusCode, beacon.body).toBe(204);
    expect((await stored()).filter((row) => row.event === 'file-manager-close')).toHaveLength(1);

    expectError(await send({ events: [...batch, eventOf()] }), 'invalid_argument');
    expectError(await send({ events: [] }), 'invalid_argument');
    expect(await stored()).toHaveLength(51);
  });

  it('refuses oversized and hostile bodies with the error object, storing nothing', async () => {
    t = await buildTestApp(dialect);
    const hostile: [string, LightMyRequestResponse, string][] = [
      ['an unknown event', await send(eventOf({ event: 'drop-table' })), 'invalid_argument'],
      ['an unknown field', await send(eventOf({ ip: '1.2.3.4' })), 'invalid_argument'],
      ['a page with a query', await send(eventOf({ page: '/s/abc?pwd=1' })), 'invalid_argument'],
      ['a NUL in a text', await send(eventOf({ scene: 'a\u0000b' })), 'invalid_argument'],
      [
        'a lone surrogate',
        await send(null, { raw: JSON.stringify(eventOf()).replace('"newsletter"', '"\\ud800"') }),
        'invalid_argument',
      ],
      ['nested props', await send(eventOf({ props: { a: { b: 1 } } })), 'invalid_argument'],
      [
        'too many props',
        await send(
          eventOf({ props: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, i])) }),
        ),
        'invalid_argument',
      ],
      [
        'a long prop',
        await send(eventOf({ props: { note: 'x'.repeat(analyticsLimits.propValueMaxChars + 1) } })),
        'invalid_argument',
      ],
      [
        'a download without a platform',
        await send(eventOf({ event: 'app-download' })),
        'invalid_argument',
      ],
      [
        'prototype keys',
        await send(null, {
          raw: `{"__proto__":{"admin":true},${JSON.stringify(eventOf()).slice(1)}`,
        }),
        'invalid_argument',
      ],
      ['malformed JSON', await send(null, { raw: '{"event":' }), 'invalid_argument'],
      [
        'malformed text/plain',
        await send(null, { raw: 'hello', type: 'text/plain' }),
        'invalid_argument',
      ],
      ['XML', await send(null, { raw: '<event/>', type: 'application/xml' }), 'invalid_argument'],
      [
        'a body past 64 KiB',
        await send({ events: [eventOf({ scene: 'x'.repeat(analyticsLimits.bodyMaxBytes) })] }),
        'payload_too_large',
      ],
      [
        'a text/plain body past 64 KiB',
        await send(null, { raw: 'x'.repeat(analyticsLimits.bodyMaxBytes + 1), type: 'text/plain' }),
        'payload_too_large',
      ],
    ];
    for (const [what, response, reason] of hostile) {
      expect(errorOf(response).error, what).toBe(reason);
      expect(response.statusCode, what).toBe(httpStatusOf(reason as never));
    }
    expect(await stored()).toEqual([]);
  });

  it('limits the calls of one address per minute', async () => {
    t = await buildTestApp(dialect, { ANALYTICS_MAX_PER_MINUTE: '3' });
    for (let call = 0; call < 3; call += 1) {
      expect((await send(eventOf())).statusCode).toBe(204);
    }
    const limited = await send(eventOf());
    expectError(limited, 'too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(eventOf(), { address: '198.51.100.4' })).statusCode).toBe(204);
    expect(await stored()).toHaveLength(4);
  });

  it('deletes events past ANALYTICS_RETENTION_DAYS in the sweep', async () => {
    const clock = testClock('2030-01-01T00:00:00.000Z');
    t = await buildTestApp(dialect, { ANALYTICS_RETENTION_DAYS: '30' }, { now: clock.now });
    expect(
      (await send({ events: [eventOf(), eventOf({ event: 'jump-to-vip' })] })).statusCode,
    ).toBe(204);
    clock.advance(20 * 86_400_000);
    expect((await send(eventOf({ event: 'restore-click' }))).statusCode).toBe(204);
    clock.advance(11 * 86_400_000);
    expect(await t.container.statistics.sweepExpired()).toBe(2);
    expect(await t.container.statistics.sweepExpired()).toBe(0);
    expect((await stored()).map((row) => row.event)).toEqual(['restore-click']);
    clock.advance(20 * 86_400_000);
    expect(await t.container.statistics.sweepExpired()).toBe(1);
    expect(await stored()).toEqual([]);
  });

  it('counts app downloads per platform, each address once a day, and serves them cached for a minute', async () => {
    const clock = testClock('2030-01-01T10:00:00.000Z');
    t = await buildTestApp(dialect, {}, { now: clock.now });
    const none = await counts();
    expect(none.kind).toBe('statistics#downloads');
    expect(Object.keys(none.downloads)).toEqual([...appDownloadPlatforms]);
    expect(Object.values(none.downloads).every((count) => count === '0')).toBe(true);
    expect(none.total).toBe('0');

    expect(
      (
        await send({
          events: [
            download('android', 'gp'),
            download('android', 'android'),
            download('mac', 'mac_intel'),
          ],
        })
      ).statusCode,
    ).toBe(204);
    expect((await send(download('android', 'gp'))).statusCode).toBe(204);
    expect((await send(download('android', 'gp'), { address: '198.51.100.4' })).statusCode).toBe(
      204,
    );
    expect(
      (await send(download('extension', 'extension_firefox'), { address: '2001:db8::1' }))
        .statusCode,
    ).toBe(204);
    // Cached for a minute.
    expect((await counts()).total).toBe('0');
    clock.advance(61_000);
    const first = await counts();
    expect(first.downloads).toMatchObject({
      android: '2',
      mac: '1',
      extension: '1',
      ios: '0',
      windows: '0',
      linux: '0',
      tv: '0',
    });
    expect(first.total).toBe('4');
    expect(first.updated_time).toBe('2030-01-01T10:01:01.000Z');
    // Every click is kept as an event.
    expect((await stored()).filter((row) => row.event === 'app-download')).toHaveLength(6);

    // The next day the same address counts again; the sweep drops the marks of the days
    // before yesterday.
    clock.advance(86_400_000);
    expect((await send(download('android', 'android'))).statusCode).toBe(204);
    clock.advance(61_000);
    expect((await counts()).downloads.android).toBe('3');
    clock.advance(86_400_000);
    expect(await t.container.statistics.sweepExpired()).toBe(0);
    const marks = await t.container.database.db
      .selectFrom('app_download_marks')
      .select('day')
      .execute();
    expect(marks.map((mark) => mark.day)).toEqual(['2030-01-02']);
  });

  it('documents both calls in the OpenAPI document', async () => {
    t = await buildTestApp(dialect);
    const document = ok<{
      paths: Record<
        string,
        Record<
          string,
          {
            tags: string[];
            summary: string;
            requestBody?: unknown;
            responses: Record<string, unknown>;
          }
        >
      >;
    }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const event = document.paths['/statistics/pub/event']?.post;
    expect(event?.tags).toEqual(['statistics']);
    expect(event?.summary).toMatch(/analytics events/);
    expect(JSON.stringify(event?.requestBody)).toContain('block-page');
    expect(Object.keys(event?.responses ?? {})).toContain('204');
    const download = document.paths['/statistics/pub/download']?.get;
    expect(download?.tags).toEqual(['statistics']);
    expect(JSON.stringify(download?.responses['200'])).toContain('extension');
  });
});
