import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../src/db/database';

/**
 * Migrated databases every medium test app starts from, made once per test run (vitest's global
 * setup): migrating costs about a second per app on PostgreSQL, copying a migrated database a
 * tenth of that. Each app still gets a database of its own: a copy of the SQLite file in its data
 * folder, or a PostgreSQL database made with `CREATE DATABASE ... TEMPLATE` (which is why the test
 * role needs CREATEDB, as `scripts/ensure-postgres.sh` grants). Running the migrations from an
 * empty database stays tested: here on every run, and in `app/migrations.test.ts`.
 */
export interface DatabaseTemplates {
  /** The migrated SQLite file to copy. */
  sqliteFile: string;
  /** The migrated PostgreSQL database to clone; empty without TEST_DATABASE_URL. */
  postgresDatabase: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** The schema that holds the tables in the PostgreSQL template, and so in every clone of it. */
export const templateSchema = 'nimbus';

/** `url` with its database name replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const changed = new URL(url);
  changed.pathname = `/${database}`;
  return changed.toString();
}

/**
 * Drops a database of the test server: first the connections the test role left to it, then the
 * database, which stops autovacuum on it by itself (`WITH (FORCE)` would need the right to end
 * autovacuum's backend too).
 */
export function dropPostgresDatabase(url: string, name: string): Promise<unknown> {
  return withPostgresClient(url, async (client) => {
    // A connection its app has just closed is still saying goodbye: it leaves on its own within
    // moments, and ending it meanwhile fails the closing client with an uncaught error. Only
    // what is still there after that is ended.
    for (let waited = 0; waited < 2_000; waited += 50) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and usename = current_user and pid <> pg_backend_pid()',
        [name],
      );
      if (rows[0]?.n === 0) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = current_user and pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`drop database if exists ${name}`);
  });
}

export async function withPostgresClient<T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function makeSqliteTemplate(dir: string): Promise<string> {
  const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dir, DATABASE_POOL_SIZE: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    // The last connection's close folds the write-ahead log into the file, so the file alone is
    // the whole database.
    await database.db.destroy();
  }
  return path.join(dir, 'nimbus.db');
}

async function makePostgresTemplate(url: string, name: string): Promise<void> {
  await withPostgresClient(url, async (client) => {
    const { rows } = await client.query<{ allowed: boolean }>(
      'select rolcreatedb or rolsuper as allowed from pg_roles where rolname = current_user',
    );
    if (!rows[0]?.allowed) {
      throw new Error(
        'The role of TEST_DATABASE_URL needs CREATEDB: each medium test app gets a database of its own (scripts/ensure-postgres.sh grants it)',
      );
    }
    await client.query(`create database ${name}`);
  });
  const templateUrl = databaseUrl(url, name);
  try {
    await withPostgresClient(templateUrl, (client) =>
      client.query(`create schema ${templateSchema}`),
    );
    const database = openDatabase({
      DATABASE_URL: templateUrl,
      DATA_DIR: os.tmpdir(),
      DATABASE_POOL_SIZE: 1,
      searchPath: templateSchema,
    });
    try {
      await migrateToLatest(database.db, templateSchema);
    } finally {
      // No session may stay connected to a database that is being copied.
      await database.db.destroy();
    }
  } catch (error) {
    await dropPostgresTemplate(url, name);
    throw error;
  }
}

function dropPostgresTemplate(url: string, name: string): Promise<unknown> {
  return dropPostgresDatabase(url, name);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-template-'));
  const postgresDatabase =
    postgresUrl === '' ? '' : `nimbus_template_${randomBytes(6).toString('hex')}`;
  const [sqliteFile] = await Promise.all([
    makeSqliteTemplate(dir),
    postgresDatabase === '' ? undefined : makePostgresTemplate(postgresUrl, postgresDatabase),
  ]);
  project.provide('databaseTemplates', { sqliteFile, postgresDatabase });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
    if (postgresDatabase !== '') {
      await dropPostgresTemplate(postgresUrl, postgresDatabase);
    }
  };
}
