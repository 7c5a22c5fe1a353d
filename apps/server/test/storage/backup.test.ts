import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreBackup, takeBackup, type BackupPlace } from '../../src/modules/backup/backup';
import { createBlobRepository } from '../../src/modules/storage/blob.repository';
import { verifyBlobs } from '../../src/modules/storage/blob-verify';
import { createUsageRepository } from '../../src/modules/drive/usage.repository';
import { verifyUsage } from '../../src/modules/drive/usage-verify';
import {
  buildSiblingApp,
  buildTestApp,
  dialects,
  dropTestDatabase,
  makeUser,
  recreateEmptyDatabase,
  type TestApp,
} from '../helper';
import { storeFile } from '../support/stored-file';

function placeOf(t: TestApp, dataDir = t.place.dataDir): BackupPlace {
  const { clientConfig } = t.container.database;
  return {
    dataDir,
    ...(t.place.dialect === 'postgres' && clientConfig
      ? {
          postgres: {
            url: t.config.DATABASE_URL,
            clientConfig,
            schema: t.place.schema,
          },
        }
      : {}),
  };
}

describe.each(dialects)('backup and restore on %s', (dialect) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup();
    }
  });

  it('takes a consistent backup while files are stored and restores it into an empty place with verify clean', async () => {
    const t = await buildTestApp(dialect);
    let open = true;
    cleanups.push(() => (open ? t.close() : Promise.resolve()));
    const backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-backup-'));
    cleanups.push(() => fs.rm(backupDir, { recursive: true, force: true }));
    const user = await makeUser(t);
    const before = await Promise.all(
      ['a.txt', 'b.bin', 'c.txt'].map(async (name) => {
        const bytes = randomBytes(4096 + name.length);
        return { file: await storeFile(t, user.id, name, bytes), bytes };
      }),
    );
    // Two files of the same bytes share one blob.
    await storeFile(t, user.id, 'a copy.txt', before[0]!.bytes);

    // Files keep arriving while the backup runs: each is in the snapshot whole, or not at all.
    const during = Array.from({ length: 4 }, (_, index) =>
      storeFile(t, user.id, `during-${index}.bin`, randomBytes(2048)),
    );
    const [manifest] = await Promise.all([
      takeBackup(placeOf(t), t.container.blobStore, backupDir),
      ...during,
    ]);
    expect(manifest).toMatchObject({
      format: 'nimbus-backup-1',
      database: dialect,
      blobStore: 'local',
      blobsCopied: true,
      collected: [],
    });
    expect(manifest.blobs).toBeGreaterThanOrEqual(3);
    await expect(takeBackup(placeOf(t), t.container.blobStore, backupDir)).rejects.toThrow(
      /not empty/,
    );

    // The original is gone: its data folder, and on PostgreSQL its database (made again, empty).
    await t.close();
    open = false;
    await recreateEmptyDatabase(t.place);
    cleanups.push(() => dropTestDatabase(t.place));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-restored-'));
    const fresh = { ...t, place: { ...t.place, dataDir } };
    const restoredPlace = placeOf(fresh, dataDir);
    const { createBlobStore } = await import('../../src/modules/storage/blob-store');
    const store = createBlobStore({ ...t.config, DATA_DIR: dataDir });
    const report = await restoreBackup(restoredPlace, store, backupDir);
    await store.close();
    expect(report).toMatchObject({ restored: manifest.blobs, missing: [] });
    await expect(restoreBackup(restoredPlace, store, backupDir)).rejects.toThrow(
      dialect === 'postgres' ? /not empty/ : /EEXIST/,
    );

    const restored = await buildSiblingApp(fresh);
    cleanups.push(async () => {
      await restored.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    for (const { file, bytes } of before) {
      const found = await restored.container.files.get(user.id, file.id);
      expect(found.name).toBe(file.name);
      const again = await restored.container.blobStore.get(found.sha256 ?? '');
      const chunks: Buffer[] = [];
      for await (const chunk of again) {
        chunks.push(chunk as Buffer);
      }
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    }
    const verified = await verifyBlobs({
      store: restored.container.blobStore,
      blobs: createBlobRepository(restored.container.database.db),
      now: () => new Date(),
    });
    expect(verified.problems).toEqual([]);
    expect(verified.intact).toBe(manifest.blobs);
    const usage = await verifyUsage(createUsageRepository(restored.container.database.db), {
      fix: false,
      now: () => new Date(),
    });
    expect(usage.mismatches).toEqual([]);
  });
});
