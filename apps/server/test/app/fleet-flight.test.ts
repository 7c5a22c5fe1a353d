import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetFlight } from '../../src/lib/fleet-flight';
import { openFleetRedis, type FleetRedis } from '../../src/lib/fleet-redis';
import { freePort } from '../support/processes';
import { startRedis, type TestRedis } from '../support/redis-server';

// Two nodes' flights over one real Redis server: expensive work (a thumbnail, a video probe) is
// done by one node while the other waits for its stored result.
let server: TestRedis;
const opened: FleetRedis[] = [];
const warnings: string[] = [];

function node(url = server.url, prefix = 'flight-test:') {
  const redis = openFleetRedis({
    url,
    prefix,
    logger: { warn: (_object, message) => warnings.push(message) },
  });
  opened.push(redis);
  return redis;
}

beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((redis) => redis.close()));
  await server.stop();
});

/** Work that counts its runs, keeps its result where `stored` finds it, and takes `ms`. */
function countedWork(results: Map<string, string>, ms = 300) {
  const runs: string[] = [];
  return {
    runs,
    work:
      (key: string, by: string, fail = false) =>
      async () => {
        runs.push(by);
        await new Promise((resolve) => setTimeout(resolve, ms));
        if (fail) {
          throw new Error(`${by} failed`);
        }
        results.set(key, `made by ${by}`);
        return `made by ${by}`;
      },
    stored: (key: string) => () => Promise.resolve(results.get(key)),
  };
}

describe('work shared by the fleet through Redis', () => {
  it("runs once across two nodes asked at once; the other answers the first's stored result", async () => {
    const [a, b] = [createFleetFlight({ redis: node() }), createFleetFlight({ redis: node() })];
    const key = `thumb:${randomBytes(4).toString('hex')}`;
    const counted = countedWork(new Map());
    const answers = await Promise.all([
      a(key, counted.stored(key), counted.work(key, 'a')),
      a(key, counted.stored(key), counted.work(key, 'a again')),
      b(key, counted.stored(key), counted.work(key, 'b')),
    ]);
    expect(counted.runs).toEqual(['a']);
    expect(answers).toEqual(['made by a', 'made by a', 'made by a']);
  });

  it('works itself when the node it waited for failed and stored nothing', async () => {
    const [a, b] = [createFleetFlight({ redis: node() }), createFleetFlight({ redis: node() })];
    const key = `facts:${randomBytes(4).toString('hex')}`;
    const counted = countedWork(new Map());
    const [first, second] = await Promise.allSettled([
      a(key, counted.stored(key), counted.work(key, 'a', true)),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        b(key, counted.stored(key), counted.work(key, 'b')),
      ),
    ]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: 'made by b' });
    expect(counted.runs).toEqual(['a', 'b']);
  });

  it("takes over once a dead node's claim expires, and keeps its own claim while it works", async () => {
    const redis = node();
    const key = `keys:${randomBytes(4).toString('hex')}`;
    // A node that claimed the work and died: its claim lasts 400 ms, nobody renews it.
    await redis.commands.set(`${redis.prefix}flight:${key}`, 'dead node', 'PX', 400);
    const flight = createFleetFlight({ redis, claimMs: 300, pollMs: 50 });
    const counted = countedWork(new Map(), 700);
    const started = Date.now();
    const answer = flight(key, counted.stored(key), counted.work(key, 'b'));
    // While b works (longer than its claim lasts), its renewed claim keeps a third node waiting.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await redis.commands.get(`${redis.prefix}flight:${key}`)).not.toBeNull();
    const third = createFleetFlight({ redis: node(), pollMs: 50 });
    const waited = third(key, counted.stored(key), counted.work(key, 'c'));
    expect(await answer).toBe('made by b');
    expect(await waited).toBe('made by b');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(counted.runs).toEqual(['b']);
    expect(await redis.commands.exists(`${redis.prefix}flight:${key}`)).toBe(0);
  });

  it('works at once when Redis does not answer', async () => {
    const flight = createFleetFlight({ redis: node(`redis://127.0.0.1:${await freePort()}`) });
    const key = `thumb:${randomBytes(4).toString('hex')}`;
    const counted = countedWork(new Map(), 10);
    expect(await flight(key, counted.stored(key), counted.work(key, 'alone'))).toBe(
      'made by alone',
    );
    expect(counted.runs).toEqual(['alone']);
    expect(warnings).toContain('redis flight claim failed');
  });
});
