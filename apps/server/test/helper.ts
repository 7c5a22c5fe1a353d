import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { errorBodySchema, type ErrorBody, type LocalizedMessageDetail } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createContainer, type Container, type ContainerOptions } from '../src/container';
import { openDatabase, type Dialect } from '../src/db/database';
import type { UserTable } from '../src/db/schema';
import { newId } from '../src/lib/secrets';
import { argon2TestCost, createArgon2Hasher } from '../src/modules/user/password';
import {
  databaseUrl,
  dropPostgresDatabase,
  templateSchema,
  withPostgresClient,
} from './support/database-templates';
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

/** Runs `statement` on the test PostgreSQL server (its first database, `TEST_DATABASE_URL`). */
function onPostgresServer(statement: string): Promise<unknown> {
  return withPostgresClient(postgresUrl, (client) => client.query(statement));
}

/**
 * A fresh database of the latest schema for one app, copied from the run's migrated template
 * (support/database-templates.ts): the SQLite file into `dataDir`, or a PostgreSQL database of
 * its own.
 */
async function copyTemplate(
  dialect: Dialect,
  dataDir: string,
): Promise<Pick<TestPlace, 'schema' | 'databaseUrl'>> {
  const templates = inject('databaseTemplates');
  if (dialect === 'sqlite') {
    await fs.copyFile(templates.sqliteFile, path.join(dataDir, 'nimbus.db'));
    return { schema: '', databaseUrl: '' };
  }
  const database = `nimbus_test_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(`create database ${database} template ${templates.postgresDatabase}`);
  return { schema: templateSchema, databaseUrl: databaseUrl(postgresUrl, database) };
}

/** The PostgreSQL database of a place, by name. */
function databaseOf(place: Pick<TestPlace, 'databaseUrl'>): string {
  return new URL(place.databaseUrl).pathname.slice(1);
}

/**
 * PostgreSQL: makes the database of `place` again, empty (no schema of the app's), after the
 * app that owned it closed; SQLite places need nothing. Remove it with `dropTestDatabase`.
 */
export async function recreateEmptyDatabase(
  place: Pick<TestPlace, 'dialect' | 'databaseUrl'>,
): Promise<void> {
  if (place.dialect === 'postgres') {
    await onPostgresServer(`create database ${databaseOf(place)}`);
  }
}

/** PostgreSQL: drops the database of `place`, closing any connection left to it. */
export async function dropTestDatabase(
  place: Pick<TestPlace, 'dialect' | 'databaseUrl'>,
): Promise<void> {
  if (place.dialect === 'postgres') {
    await dropPostgresDatabase(postgresUrl, databaseOf(place));
  }
}

/**
 * Test choices for the container: a clock the test can move, a captcha guard, a logger; and
 * `onQuery`, told the SQL of every database query the app runs.
 */
export type TestAppOptions = Partial<
  Pick<
    ContainerOptions,
    | 'now'
    | 'captchaGuard'
    | 'logger'
    | 'restores'
    | 'trackRunner'
    | 'mediaRunner'
    | 'davPageSize'
    | 'hasher'
  >
> & { onQuery?: (sql: string) => void };

/**
 * Builds the real app on a fresh real database of the latest schema: a temp SQLite file, or a
 * database of its own on the test PostgreSQL server. `env` overrides configuration variables.
 */
export async function buildTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-test-'));
  let database: Pick<TestPlace, 'schema' | 'databaseUrl'> | undefined;
  try {
    database = await copyTemplate(dialect, dataDir);
    return await buildAppOn({ dialect, dataDir, ...database, owner: true }, env, options);
  } catch (error) {
    if (database) {
      await dropTestDatabase({ dialect, ...database });
    }
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
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
  /** PostgreSQL: the URL of the app's own database, and the schema of its tables. */
  databaseUrl: string;
  schema: string;
  owner: boolean;
}

async function buildAppOn(
  place: TestPlace,
  env: Record<string, string>,
  options: TestAppOptions,
): Promise<TestApp> {
  const { dialect, dataDir, databaseUrl, schema } = place;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
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
  // The server migrates at startup, which opens its database before anything else runs; a copy
  // of the template has nothing to migrate, so one query opens it the same way.
  await sql`select 1`.execute(database.db);
  const container = createContainer(config, database, {
    logger: pino({ level: 'silent' }),
    torrentThread: testTorrentThread,
    hasher,
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
    place: { dialect, dataDir, databaseUrl, schema },
    async close() {
      await app.close();
      await container.mailer.close();
      await container.fleet.close();
      await database.db.destroy();
      if (!place.owner) {
        return;
      }
      await dropTestDatabase(place);
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

/** Real argon2id at its lowest cost: a test signs in many times (see argon2TestCost). */
const hasher = createArgon2Hasher(argon2TestCost);
/** The tests' hasher, for a test that wraps it to count its checks. */
export const testHasher = hasher;
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
