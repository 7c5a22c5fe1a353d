import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type KyselyConfig,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { createAccessChanges } from './access-changes';
import { ambientTransactions } from './ambient-transaction';
import { migrationProvider } from './migrations/index';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: how to open a connection of one's own beside the pool (`LISTEN` needs one). */
  clientConfig?: pg.ClientConfig;
  /** PostgreSQL: the pool of the queries, whose counts the metrics read. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** How many statements that may end a member's access this process has run (`access-changes.ts`). */
  accessChanges: () => number;
  /** Calls a listener after each statement that may end access has run. */
  onAccessChange: (listener: () => void) => void;
  /**
   * Runs `work` with every query made through `db` meanwhile in one transaction
   * (ambient-transaction.ts): committed when it resolves, rolled back when it throws.
   */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
}

type DatabaseConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'> & {
  /** PostgreSQL schema to work in (tests give each app its own). */
  searchPath?: string;
  /** Told the SQL of every query run (tests count the queries of a call with it). */
  onQuery?: (sql: string) => void;
};

function queryLog(config: DatabaseConfig): Pick<KyselyConfig, 'log'> {
  const { onQuery } = config;
  return onQuery
    ? {
        log: (event) => {
          onQuery(event.query.sql);
        },
      }
    : {};
}

/**
 * SQLite transactions begin IMMEDIATE: the write lock is taken at BEGIN, where the busy timeout
 * waits for it. A deferred transaction that read first and then writes cannot wait: when another
 * process committed since its read began, SQLite answers SQLITE_BUSY_SNAPSHOT at once, which is
 * what several worker processes on one file met. One writer at a time is what SQLite allows
 * anyway; reads outside transactions still run beside it (WAL).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How many prepared SQLite statements are kept (each is a few kB of the database's memory). */
const statementsKept = 500;

/**
 * The SQLite database as Kysely's driver sees it, with its prepared statements kept: the driver
 * prepares every query it runs, and preparing costs more than running a small query. A statement
 * an iteration still holds (a streamed query) is not handed out twice; a fresh one is prepared.
 * SQLite prepares a kept statement again by itself when the schema changed under it.
 */
function withKeptStatements(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      const statement = kept.get(query);
      if (statement && !statement.busy) {
        return statement;
      }
      const prepared = sqlite.prepare(query);
      if (!statement) {
        if (kept.size >= statementsKept) {
          kept.delete(kept.keys().next().value as string);
        }
        kept.set(query, prepared);
      }
      return prepared;
    },
  };
}

/** Opens the database the configuration names: PostgreSQL for a postgres:// URL, else SQLite. */
export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  const accessChanges = createAccessChanges();
  const plugins = [accessChanges.plugin];
  if (config.DATABASE_URL !== '') {
    const clientConfig: pg.ClientConfig = {
      connectionString: config.DATABASE_URL,
      ...(config.searchPath ? { options: `-c search_path=${config.searchPath}` } : {}),
    };
    const pool = new pg.Pool({ ...clientConfig, max: config.DATABASE_POOL_SIZE });
    const ambient = ambientTransactions(
      new Kysely<Database>({
        dialect: new PostgresDialect({ pool }),
        plugins,
        ...queryLog(config),
      }),
    );
    return {
      db: ambient.db,
      transaction: ambient.transaction,
      dialect: 'postgres',
      clientConfig,
      pool,
      accessChanges: accessChanges.count,
      onAccessChange: accessChanges.listen,
    };
  }
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(config.DATA_DIR, 'nimbus.db'));
  // WAL with synchronous = NORMAL: a commit is in the WAL file (the operating system has it)
  // before the call answers, so a killed process loses nothing acknowledged; only the WAL's
  // checkpoints fsync, so a power cut may lose the newest commits, never consistency
  // (docs/uploads.md has what that means for uploads). FULL would fsync every commit.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const ambient = ambientTransactions(
    new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withKeptStatements(sqlite) }),
      plugins,
      ...queryLog(config),
    }),
  );
  return {
    db: ambient.db,
    transaction: ambient.transaction,
    dialect: 'sqlite',
    accessChanges: accessChanges.count,
    onAccessChange: accessChanges.listen,
  };
}

/**
 * Brings the schema up to date; fails with the name of the migration that broke. `schema` names
 * the PostgreSQL schema that holds the migration tables: without it Kysely looks for them in
 * every schema of the database, so the tables of another schema (a parallel test's) would count.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: schema === undefined ? db : withSchemaTables(db, schema),
    provider: migrationProvider,
    // Numbers are handed out ahead, so one may land after a higher one already ran (0017 after 0019).
    allowUnorderedMigrations: true,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}

/**
 * `db` whose introspection lists only the tables of `schema`, by name: all the migrator asks of
 * it. Kysely's own reads every column of every schema of the database (a tenth of a second with
 * a few dozen schemas, several times per migration run) and fails when a schema is dropped
 * meanwhile.
 */
function withSchemaTables(db: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getMetadata: () => db.introspection.getMetadata(),
    async getTables() {
      const { rows } = await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: row.kind === 'v', columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') {
        return introspection;
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** The PostgreSQL schema new tables go to (the first of the search path). */
export async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) {
    throw new Error('The database has no current schema: check the search_path of DATABASE_URL');
  }
  return schema;
}

/** True when the database answers a query. */
export async function isDatabaseReady(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
