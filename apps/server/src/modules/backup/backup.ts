import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type pg from 'pg';
import type { BlobStore } from '../storage/blob-store';
import {
  backupSqlite,
  dropCollectedPostgres,
  dropCollectedSqlite,
  openPostgresSnapshot,
  postgresTableCount,
  type SnapshotBlob,
} from './backup.repository';

const run = promisify(execFile);

/** Where a backup comes from and a restore goes: the node's data folder and database. */
export interface BackupPlace {
  dataDir: string;
  /** PostgreSQL (`DATABASE_URL`); absent: SQLite in `dataDir`. */
  postgres?: {
    url: string;
    clientConfig: pg.ClientConfig;
    /** One schema only (each test app has its own); absent: the whole database. */
    schema?: string;
  };
}

/** `manifest.json` of a backup folder, written last: a folder without it is no backup. */
export interface BackupManifest {
  format: 'nimbus-backup-1';
  takenAt: string;
  database: 'sqlite' | 'postgres';
  blobStore: BlobStore['kind'];
  /** Whether the bytes are in the folder (`blobs/`), or only their keys (`blobs.txt`). */
  blobsCopied: boolean;
  blobs: number;
  bytes: number;
  /** Blobs nobody referenced that the store collected while the backup ran: their rows go. */
  collected: string[];
  /** `auth-secret` of the data folder is in the backup (no `AUTH_SECRET` configured). */
  authSecret: boolean;
}

const databaseFile = { sqlite: 'nimbus.db', postgres: 'database.pgdump' } as const;
const secretFile = 'auth-secret';

/**
 * Takes a consistent backup into `dir` (absent or empty) while the service runs: the database
 * first (SQLite's online backup, or `pg_dump` of an exported snapshot), then the bytes of every
 * blob that snapshot references. Blobs never change and are collected only an hour after their
 * last reference went, so the bytes a snapshot names are still there to copy. On local disk
 * the blobs are copied; on S3 only their keys are listed (`blobs.txt`), and the bucket's own
 * versioning keeps their bytes (docs/deployment.md#backups-and-restore).
 */
export async function takeBackup(
  place: BackupPlace,
  store: BlobStore,
  dir: string,
  now: () => Date = () => new Date(),
): Promise<BackupManifest> {
  await fs.mkdir(dir, { recursive: true });
  if ((await fs.readdir(dir)).length > 0) {
    throw new Error(`${dir} is not empty: a backup goes into a new folder`);
  }
  const takenAt = now().toISOString();
  const blobs = place.postgres
    ? await dumpPostgres(place.postgres, path.join(dir, databaseFile.postgres))
    : await backupSqlite(
        path.join(place.dataDir, 'nimbus.db'),
        path.join(dir, databaseFile.sqlite),
      );
  await fs.writeFile(
    path.join(dir, 'blobs.txt'),
    blobs.map((blob) => `${blob.sha256} ${blob.size}\n`).join(''),
  );
  const blobsCopied = store.kind === 'local';
  const collected = blobsCopied ? await copyBlobs(store, blobs, path.join(dir, 'blobs')) : [];
  const authSecret = await fs
    .copyFile(path.join(place.dataDir, secretFile), path.join(dir, secretFile))
    .then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') {
          return false;
        }
        throw error;
      },
    );
  const manifest: BackupManifest = {
    format: 'nimbus-backup-1',
    takenAt,
    database: place.postgres ? 'postgres' : 'sqlite',
    blobStore: store.kind,
    blobsCopied,
    blobs: blobs.length - collected.length,
    bytes: blobs.reduce((sum, blob) => sum + blob.size, 0),
    collected,
    authSecret,
  };
  await fs.writeFile(path.join(dir, 'manifest.json.tmp'), `${JSON.stringify(manifest)}\n`);
  await fs.rename(path.join(dir, 'manifest.json.tmp'), path.join(dir, 'manifest.json'));
  return manifest;
}

