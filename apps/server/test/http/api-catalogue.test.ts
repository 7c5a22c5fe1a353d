import { catalogueEntries } from '@nimbus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp, type TestRoute } from '../helper';

/**
 * Every route the server registers is an entry of the API catalogue (packages/contracts/src/api)
 * registered from it — same method, same path, the catalogue's own schemas — and every entry is
 * registered.
 */

/** Routes that are not API calls: the OpenAPI document, its reference pages, WebDAV, CORS preflights. */
const notApiCalls = ['/api/openapi.json', '/api/reference', '/dav', '*'];

const key = (method: string, path: string) => `${method} ${path}`;

/** Whether `url` is one of `prefixes` or below one (after a `/` or a `:`). */
function startsWithAny(url: string, prefixes: readonly string[]): boolean {
  return prefixes.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}:`),
  );
}

/** Method and path of each registered route; HEAD twins Fastify adds to GET routes left out. */
function registered(routes: readonly TestRoute[]): Map<string, TestRoute> {
  const table = new Map<string, TestRoute>();
  for (const route of routes) {
    for (const method of route.methods) {
      table.set(key(method, route.url), route);
    }
  }
  for (const name of [...table.keys()]) {
    const [method, url] = name.split(' ') as [string, string];
    const entry = catalogueEntries().find(
      (item) => item.endpoint.method === method && item.endpoint.path === url,
    );
    if (method === 'HEAD' && !entry && table.has(key('GET', url))) {
      table.delete(name);
    }
  }
  return table;
}

describe.each(dialects)('the API catalogue on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers every catalogue entry as a route, with the entry’s own schemas', () => {
    const table = registered(t.routes);
    for (const { area, name, endpoint } of catalogueEntries()) {
      const route = table.get(key(endpoint.method, endpoint.path));
      expect(route, `${area}.${name}: ${endpoint.method} ${endpoint.path}`).toBeDefined();
      const schema = route?.schema ?? {};
      expect(schema['summary'], `${area}.${name}`).toBe(endpoint.summary);
      expect(schema['params'], `${area}.${name} params`).toBe(endpoint.params);
      expect(schema['querystring'], `${area}.${name} query`).toBe(endpoint.query);
      expect(schema['body'], `${area}.${name} body`).toBe(endpoint.body);
      const response = schema['response'] as Record<number, unknown> | undefined;
      expect(response?.[200], `${area}.${name} answer`).toBe(endpoint.answer);
    }
  });

  it('has a catalogue entry for every registered API route', () => {
    const catalogued = new Set(
      catalogueEntries().map(({ endpoint }) => key(endpoint.method, endpoint.path)),
    );
    const missing = [...registered(t.routes).keys()].filter((name) => {
      const url = name.slice(name.indexOf(' ') + 1);
      return !catalogued.has(name) && !startsWithAny(url, notApiCalls);
    });
    expect(missing).toEqual([]);
  });

  it('puts the catalogue’s summaries in the OpenAPI document', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = answer.json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    expect(document.paths['/drive/v1/about']?.['get']?.summary).toBe(
      "The member's storage quota and usage",
    );
    expect(document.paths['/drive/v1/files']?.['post']?.summary).toMatch(/^Create a folder/);
  });
});
