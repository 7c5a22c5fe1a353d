// Shared pieces of the benchmarks: servers in child processes and load from autocannon.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts a process and waits until `readyPath` answers 200; returns it with a stop(). */
export async function startProcess({ args, env = {}, port, readyPath }) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}${readyPath}`, child);
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the built Nimbus server (API only) on a fresh SQLite database. */
export async function startNimbus(extraEnv = {}) {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    spawnSync('npm', ['run', 'build', '-w', '@nimbus/server'], { cwd: root, stdio: 'inherit' });
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-'));
  const server = await startProcess({
    args: ['apps/server/dist/main.js'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      ...extraEnv,
    },
    port,
    readyPath: '/readyz',
  });
  return {
    port,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs autocannon against a URL and returns requests per second and latency percentiles. */
export async function load(options) {
  const result = await autocannon({ connections: 32, duration: 5, ...options });
  if (result.errors > 0 || (result.non2xx > 0 && !options.expectErrors)) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Prints one result line with its ratio to the baseline. */
export function report(name, result, baseline) {
  const ratio = baseline ? ` ${(result.rps / baseline.rps).toFixed(2)}x baseline` : ' (baseline)';
  process.stdout.write(
    `${name.padEnd(36)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms ${ratio}\n`,
  );
}
