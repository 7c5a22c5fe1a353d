import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { redisServerArgs } from '../../../../scripts/local-services.mjs';
import { exitOf, freePort } from './processes';

/** Debian's Redis server; a machine without it fails the tests that need it (never skips them). */
const redisServer = '/usr/bin/redis-server';

/** A Redis server of one test file: its URL, and `stop` that ends it and removes its folder. */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real Redis server on a free loopback port, in a temp folder, without persistence,
 * and waits until it answers PING.
 */
export async function startRedis(): Promise<TestRedis> {
  await fs.access(redisServer).catch(() => {
    throw new Error(`${redisServer} is missing: apt-get install redis-server`);
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-redis-'));
  const port = await freePort();
  const child = spawn(redisServer, redisServerArgs(port, dir), { stdio: 'ignore' });
  const exited = exitOf(child);
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (attempt >= 100 || child.exitCode !== null) {
          throw new Error('redis-server did not start', { cause: error });
        }
        probe.disconnect();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    probe.disconnect();
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
