import { createDataExportRepository } from '../modules/data-export/data-export.repository';
import { createDataExportService } from '../modules/data-export/data-export.service';
import { createDataExportWorker } from '../modules/data-export/data-export-worker';
import type { BlobStore } from '../modules/storage/blob-store.interface';
import type { AuthKeys } from '../modules/user/auth-keys';
import type { Mailer } from '../modules/user/mail/mailer';
import type { UserRepository } from '../modules/user/user.repository';
import type { Wiring } from './container-options';

/** "Export my data": the exports' queue, the service and the worker that builds them. */
export function createDataExportArea(
  { config, database, options, now }: Wiring,
  needs: {
    keys: Pick<AuthKeys, 'contentLink'>;
    users: Pick<UserRepository, 'findById'>;
    mailer: Pick<Mailer, 'send'>;
    store: Pick<BlobStore, 'get'>;
  },
) {
  const exportRecords = createDataExportRepository(database.db, database.dialect);
  const wakes: (() => void)[] = [];
  const dataExports = createDataExportService({
    exports: exportRecords,
    users: needs.users,
    openBlob: (sha256, range) => needs.store.get(sha256, range),
    mailer: needs.mailer,
    linkKey: needs.keys.contentLink,
    publicUrl: config.PUBLIC_URL,
    now,
    onQueued: () => wakes.forEach((wake) => wake()),
    logger: options.logger,
  });
  const dataExportWorker = createDataExportWorker({
    exports: exportRecords,
    service: dataExports,
    now,
    logger: options.logger,
  });
  wakes.push(() => dataExportWorker.wake());
  return { exportRecords, dataExports, dataExportWorker };
}
