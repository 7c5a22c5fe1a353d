import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/database';
import * as dataExportLayout from '../../src/db/migrations/0067-data-export-layout';
import { migrationProvider } from '../../src/db/migrations/index';
import type { Database } from '../../src/db/schema';
import { buildTestApp, dialects, dropTestDatabase, type TestApp } from '../helper';
import { databaseUrl, withPostgresClient } from '../support/database-templates';

/** Every table with its columns (name, type, nullability, default), sorted, to compare schemas. */
async function tablesOf(db: Kysely<Database>) {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .map((table) => ({
      name: table.name,
      columns: table.columns
        .map((column) => ({
          name: column.name,
          dataType: column.dataType,
          nullable: column.isNullable,
          hasDefault: column.hasDefaultValue,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe.each(dialects)('the migrations on %s', (dialect) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup();
    }
  });

  /** An empty database: a new SQLite file, or a new PostgreSQL database with an empty schema. */
  async function emptyDatabase(): Promise<DatabaseHandle> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-migrations-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    if (dialect === 'sqlite') {
      return openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
    }
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const url = databaseUrl(serverUrl, `nimbus_test_${randomBytes(6).toString('hex')}`);
    await withPostgresClient(serverUrl, (client) =>
      client.query(`create database ${new URL(url).pathname.slice(1)}`),
    );
    cleanups.push(() => dropTestDatabase({ dialect, databaseUrl: url }));
    await withPostgresClient(url, (client) => client.query('create schema nimbus'));
    return openDatabase({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_POOL_SIZE: 2,
      searchPath: 'nimbus',
    });
  }

  it('build from an empty database the schema every test app starts from', async () => {
    const database = await emptyDatabase();
    cleanups.push(() => database.db.destroy());
    const schema = dialect === 'postgres' ? 'nimbus' : undefined;
    const all = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(await migrateToLatest(database.db, schema)).toEqual(all);
    expect(await migrateToLatest(database.db, schema)).toEqual([]);

    const t: TestApp = await buildTestApp(dialect);
    cleanups.push(() => t.close());
    const migrated = await tablesOf(database.db);
    expect(migrated.map((table) => table.name)).toContain('kysely_migration');
    expect(migrated.length).toBeGreaterThan(40);
    expect(await tablesOf(t.container.database.db)).toEqual(migrated);
  });

  it('ends the ready data exports laid out before CRC-32s were kept, giving their blobs back', async () => {
    const database = await emptyDatabase();
    cleanups.push(() => database.db.destroy());
    await migrateToLatest(database.db, dialect === 'postgres' ? 'nimbus' : undefined);
    // The schema before 0067, with an export of that time ready and one failed.
    await dataExportLayout.down(database.db as Kysely<unknown>);
    const at = '2030-03-01T10:00:00.000Z';
    const db = database.db;
    await db
      .insertInto('blobs')
      .values({
        sha256: 'a'.repeat(64),
        gcid: 'A',
        size: 5,
        ref_count: 3,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const [id, phase] of [
      ['x-ready', 'ready'],
      ['x-failed', 'failed'],
    ] as const) {
      await db
        .insertInto('data_exports')
        .values({ id, user_id: 'u1', phase, requested_at: at, updated_at: at, account_json: '{}' })
        .execute();
    }
    await sql`insert into data_export_entries (export_id, seq, path, kind, sha256, size, modified_at)
      values ('x-ready', 0, 'Drive/a.txt', 'file', ${'a'.repeat(64)}, 5, ${at}),
        ('x-ready', 1, 'Drive/b.txt', 'file', ${'a'.repeat(64)}, 5, ${at})`.execute(db);

    await dataExportLayout.up(database.db as Kysely<unknown>);
    const exports = await db
      .selectFrom('data_exports')
      .select(['id', 'phase'])
      .orderBy('id')
      .execute();
    expect(exports).toEqual([
      { id: 'x-failed', phase: 'failed' },
      { id: 'x-ready', phase: 'expired' },
    ]);
    expect(await db.selectFrom('data_export_entries').selectAll().execute()).toEqual([]);
    const blob = await db.selectFrom('blobs').select('ref_count').executeTakeFirst();
    expect(blob?.ref_count).toBe(1);
  });
});
