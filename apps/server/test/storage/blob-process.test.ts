import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { createBlobStore } from '../../src/modules/storage/blob-store';
import { createBlobRepository } from '../../src/modules/storage/blob.repository';
import { createBlobService } from '../../src/modules/storage/blob.service';
import { buildBundle, bundlePath, exitOf, removeBundle, serverRoot } from '../support/processes';

let workDir: string;
const bundles = {
  writer: bundlePath('blob-writer-test'),
  verify: bundlePath('verify-test'),
};

function dataDirEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BLOB_STORE: 'local',
    LOG_LEVEL: 'silent',
  };
}

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-blob-process-'));
  buildBundle(bundles.writer, 'test/support/blob-writer.ts');
  buildBundle(bundles.verify, 'src/cli/verify.ts');
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
  for (const file of Object.values(bundles)) {
    removeBundle(file);
  }
});

describe('blob storage across processes', () => {
  it('a writer killed with SIGKILL mid-put leaves no blob and no row, and the next start removes its temp file', async () => {
    const dataDir = path.join(workDir, 'crash');
    const child = spawn(process.execPath, [bundles.writer], {
      cwd: serverRoot,
      env: dataDirEnv(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = exitOf(child);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('writing')) {
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`the writer exited early: ${errors}`)));
    });
    const tempDir = path.join(dataDir, 'blobs', '.tmp');
    // The writer announces itself as bytes head for disk; on a loaded machine the first ones
    // may land a moment later, so wait for them rather than racing the file system.
    let temps: string[] = [];
    for (let attempt = 0; attempt < 200; attempt += 1) {
      temps = fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : [];
      if (temps.length === 1 && fs.statSync(path.join(tempDir, temps[0] ?? '')).size > 0) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(temps).toHaveLength(1);
    expect(temps[0]?.startsWith(`${child.pid}-`)).toBe(true);
    expect(fs.statSync(path.join(tempDir, temps[0] ?? '')).size).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;

    const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
    try {
      await migrateToLatest(database.db);
      const rows = await createBlobRepository(database.db).page(undefined, 10);
      expect(rows).toEqual([]);
      const store = createBlobStore({
        DATA_DIR: dataDir,
        BLOB_STORE: 'local',
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: false,
        S3_PART_MIB: 8,
      });
      const listed = [];
      for await (const entry of store.list()) {
        listed.push(entry);
      }
      expect(listed).toEqual([]);
      expect(fs.readdirSync(tempDir)).toEqual([]);
      await store.close();
    } finally {
      await database.db.destroy();
    }
  });

  it('npm run verify prints the counts and exits 0 when all is well, 1 when a blob is damaged', async () => {
    const dataDir = path.join(workDir, 'verify');
    const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
    let sha256: string;
    try {
      await migrateToLatest(database.db);
      const store = createBlobStore({
        DATA_DIR: dataDir,
        BLOB_STORE: 'local',
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: false,
        S3_PART_MIB: 8,
      });
      const blobs = createBlobService({
        store,
        blobs: createBlobRepository(database.db),
        now: () => new Date(),
      });
      ({ sha256 } = await blobs.ingest(Readable.from([Buffer.from('checked by the command')])));
      await blobs.ingest(Readable.from([Buffer.from('another one')]));
    } finally {
      await database.db.destroy();
    }
    const run = () =>
      spawnSync(process.execPath, [bundles.verify], {
        cwd: serverRoot,
        env: dataDirEnv(dataDir),
        encoding: 'utf8',
      });

    const clean = run();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('rows: 2\n');
    expect(clean.stdout).toContain('intact: 2\n');
    expect(clean.stdout).toContain('problems: 0\n');

    fs.writeFileSync(
      path.join(dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256),
      'tampered with, as well',
    );
    const damaged = run();
    expect(damaged.status).toBe(1);
    expect(damaged.stdout).toContain('problems: 1\n');
    expect(damaged.stdout).toContain(`content_mismatch ${sha256}`);

    const broken = spawnSync(process.execPath, [bundles.verify], {
      cwd: serverRoot,
      env: { ...dataDirEnv(dataDir), BLOB_STORE: 'nowhere' },
      encoding: 'utf8',
    });
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain('BLOB_STORE');
  });

  it('npm run verify reports a storage counter that differs from the files, and --fix repairs it', async () => {
    const dataDir = path.join(workDir, 'verify-usage');
    const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
    try {
      await migrateToLatest(database.db);
      // A member whose counter says 42 bytes but who has no file at all.
      await database.db
        .insertInto('member_usage')
        .values({
          user_id: 'drifted',
          live_bytes: 42,
          trash_bytes: 0,
          updated_at: new Date().toISOString(),
        })
        .execute();
    } finally {
      await database.db.destroy();
    }
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bundles.verify, ...args], {
        cwd: serverRoot,
        env: dataDirEnv(dataDir),
        encoding: 'utf8',
      });
    const found = run();
    expect(found.status, found.stderr).toBe(1);
    expect(found.stdout).toContain('usage mismatches: 1\n');
    expect(found.stdout).toContain(
      'usage_mismatch drifted: counted live 42 trash 0, files live 0 trash 0',
    );
    const fixed = run('--fix');
    expect(fixed.status).toBe(1);
    expect(fixed.stdout).toContain('usage counters repaired: 1\n');
    const clean = run();
    expect(clean.status, clean.stdout).toBe(0);
    expect(clean.stdout).toContain('usage mismatches: 0\n');
    expect(run('--repair').status).toBe(2);
  });
});
