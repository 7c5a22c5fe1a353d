import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A second Nimbus server a test starts with a configuration of its own. */
export interface ExtraServer {
  baseURL: string;
  /** Its data folder (the mail outbox is `outbox/` in it). */
  dataDir: string;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitUntilReady(baseURL: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the extra server exited with ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`the extra server at ${baseURL} was not ready in ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts the built server (`apps/server/dist/main.js`, as the main e2e server) on `port` with a
 * fresh data folder and the main server's test settings, plus `env`.
 */
export async function startExtraServer(
  port: number,
  env: Record<string, string>,
): Promise<ExtraServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nimbus-e2e-extra-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_MAX_PER_ADDRESS: '100000',
      SHIELD_INIT_MAX_PER_ADDRESS: '100000',
      SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES: '100000',
      INVITE_MAX_PER_ADDRESS_PER_DAY: '10000',
      ...env,
    },
  });
  try {
    await waitUntilReady(baseURL, child, 90_000);
  } catch (cause) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw cause;
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
