// A folder of many files seeded straight into a Nimbus server's SQLite database, in a worker
// thread.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const seedWords = [
  'holiday',
  'Report',
  'scan',
  'IMG',
  'draft',
  'Музыка',
  '写真',
  'invoice',
  'notes',
  'backup',
];
const seedExtensions = [
  ['jpg', 'image/jpeg', 'IMAGE'],
  ['mp4', 'video/mp4', 'VIDEO'],
  ['pdf', 'application/pdf', 'DOCUMENT'],
  ['txt', 'text/plain', 'TEXT'],
  ['zip', 'application/zip', 'ARCHIVE'],
];

/**
 * Puts `count` files into a folder straight into the server's SQLite database, in one
 * transaction (a few seconds for 100,000): rows as the server writes them, all referencing one
 * small stored blob. Names mix scripts and cases; modified times spread over a year.
 */
function seedFolderNow(dataDir, userId, folderId, count) {
  const bytes = Buffer.from('a file seeded by a Nimbus benchmark\n');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const blobDir = path.join(dataDir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4));
  fs.mkdirSync(blobDir, { recursive: true });
  fs.writeFileSync(path.join(blobDir, sha256), bytes);
  const db = new Database(path.join(dataDir, 'nimbus.db'));
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const insertFile = db.prepare(`
    insert into files (id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type,
      file_extension, file_category, phase, starred, trashed, created_at, modified_at, params)
    values (?, ?, ?, 'file', ?, ?, ?, ?, ?, ?, ?, ?, 'PHASE_TYPE_COMPLETE', 0, 0, ?, ?, '{}')`);
  db.transaction(() => {
    db.prepare(
      `insert into blobs (sha256, gcid, size, ref_count, created_at, updated_at) values (?, ?, ?, ?, ?, ?)
       on conflict (sha256) do update set ref_count = blobs.ref_count + excluded.ref_count`,
    ).run(sha256, 'B'.repeat(40), bytes.length, count, stamp, stamp);
    for (let index = 0; index < count; index += 1) {
      const [extension, mimeType, category] = seedExtensions[index % seedExtensions.length];
      const name = `${seedWords[(index * 7) % seedWords.length]} ${String(index).padStart(6, '0')}.${extension}`;
      const modified = new Date(
        now - Math.floor(Math.random() * 365 * 24 * 3600 * 1000),
      ).toISOString();
      insertFile.run(
        randomBytes(12).toString('base64url'),
        userId,
        folderId,
        name,
        name.normalize('NFC').toUpperCase().toLowerCase(),
        bytes.length,
        sha256,
        'B'.repeat(40),
        mimeType,
        extension,
        category,
        modified,
        modified,
      );
    }
  })();
  db.close();
}

/**
 * seedFolder in a worker thread, so this process's event loop stays free meanwhile (a blocked
 * loop keeps kept-alive sockets that the server closes in the meantime).
 */
export function seedFolder(nimbus, userId, folderId, count) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { seed: { dataDir: nimbus.dataDir, userId, folderId, count } },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding exited with ${code}`)),
    );
  });
}

if (!isMainThread && workerData?.seed) {
  const { dataDir, userId, folderId, count } = workerData.seed;
  seedFolderNow(dataDir, userId, folderId, count);
}
