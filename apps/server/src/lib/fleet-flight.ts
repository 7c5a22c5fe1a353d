import { randomBytes } from 'node:crypto';
import type { FleetRedis } from './fleet-redis';
import { createSingleFlight } from './single-flight';

/** Ends a claim only while it is still this node's (another may hold it after an expiry). */
const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** Extends a claim only while it is still this node's. */
const renewScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

export interface FleetFlightOptions {
  /** The fleet's Redis (`REDIS_URL`); without it the work is shared within this node only. */
  redis: FleetRedis | undefined;
  /** How long a claim lasts unless its node renews it (a third of it apart) while working. */
  claimMs?: number;
  /** How often a node waiting for another's work looks whether that claim has ended. */
  pollMs?: number;
}

/**
 * Shares one run of expensive work (drawing a thumbnail, probing a video) among callers with the
 * same key: within the node as `createSingleFlight` does, and with Redis across the fleet. A node
 * claims the key in Redis (SET NX with an expiry, renewed while it works) before working; a node
 * that finds it claimed waits until the claim ends, then takes the result the other node stored
 * (`stored()`), and works itself only when there is none (the other failed, or died and its
 * claim expired). When Redis does not answer, the node works at once: the work is done twice at
 * worst, as without a fleet.
 */
export function createFleetFlight(options: FleetFlightOptions) {
  const { redis, claimMs = 10_000, pollMs = 100 } = options;
  const local = createSingleFlight();

  /** Tries to claim `name`; true when this node holds it, or when Redis cannot tell. */
  async function claim(fleet: FleetRedis, name: string, token: string): Promise<boolean> {
    try {
      return (await fleet.commands.set(name, token, 'PX', claimMs, 'NX')) === 'OK';
    } catch (error) {
      fleet.warn('redis flight claim failed', error);
      return true;
    }
  }

  /** Waits while another node holds `name` (or until Redis stops answering). */
  async function whileClaimed(fleet: FleetRedis, name: string): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      try {
        if ((await fleet.commands.exists(name)) === 0) {
          return;
        }
      } catch (error) {
        fleet.warn('redis flight wait failed', error);
        return;
      }
    }
  }

  /** Runs `work` while holding the claim `name` under `token`, renewing it, then ends it. */
  async function working<T>(
    fleet: FleetRedis,
    name: string,
    token: string,
    work: () => Promise<T>,
  ): Promise<T> {
    const renewal = setInterval(() => {
      fleet.commands
        .eval(renewScript, 1, name, token, String(claimMs))
        .catch((error: unknown) => fleet.warn('redis flight renewal failed', error));
    }, claimMs / 3);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await fleet.commands
        .eval(releaseScript, 1, name, token)
        .catch((error: unknown) => fleet.warn('redis flight release failed', error));
    }
  }

  async function acrossFleet<T>(
    fleet: FleetRedis,
    key: string,
    work: () => Promise<T>,
    stored: () => Promise<T | undefined>,
  ): Promise<T> {
    const name = `${fleet.prefix}flight:${key}`;
    for (;;) {
      const token = randomBytes(9).toString('base64url');
      if (await claim(fleet, name, token)) {
        return working(fleet, name, token, work);
      }
      await whileClaimed(fleet, name);
      const result = await stored();
      if (result !== undefined) {
        return result;
      }
    }
  }

  /**
   * The result of `work` for `key`, run once in the fleet at a time; `stored` reads the result
   * the work keeps (undefined while there is none), for a node that waited for another's run.
   * (`work` last, so a call reads like `createSingleFlight`'s.)
   */
  return function once<T>(
    key: string,
    stored: () => Promise<T | undefined>,
    work: () => Promise<T>,
  ): Promise<T> {
    return local(key, () => (redis ? acrossFleet(redis, key, work, stored) : work()));
  };
}

export type FleetFlight = ReturnType<typeof createFleetFlight>;
