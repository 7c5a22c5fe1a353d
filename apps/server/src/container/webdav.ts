import type { Authenticator } from '../modules/auth/authenticator';
import type { FileService } from '../modules/drive/file.service';
import type { ShareRepository } from '../modules/share/share.repository';
import type { ShareService } from '../modules/share/share.service';
import type { BlobService } from '../modules/storage/blob.service';
import type { AppPasswordService } from '../modules/user/app-password.service';
import { createDavAreas } from '../modules/webdav/dav-areas';
import { createDavAuthenticator } from '../modules/webdav/dav-auth';
import { createDavLockRepository } from '../modules/webdav/dav-lock.repository';
import { createDavLocks } from '../modules/webdav/dav-locks';
import { createDavPropertyRepository } from '../modules/webdav/dav-property.repository';
import { createDavService } from '../modules/webdav/dav.service';
import type { Wiring } from './container-options';

/**
 * WebDAV over the member's drive (with its trash and share links, read-only): its service, the
 * locks (in the database, shared by the fleet), and its credentials.
 */
export function createWebDavArea(
  { database, options, now }: Wiring,
  deps: {
    files: FileService;
    shares: ShareService;
    shareRecords: ShareRepository;
    blobs: BlobService;
    authenticator: Authenticator;
    appPasswords: AppPasswordService;
  },
) {
  const pageSize = options.davPageSize ?? 1000;
  return {
    dav: createDavService({
      files: deps.files,
      blobs: deps.blobs,
      properties: createDavPropertyRepository(database.db),
      transaction: database.transaction,
      pageSize,
      areas: createDavAreas({
        files: deps.files,
        shares: deps.shares,
        shareItems: deps.shareRecords,
        pageSize,
      }),
    }),
    davLocks: createDavLocks({
      repository: createDavLockRepository(database.db, database.dialect),
      now,
    }),
    davAuthenticator: createDavAuthenticator({
      authenticator: deps.authenticator,
      basic: deps.appPasswords,
    }),
  };
}
