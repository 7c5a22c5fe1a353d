import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { buildTestApp, dialects, type TestApp } from '../helper';

describe.each(dialects)('the platform on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, {
      ACCESS_BLOCKED_CIDRS: '203.0.113.0/24,2001:db8::/32',
      ACCESS_BLOCKED_COUNTRIES: 'kp',
      COUNTRY_HEADER: 'cf-ipcountry',
      TRUST_PROXY: 'loopback',
      DEBUG_CONSOLE: 'true',
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers liveness and readiness', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, blobs: true } });
  });

  it('answers unready with unavailable when the database is gone', async () => {
    await t.container.database.db.destroy();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'unavailable', error_code: 14 });
  });

  it('runs migrations again without change', async () => {
    expect(await migrateToLatest(t.container.database.db)).toEqual([]);
  });

  it('serves an OpenAPI document built from the route schemas, and its reference page', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/access_controller/v1/area_accessible']).toHaveProperty('get');
    expect(document.paths['/config/v1/{scope}']).toHaveProperty('post');
    expect(document.paths['/drive/v1/about']).toHaveProperty('get');
    const page = await t.app.inject({ method: 'GET', url: '/api/reference/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it.each([
    ['198.51.100.7', '', true, ''],
    ['203.0.113.9', '', false, ''],
    ['2001:db8::1', 'DE', false, 'DE'],
    ['198.51.100.7', 'kp', false, 'KP'],
    ['198.51.100.7', 'not a country', true, ''],
  ])('decides access for %s in %j', async (address, country, accessible, expectedCountry) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/access_controller/v1/area_accessible',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': address, 'cf-ipcountry': country },
    });
    expect(response.json()).toEqual({ accessible, country: expectedCountry });
  });

  it('ignores x-forwarded-for from an untrusted peer', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/access_controller/v1/area_accessible',
      remoteAddress: '198.51.100.20',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.json()).toMatchObject({ accessible: true });
  });

  it('reports the country code of the caller', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/drive/v1/privilege/area_country_code',
      headers: { 'cf-ipcountry': 'jp' },
    });
    expect(response.json()).toEqual({ data: { countryCode: 'JP' } });
  });

  it('serves config values, stored settings over defaults', async () => {
    const debug = await t.app.inject({
      method: 'POST',
      url: '/config/v1/debug_options',
      payload: { client: 'web', data: { uuid: 'abc', userid: '' } },
    });
    expect(debug.json()).toEqual({ values: { debug_options: { allow_vconsole: true } } });

    await t.container.settings.put('basic', 'site_name', JSON.stringify('Nimbus Lab'), new Date());
    const basic = await t.app.inject({
      method: 'POST',
      url: '/config/v1/basic',
      payload: { client: 'web' },
    });
    expect(basic.json()).toMatchObject({
      values: { basic: { site_name: 'Nimbus Lab', default_locale: 'en-US' } },
    });
  });

  it('rejects an unknown config group', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/config/v1/secrets',
      payload: { client: 'web' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_argument' });
  });
});
