import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { errorBodySchema, type ErrorBody, type LocalizedMessageDetail } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { createContainer, type Container, type ContainerOptions } from '../src/container';
import { migrateToLatest, openDatabase, type Dialect } from '../src/db/database';
import type { UserTable } from '../src/db/schema';
import { newId } from '../src/lib/secrets';
import { createArgon2Hasher } from '../src/modules/user/password';
import { testTorrentThread } from './support/processes';

const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

if (process.env.NIMBUS_REQUIRE_POSTGRES === '1' && postgresUrl === '') {
  throw new Error('NIMBUS_REQUIRE_POSTGRES is set but TEST_DATABASE_URL is empty');
}

/** The databases every medium test runs on: SQLite always, PostgreSQL when one is given. */
export const dialects: Dialect[] = postgresUrl === '' ? ['sqlite'] : ['sqlite', 'postgres'];

/** A route of the app's route table: its methods and its URL pattern (`/drive/v1/files/:id`). */
export interface TestRoute {
  methods: string[];
  url: string;
  /** The route's schema as registered (zod schemas for `body`, `querystring`, `params`), if any. */
  schema?: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  /** Every route the app registered, in registration order. */
  routes: TestRoute[];
  config: Config;
  container: Container;
  /** Where its data lives (for `buildSiblingApp`). */
  place: Omit<TestPlace, 'owner'>;
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

// Kysely's migrator introspects every schema of the database, and a schema that a parallel test
// drops meanwhile makes it fail; so migrations and drops take turns under this advisory lock.
const schemaLockKey = 7_301_946;

export async function underSchemaLock<T>(run: () => Promise<T>): Promise<T> {
  return withPostgres(async (client) => {
    await client.query('select pg_advisory_lock($1)', [schemaLockKey]);
    try {
      return await run();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [schemaLockKey]);
    }
  });
}

/**
 * Test choices for the container: a clock the test can move, a captcha guard, a logger; and
 * `onQuery`, told the SQL of every database query the app runs.
 */
export type TestAppOptions = Partial<
  Pick<
    ContainerOptions,
    'now' | 'captchaGuard' | 'logger' | 'restores' | 'trackRunner' | 'mediaRunner' | 'davPageSize'
  >
> & { onQuery?: (sql: string) => void };

/**
 * Builds the real app on a fresh real database: a temp SQLite file, or a schema of its own in
 * the test PostgreSQL server. `env` overrides configuration variables.
 */
export async function buildTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-test-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') {
    await withPostgres((client) => client.query(`create schema ${schema}`));
  }
  return buildAppOn({ dialect, dataDir, schema, owner: true }, env, options);
}

/**
 * A second node of `first`'s fleet: another app and container of its own (own caches, own
 * limiters, own leases) over the same database and data directory. Closing it leaves them.
 */
export function buildSiblingApp(
  first: TestApp,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return buildAppOn({ ...first.place, owner: false }, env, options);
}

/** Where a test app's data lives, and whether closing the app removes it. */
interface TestPlace {
  dialect: Dialect;
  dataDir: string;
  schema: string;
  owner: boolean;
}

async function buildAppOn(
  place: TestPlace,
  env: Record<string, string>,
  options: TestAppOptions,
): Promise<TestApp> {
  const { dialect, dataDir, schema } = place;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: dialect === 'postgres' ? postgresUrl : '',
    LOG_LEVEL: 'silent',
    WEB: 'off',
    PUBLIC_URL: 'http://nimbus.test',
    ...env,
  });
  const { onQuery, ...containerOptions } = options;
  const database = openDatabase({
    ...config,
    ...(dialect === 'postgres' ? { searchPath: schema } : {}),
    ...(onQuery ? { onQuery } : {}),
  });
  // A sibling joins a database its first node migrated already.
  if (place.owner && dialect === 'postgres') {
    await underSchemaLock(() => migrateToLatest(database.db, schema));
  } else if (place.owner) {
    await migrateToLatest(database.db);
  }
  const container = createContainer(config, database, {
    logger: pino({ level: 'silent' }),
    torrentThread: testTorrentThread,
    ...containerOptions,
  });
  await container.fleet.ready();
  const routes: TestRoute[] = [];
  const app = await buildApp({
    config,
    container,
    logger: pino({ level: 'silent' }),
    checkAnswers: true,
    onRoute: (route) => {
      routes.push({
        methods: [route.method].flat(),
        url: route.url,
        ...(route.schema ? { schema: route.schema as Record<string, unknown> } : {}),
      });
    },
  });
  return {
    app,
    routes,
    config,
    container,
    place: { dialect, dataDir, schema },
    async close() {
      await app.close();
      await container.mailer.close();
      await container.fleet.close();
      await database.db.destroy();
      if (!place.owner) {
        return;
      }
      if (dialect === 'postgres') {
        await underSchemaLock(() =>
          withPostgres((client) => client.query(`drop schema ${schema} cascade`)),
        );
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A clock for tests that need time to pass (code and token expiry). */
export function testClock(start = '2030-01-01T00:00:00.000Z') {
  let now = Date.parse(start);
  return {
    now: () => new Date(now),
    advance(milliseconds: number) {
      now += milliseconds;
    },
  };
}

const hasher = createArgon2Hasher();
const hashes = new Map<string, Promise<string>>();

/** A member made straight in the database, with the password to sign in with. */
export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/**
 * Factory of members: an active account with a password unless `overrides` say otherwise
 * (`status`, `password_hash: null`, ...). Hashes are cached per password to keep tests fast.
 */
export async function makeUser(
  t: TestApp,
  overrides: Partial<UserTable> & { password?: string } = {},
): Promise<TestUser> {
  const { password = 'correct horse 1', ...columns } = overrides;
  const id = columns.id ?? newId();
  const email = columns.email ?? `member-${id.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`;
  let hash = hashes.get(password);
  if (!hash) {
    hash = hasher.hash(password);
    hashes.set(password, hash);
  }
  const stamp = new Date().toISOString();
  const inserted = await t.container.users.insert({
    name: 'Test Member',
    password_hash: await hash,
    status: 'active',
    frozen_until: null,
    locale: 'en-US',
    picture: '',
    phone_number: '',
    created_at: stamp,
    updated_at: stamp,
    ...columns,
    id,
    email,
  });
  if (!inserted) {
    throw new Error(`makeUser: ${email} exists already`);
  }
  return { id, email, password };
}

/** The error object of an answer, checked against the shape of docs/api.md#errors. */
export function errorOf(response: LightMyRequestResponse): ErrorBody {
  return errorBodySchema.parse(JSON.parse(response.body));
}

/** The JSON body of an answer that must be a 200 (else the test fails showing the body). */
export function ok<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The localized message detail of an error object. */
export function localizedOf(error: ErrorBody): LocalizedMessageDetail | undefined {
  return error.details.find(
    (detail): detail is LocalizedMessageDetail =>
      detail['@type'] === 'type.googleapis.com/google.rpc.LocalizedMessage',
  );
}
