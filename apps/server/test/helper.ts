import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createContainer, type Container } from '../src/container';
import { migrateToLatest, openDatabase, type Dialect } from '../src/db/database';

const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

if (process.env.NIMBUS_REQUIRE_POSTGRES === '1' && postgresUrl === '') {
  throw new Error('NIMBUS_REQUIRE_POSTGRES is set but TEST_DATABASE_URL is empty');
}

/** The databases every medium test runs on: SQLite always, PostgreSQL when one is given. */
export const dialects: Dialect[] = postgresUrl === '' ? ['sqlite'] : ['sqlite', 'postgres'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  container: Container;
  close(): Promise<void>;
}

async function withPostgres<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Builds the real app on a fresh real database: a temp SQLite file, or a schema of its own in
 * the test PostgreSQL server. `env` overrides configuration variables.
 */
export async function buildTestApp(dialect: Dialect, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-test-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') {
    await withPostgres((client) => client.query(`create schema ${schema}`));
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: dialect === 'postgres' ? postgresUrl : '',
    LOG_LEVEL: 'silent',
    WEB: 'off',
    PUBLIC_URL: 'http://nimbus.test',
    ...env,
  });
  const database = openDatabase({ ...config, ...(dialect === 'postgres' ? { searchPath: schema } : {}) });
  await migrateToLatest(database.db);
  const container = createContainer(config, database);
  const app = await buildApp({ config, container, logger: pino({ level: 'silent' }) });
  return {
    app,
    config,
    container,
    async close() {
      await app.close();
      await database.db.destroy();
      if (dialect === 'postgres') {
        await withPostgres((client) => client.query(`drop schema ${schema} cascade`));
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
