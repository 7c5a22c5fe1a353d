import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/** A blob row of a snapshot: what the backup must keep the bytes of. */
export interface SnapshotBlob {
  sha256: string;
  size: number;
  /** Files, trashed files and shares pointing at it; at 0 it may be collected meanwhile. */
  refCount: number;
}

/**
 * Copies a live SQLite database (`DATA_DIR/nimbus.db`) to `destination` with SQLite's online
 * backup API, through a connection of its own: the server goes on writing (WAL) and the copy is
 * one consistent state. The whole file is copied in one step, so writes of the server while it
 * runs cannot restart it page after page; answers the blobs the copy references.
 */
export async function backupSqlite(source: string, destination: string): Promise<SnapshotBlob[]> {
  const live = new SqliteDatabase(source, { fileMustExist: true, readonly: true });
  try {
    await live.backup(destination, { progress: () => 1 << 30 });
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(destination);
  try {
    // One self-contained file (no `-wal` beside it); the server turns WAL on when it opens it.
    copy.pragma('journal_mode = DELETE');
    return blobsOf(
      copy.prepare('select sha256, size, ref_count from blobs order by sha256').all() as BlobRow[],
    );
  } finally {
    copy.close();
  }
}

interface BlobRow {
  sha256: string;
  size: number | string;
  ref_count: number | string;
}

function blobsOf(rows: BlobRow[]): SnapshotBlob[] {
  return rows.map((row) => ({
    sha256: row.sha256,
    size: Number(row.size),
    refCount: Number(row.ref_count),
  }));
}

/**
 * Opens a PostgreSQL snapshot for `pg_dump --snapshot` (a repeatable-read transaction whose
 * snapshot is exported), reads the blob rows in it, and holds it until `close`: the dump and the
 * list of blobs are of the same instant, whatever the nodes write meanwhile.
 */
export async function openPostgresSnapshot(clientConfig: pg.ClientConfig) {
  const client = new pg.Client(clientConfig);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const exported = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const rows = await client.query<BlobRow>(
      'select sha256, size, ref_count from blobs order by sha256',
    );
    return {
      id: exported.rows[0]?.id ?? '',
      blobs: blobsOf(rows.rows),
      async close() {
        await client.query('commit').finally(() => client.end());
      },
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}

/** How many tables the PostgreSQL schema holds (a restore goes only into an empty one). */
export async function postgresTableCount(
  clientConfig: pg.ClientConfig,
  schema: string,
): Promise<number> {
  const client = new pg.Client(clientConfig);
  await client.connect();
  try {
    const answer = await client.query<{ count: string }>(
      'select count(*) as count from information_schema.tables where table_schema = $1',
      [schema],
    );
    return Number(answer.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/** Drops the rows of blobs nobody referenced whose bytes were collected while the backup ran. */
export function dropCollectedSqlite(file: string, sha256s: string[]): void {
  if (sha256s.length === 0) {
    return;
  }
  const database = new SqliteDatabase(file);
  try {
    const drop = database.prepare('delete from blobs where sha256 = ? and ref_count = 0');
    database.transaction(() => sha256s.forEach((sha256) => drop.run(sha256)))();
  } finally {
    database.close();
  }
}

/** The same on PostgreSQL, in the restored schema. */
export async function dropCollectedPostgres(
  clientConfig: pg.ClientConfig,
  sha256s: string[],
): Promise<void> {
  if (sha256s.length === 0) {
    return;
  }
  const client = new pg.Client(clientConfig);
  await client.connect();
  try {
    await client.query('delete from blobs where sha256 = any($1) and ref_count = 0', [sha256s]);
  } finally {
    await client.end();
  }
}
