import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { freePort } from '../../../../scripts/local-services.mjs';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { newId } from '../../src/lib/secrets';
import { createUserRepository } from '../../src/modules/user/user.repository';
import { createArgon2Hasher } from '../../src/modules/user/password';

export { freePort };

/** The server package's folder: bundles go in its dist/ so they resolve node_modules from there. */
export const serverRoot = path.resolve(import.meta.dirname, '..', '..');

/** The path of a bundle of this test run (the process id keeps parallel runs apart). */
export function bundlePath(name: string): string {
  return path.join(serverRoot, 'dist', `${name}-${process.pid}.js`);
}

/** Bundles one entry point (default: the server's `src/main.ts`) with the server's build script. */
export function buildBundle(outfile: string, entry?: string): void {
  const build = spawnSync(
    process.execPath,
    ['scripts/build.mjs', ...(entry ? ['--entry', entry] : []), '--outfile', outfile],
    { cwd: serverRoot, encoding: 'utf8' },
  );
  expect(build.status, build.stderr).toBe(0);
}

let torrentThread: Promise<URL> | undefined;

/**
 * The script of torrent threads for servers that run in the test's own process (the source is
 * not runnable in a thread): bundled once per test process, on first use, and renamed over
 * `dist/torrent-thread-test.js`, so parallel test processes share one file and each reads a whole
 * one (they all bundle the same sources).
 */
export function testTorrentThread(): Promise<URL> {
  torrentThread ??= (async () => {
    const built = bundlePath('torrent-thread-test');
    await promisify(execFile)(
      process.execPath,
      [
        'scripts/build.mjs',
        '--entry',
        'src/modules/offline/torrent/torrent-thread.ts',
        '--outfile',
        built,
      ],
      { cwd: serverRoot },
    );
    const shared = path.join(serverRoot, 'dist', 'torrent-thread-test.js');
    fs.renameSync(`${built}.map`, `${shared}.map`);
    fs.renameSync(built, shared);
    return pathToFileURL(shared);
  })();
  return torrentThread;
}

/** Removes a bundle and its source map. */
export function removeBundle(outfile: string): void {
  fs.rmSync(outfile, { force: true });
  fs.rmSync(`${outfile}.map`, { force: true });
}

/** Resolves with the exit code once the process ends. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A running Node process of a bundle and what it printed so far. */
export interface RunningProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts a bundle with this environment, collecting stdout and stderr. */
export function startProcess(bundle: string, env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn(process.execPath, [bundle], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, exited: exitOf(child), output: () => output };
}

/** Waits until `url` answers 2xx; fails when the process exits first or after about 20 s. */
export async function waitUntilReady(
  url: string,
  running: Pick<RunningProcess, 'child'> & { output?: () => string },
): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (running.child.exitCode !== null) {
      throw new Error(`server exited with ${running.child.exitCode}: ${running.output?.() ?? ''}`);
    }
    try {
      if ((await fetch(url)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never became ready: ${running.output?.() ?? ''}`);
}

/** The environment of a server on SQLite in `dataDir`, without the web app, on `port`. */
export function serverEnv(
  dataDir: string,
  port: number,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BLOB_STORE: 'local',
    WEB: 'off',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    ...extra,
  };
}

/** Starts a server bundle and waits until `/readyz` answers. */
export async function startServer(bundle: string, env: NodeJS.ProcessEnv): Promise<RunningProcess> {
  const running = startProcess(bundle, env);
  await waitUntilReady(`http://127.0.0.1:${env.PORT}/readyz`, running);
  return running;
}

/**
 * Makes a member in the SQLite database of `dataDir`, or in a PostgreSQL schema (migrated
 * first), before a server process starts; answers the member's credentials.
 */
export async function prepareMember(
  dataDir: string,
  name: string,
  postgres?: { url: string; schema: string },
): Promise<{ email: string; password: string }> {
  const database = openDatabase({
    DATABASE_URL: postgres?.url ?? '',
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: 1,
    ...(postgres ? { searchPath: postgres.schema } : {}),
  });
  try {
    await migrateToLatest(database.db, postgres?.schema);
    const email = `${name.toLowerCase()}-${newId()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}@example.com`;
    const password = 'correct horse 1';
    const stamp = new Date().toISOString();
    await createUserRepository(database.db).insert({
      id: newId(),
      email,
      name,
      password_hash: await createArgon2Hasher().hash(password),
      status: 'active',
      frozen_until: null,
      locale: 'en-US',
      picture: '',
      phone_number: '',
      created_at: stamp,
      updated_at: stamp,
    });
    return { email, password };
  } finally {
    await database.db.destroy();
  }
}
