// A process that stores one endless upload through the real blob service, for the crash test:
// it says "writing" once bytes are on their way to disk, then keeps writing until it is killed.
import { Readable } from 'node:stream';
import { loadConfig } from '../../src/config';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { createBlobStore } from '../../src/modules/storage/blob-store';
import { createBlobRepository } from '../../src/modules/storage/blob.repository';
import { createBlobService } from '../../src/modules/storage/blob.service';

const config = loadConfig();
const database = openDatabase(config);
await migrateToLatest(database.db);
const blobs = createBlobService({
  store: createBlobStore(config),
  blobs: createBlobRepository(database.db),
  now: () => new Date(),
});

let sent = 0;
const chunk = Buffer.alloc(1024 * 1024, 7);
const endless = new Readable({
  read() {
    sent += 1;
    if (sent === 8) {
      process.stdout.write('writing\n');
    }
    setTimeout(() => this.push(chunk), sent > 8 ? 20 : 0);
  },
});
await blobs.ingest(endless);
process.stdout.write('finished, which it never should\n');