async function dumpPostgres(
  postgres: NonNullable<BackupPlace['postgres']>,
  file: string,
): Promise<SnapshotBlob[]> {
  const snapshot = await openPostgresSnapshot(postgres.clientConfig);
  try {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--snapshot=${snapshot.id}`,
      `--file=${file}`,
      ...(postgres.schema === undefined ? [] : [`--schema=${postgres.schema}`]),
      `--dbname=${postgres.url}`,
    ]);
    return snapshot.blobs;
  } finally {
    await snapshot.close();
  }
}

/** Copies each blob's bytes to `blobs/<sha256>`; answers the unreferenced ones found collected. */
async function copyBlobs(store: BlobStore, blobs: SnapshotBlob[], dir: string): Promise<string[]> {
  await fs.mkdir(dir);
  const collected: string[] = [];
  for (const blob of blobs) {
    const target = path.join(dir, blob.sha256);
    try {
      const local = store.localPath?.(blob.sha256);
      if (local === undefined) {
        await pipeline(await store.get(blob.sha256), createWriteStream(target));
      } else {
        await fs.copyFile(local, target);
      }
    } catch (error) {
      if (blob.refCount === 0 && !(await store.exists(blob.sha256))) {
        collected.push(blob.sha256);
        continue;
      }
      throw error;
    }
  }
  return collected;
}

/** What a restore brought back. */
export interface RestoreReport {
  manifest: BackupManifest;
  /** Blobs put into the store from the folder. */
  restored: number;
  /** Blobs the backup lists that the store lacks (an S3 backup whose bucket lost them). */
  missing: string[];
}

/**
 * Brings a backup back into an empty place: a data folder without a database, or a PostgreSQL
 * database (schema) without tables. The database goes back first (`pg_restore`, or the copied
 * file), then the auth secret and the blobs, each put through the store, which checks its
 * SHA-256. The server migrates the database to its own version at its next start.
 */
export async function restoreBackup(
  place: BackupPlace,
  store: BlobStore,
  dir: string,
): Promise<RestoreReport> {
  const manifest = JSON.parse(
    await fs.readFile(path.join(dir, 'manifest.json'), 'utf8'),
  ) as BackupManifest;
  if (manifest.format !== 'nimbus-backup-1') {
    throw new Error(`${dir} holds no Nimbus backup`);
  }
  if ((manifest.database === 'postgres') !== (place.postgres !== undefined)) {
    throw new Error(`the backup is of a ${manifest.database} database, not the configured one`);
  }
  const source = path.join(dir, databaseFile[manifest.database]);
  if (place.postgres) {
    const schema = place.postgres.schema ?? 'public';
    if ((await postgresTableCount(place.postgres.clientConfig, schema)) > 0) {
      throw new Error(`schema ${schema} is not empty: a restore goes into an empty database`);
    }
    await run('pg_restore', [
      '--exit-on-error',
      '--no-owner',
      `--dbname=${place.postgres.url}`,
      source,
    ]);
    await dropCollectedPostgres(place.postgres.clientConfig, manifest.collected);
  } else {
    await fs.mkdir(place.dataDir, { recursive: true });
    const target = path.join(place.dataDir, 'nimbus.db');
    // COPYFILE_EXCL: an existing database is never overwritten.
    await fs.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    dropCollectedSqlite(target, manifest.collected);
  }
  if (manifest.authSecret) {
    await fs.copyFile(
      path.join(dir, secretFile),
      path.join(place.dataDir, secretFile),
      fs.constants.COPYFILE_EXCL,
    );
    await fs.chmod(path.join(place.dataDir, secretFile), 0o600);
  }
  const collected = new Set(manifest.collected);
  let restored = 0;
  const missing: string[] = [];
  for (const line of (await fs.readFile(path.join(dir, 'blobs.txt'), 'utf8')).split('\n')) {
    const [sha256, size] = line.split(' ');
    if (sha256 === undefined || size === undefined || collected.has(sha256)) {
      continue;
    }
    if (manifest.blobsCopied) {
      await store.put(createReadStream(path.join(dir, 'blobs', sha256)), {
        expectedSha256: sha256,
        expectedSize: Number(size),
      });
      restored += 1;
    } else if (!(await store.exists(sha256))) {
      missing.push(sha256);
    }
  }
  return { manifest, restored, missing };
}
