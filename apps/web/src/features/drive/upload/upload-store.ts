import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import type { StoredUpload, UploadStore } from './upload-types';

/*
 * The upload queue's entries in IndexedDB (through `idb`, like the display-mode preferences), so
 * the queue survives a reload. Entries hold their File: Chromium stores File objects by reference
 * to their bytes, so an upload goes on after a reload without the member picking it again.
 */

/** The IndexedDB database of the upload queue. */
export const uploadsDatabaseName = 'nimbus-uploads';
const uploadsDatabaseVersion = 1;
const uploadsStoreName = 'uploads';

interface UploadsSchema extends DBSchema {
  uploads: { key: string; value: StoredUpload };
}

/**
 * Entries of one member, by a key naming the member, so members of one browser stay apart. The
 * owner may be a function, asked at the first read or write (never during server rendering).
 */
export function indexedDbUploadStore(owner: string | (() => string)): UploadStore {
  let database: Promise<IDBPDatabase<UploadsSchema>> | undefined;
  const open = () => {
    database ??= openDB<UploadsSchema>(uploadsDatabaseName, uploadsDatabaseVersion, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(uploadsStoreName)) {
          db.createObjectStore(uploadsStoreName);
        }
      },
    });
    return database;
  };
  let ownerPrefix: string | undefined;
  const prefixOf = () => (ownerPrefix ??= `${typeof owner === 'function' ? owner() : owner}:`);
  return {
    async list() {
      const db = await open();
      const prefix = prefixOf();
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      return db.getAll(uploadsStoreName, range);
    },
    async put(upload) {
      await (await open()).put(uploadsStoreName, upload, prefixOf() + upload.id);
    },
    async delete(id) {
      await (await open()).delete(uploadsStoreName, prefixOf() + id);
    },
  };
}
