import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { errorBodySchema } from '@nimbus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBundle,
  bundlePath,
  exitOf,
  freePort,
  removeBundle,
  serverRoot,
  waitUntilReady,
} from '../support/processes';
import { exchange } from '../support/raw-http';

let workDir: string;
let bundle: string;

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-process-'));
  bundle = bundlePath('process-test');
  buildBundle(bundle);
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
  removeBundle(bundle);
});

describe('the server process', () => {
  it('migrates at start-up, serves, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = path.join(workDir, 'data');
    const child = spawn(process.execPath, [bundle], {
      cwd: serverRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(child);
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, { child });
    expect(fs.existsSync(path.join(dataDir, 'nimbus.db'))).toBe(true);
    expect(output).toContain('0001-settings');

    const about = await fetch(`http://127.0.0.1:${port}/drive/v1/about`);
    expect(about.status).toBe(401);

    // What Node's parser refuses, a request without Host and an Upgrade nobody takes answer the
    // error object on the server main.ts puts in front, too.
    const answers = [
      ...(await exchange(
        port,
        `GET /drive/v1/about HTTP/1.1\r\nHost: a\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
      )),
      ...(await exchange(port, 'GET /drive/v1/about HTTP/1.1\r\nX-Name: a\u0001b\r\n\r\n')),
      ...(await exchange(port, 'GET / HTTP/1.1\r\n\r\n')),
      ...(await exchange(
        port,
        'GET /drive/v1/about HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
        { done: true },
      )),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([431, 400, 400, 401]);
    for (const answer of answers) {
      expect(errorBodySchema.safeParse(JSON.parse(answer.body)).success, answer.body).toBe(true);
    }

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'migrates a PostgreSQL schema of its own and serves from it',
    async () => {
      const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
      const schema = `process_${process.pid}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`create schema ${schema}`);
        const url = new URL(databaseUrl);
        url.searchParams.set('options', `-c search_path=${schema}`);
        const port = await freePort();
        const child = spawn(process.execPath, [bundle], {
          cwd: serverRoot,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: path.join(workDir, 'pg-data'),
            DATABASE_URL: url.toString(),
            WEB: 'off',
          },
          stdio: 'ignore',
        });
        const exited = exitOf(child);
        await waitUntilReady(`http://127.0.0.1:${port}/readyz`, { child });
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        const { rows } = await admin.query<{ table_name: string }>(
          'select table_name from information_schema.tables where table_schema = $1',
          [schema],
        );
        const tables = rows.map((row) => row.table_name);
        expect(tables).toContain('kysely_migration');
        expect(tables).toContain('setting');
      } finally {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
    },
  );

  it('refuses to start with an invalid configuration and says why', () => {
    const result = spawnSync(process.execPath, [bundle], {
      cwd: serverRoot,
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
