import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper';
import { battery } from './route-fuzz-battery';
import { bodyLimit, canary, linkSource, useLinkSource } from './route-fuzz-inputs';

/**
 * Every route of the real app's route table (as Fastify registers it, so a route added tomorrow
 * is in here without anyone listing it) gets a battery of hostile calls: no credentials, a
 * member's credentials, another member's ids, hostile path parameters, hostile bodies, repeated
 * query keys and cookie state changes without an Origin. Every answer must stay below 500, and
 * every failure must be the error object of docs/api.md#errors from the catalogue, as JSON, with no stack
 * and no internal path; the server must be healthy afterwards and the other member untouched.
 * Routes that name an account or take a guessable secret are probed for enumeration and for
 * lockouts anyone could trigger (support/account-probes.ts). Routes that take a link get links
 * that once crashed the server or probe past the address rules (a tracker that redirects to
 * https or to a closed address, a truncated .torrent file), and the server must answer next.
 */

useLinkSource();

describe.each(dialects)('the whole route table on %s', (dialect) => {
  it('answers hostile, malformed, oversized and unauthorised input on every route with the error object of docs/api.md#errors, never a 500', async () => {
    const t: TestApp = await buildTestApp(dialect, {
      BODY_LIMIT: String(bodyLimit),
      RATE_LIMIT_MAX: '1000000',
      PLAN_FREE_STORAGE_BYTES: '10000000',
      FEEDBACK_MAX_PER_MEMBER: '1000',
      FEEDBACK_MAX_PER_ADDRESS: '10000',
      // The lockout probe solves a few dozen challenges: a small proof of work keeps it quick.
      SHIELD_POW_MAX_COUNTER: '2000',
      // The hostile links: their source is open to offline downloads, the canary is not (its
      // port is, so the address is what refuses it); a swarm that never answers gives up soon.
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: `${linkSource.port},${canary.port}`,
      OFFLINE_TORRENT_DHT: 'false',
      OFFLINE_TORRENT_METADATA_SECONDS: '1',
      OFFLINE_TIMEOUT_SECONDS: '2',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
    });
    try {
      const { failures, calls } = await battery(t);
      expect(failures, failures.join('\n')).toEqual([]);
      expect(calls).toBeGreaterThan(1000);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('fails a route that answers hostile input with a 500, a stack or text', async () => {
    const t: TestApp = await buildTestApp(dialect, {
      BODY_LIMIT: String(bodyLimit),
      RATE_LIMIT_MAX: '1000000',
    });
    try {
      // Routes as a careless change might add them: one throws on a body it did not expect, one
      // reads a parameter as JSON, one writes its failure as text with a stack.
      t.app.post('/drive/v1/careless', async (request) => ({
        count: (request.body as { ids: string[] }).ids.length,
      }));
      t.app.get(
        '/drive/v1/careless/:id',
        async (request) => JSON.parse((request.params as { id: string }).id) as unknown,
      );
      t.app.get('/drive/v1/careless-text', async (_request, reply) =>
        reply.code(400).type('text/plain').send(new Error('boom').stack),
      );
      const { failures } = await battery(t, (route) => route.url.startsWith('/drive/v1/careless'));
      expect(
        failures.some((failure) => failure.startsWith('POST /drive/v1/careless [a member] -> 500')),
      ).toBe(true);
      expect(
        failures.some((failure) =>
          failure.startsWith('GET /drive/v1/careless/:id [traversal in :id] -> 500'),
        ),
      ).toBe(true);
      expect(
        failures.some((failure) =>
          failure.includes('/drive/v1/careless-text [no credentials] -> 400: leaks'),
        ),
      ).toBe(true);
      expect(
        failures.some((failure) =>
          failure.includes(
            '/drive/v1/careless-text [no credentials] -> 400: an error as text/plain',
          ),
        ),
      ).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});
