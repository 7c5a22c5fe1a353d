import type { Authenticator } from '../modules/auth/authenticator';
import type { FileService } from '../modules/drive/file.service';
import type { BlobService } from '../modules/storage/blob.service';
import type { AppPasswordService } from '../modules/user/app-password.service';
import { createDavAuthenticator } from '../modules/webdav/dav-auth';
import { createDavLocks } from '../modules/webdav/dav-locks';
import { createDavPropertyRepository } from '../modules/webdav/dav-property.repository';
import { createDavService } from '../modules/webdav/dav.service';
import type { Wiring } from './container-options';

/** WebDAV over the member's drive: its service, the locks of this process, and its credentials. */
export function createWebDavArea(
  { database, options }: Wiring,
  deps: {
    files: FileService;
    blobs: BlobService;
    authenticator: Authenticator;
    appPasswords: AppPasswordService;
  },
) {
  return {
    dav: createDavService({
      files: deps.files,
      blobs: deps.blobs,
      properties: createDavPropertyRepository(database.db),
      ...(options.davPageSize === undefined ? {} : { pageSize: options.davPageSize }),
    }),
    davLocks: createDavLocks(),
    davAuthenticator: createDavAuthenticator({
      authenticator: deps.authenticator,
      basic: deps.appPasswords,
    }),
  };
}
