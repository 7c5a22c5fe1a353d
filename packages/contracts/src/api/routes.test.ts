import { describe, expect, it } from 'vitest';
import { catalogueEntries } from './catalogue';
import { apiRoutes } from './routes.generated';

describe('the route table', () => {
  it('holds the method and path of every catalogue entry, and nothing else', () => {
    const fromCatalogue: Record<string, Record<string, { method: string; path: string }>> = {};
    for (const { area, name, endpoint } of catalogueEntries()) {
      (fromCatalogue[area] ??= {})[name] = { method: endpoint.method, path: endpoint.path };
    }
    expect(apiRoutes).toEqual(fromCatalogue);
  });
});
