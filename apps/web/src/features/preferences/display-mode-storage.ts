import { displayModeStoreName } from '@nimbus/contracts';
import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';

/*
 * Where display-mode preferences live in the browser: an IndexedDB database with the object
 * store `display_mode` (docs/product.md#entities), keyed `global_<userId>`.
 */

/** The IndexedDB database of the web app's local preferences. */
export const preferencesDatabaseName = 'nimbus-preferences';
const preferencesDatabaseVersion = 1;

interface PreferencesSchema extends DBSchema {
  display_mode: { key: string; value: unknown };
}

/** The storage the display-mode store needs; IndexedDB in the browser, a fake in tests. */
export interface DisplayModeStorage {
  /** The stored value, or undefined when there is none. Values are untrusted input. */
  read(key: string): Promise<unknown>;
  write(key: string, value: unknown): Promise<void>;
}

/**
 * The IndexedDB storage. The database opens on first use (never during server rendering) and
 * is created with its object store on first open.
 */
export function indexedDbDisplayModeStorage(): DisplayModeStorage {
  let database: Promise<IDBPDatabase<PreferencesSchema>> | undefined;
  const open = () => {
    database ??= openDB<PreferencesSchema>(preferencesDatabaseName, preferencesDatabaseVersion, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(displayModeStoreName)) {
          db.createObjectStore(displayModeStoreName);
        }
      },
    });
    return database;
  };
  return {
    async read(key) {
      return (await open()).get(displayModeStoreName, key);
    },
    async write(key, value) {
      await (await open()).put(displayModeStoreName, value, key);
    },
  };
}
