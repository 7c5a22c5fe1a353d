import 'fake-indexeddb/auto';
import { defaultDisplayMode, displayModeStoreName } from '@nimbus/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDisplayModeStore } from './display-mode-store';
import type { DisplayModeStorage } from './display-mode-storage';
import { indexedDbDisplayModeStorage, preferencesDatabaseName } from './display-mode-storage';

async function readRaw(key: string): Promise<unknown> {
  const db = await openDB(preferencesDatabaseName);
  const value: unknown = await db.get(displayModeStoreName, key);
  db.close();
  return value;
}

async function writeRaw(key: string, value: unknown): Promise<void> {
  await indexedDbDisplayModeStorage().write(key, value);
}

/** Counts writes, to prove what is not saved. */
function countingStorage(inner: DisplayModeStorage): DisplayModeStorage & { writes: number } {
  const storage = {
    writes: 0,
    read: (key: string) => inner.read(key),
    async write(key: string, value: unknown) {
      storage.writes += 1;
      await inner.write(key, value);
    },
  };
  return storage;
}

describe('display-mode store over IndexedDB', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('starts from the defaults and saves nothing when nothing is stored', async () => {
    const storage = countingStorage(indexedDbDisplayModeStorage());
    const store = createDisplayModeStore(storage);
    await store.getState().restore('u1');
    expect(store.getState().global).toEqual(defaultDisplayMode);
    expect(store.getState().shared).toEqual({
      orderType: 'MODIFY_TIME_DESC',
      pinFoldersTop: true,
      viewType: 'grid',
    });
    expect(storage.writes).toBe(0);
    expect(await readRaw('global_u1')).toBeUndefined();
  });

  it('restores a stored display mode under global_<userId>', async () => {
    const stored = {
      orderType: 'NAME_ASC',
      pinFoldersTop: false,
      orderSettingGlobal: true,
      viewType: 'list',
      viewSettingGlobal: false,
    };
    await writeRaw('global_u2', stored);
    const storage = countingStorage(indexedDbDisplayModeStorage());
    const store = createDisplayModeStore(storage);
    await store.getState().restore('u2');
    expect(store.getState().global).toEqual(stored);
    expect(storage.writes).toBe(0);
  });

  it('corrects an invalid stored value and saves the correction back', async () => {
    await writeRaw('global_u3', { orderType: 8, viewType: 'flow', pinFoldersTop: 'yes' });
    const store = createDisplayModeStore(indexedDbDisplayModeStorage());
    await store.getState().restore('u3');
    const expected = { ...defaultDisplayMode, orderType: 'SIZE_DESC', viewType: 'grid' };
    expect(store.getState().global).toEqual(expected);
    expect(await readRaw('global_u3')).toEqual(expected);
  });

  it('defaults an unknown order type', async () => {
    await writeRaw('global_u4', { orderType: 'SHUFFLE', viewType: 'list' });
    const store = createDisplayModeStore(indexedDbDisplayModeStorage());
    await store.getState().restore('u4');
    expect(store.getState().global.orderType).toBe('MODIFY_TIME_DESC');
    expect(store.getState().global.viewType).toBe('list');
  });

  it('ignores an empty stored object without saving', async () => {
    await writeRaw('global_u5', {});
    const storage = countingStorage(indexedDbDisplayModeStorage());
    const store = createDisplayModeStore(storage);
    await store.getState().restore('u5');
    expect(store.getState().global).toEqual(defaultDisplayMode);
    expect(storage.writes).toBe(0);
    expect(await readRaw('global_u5')).toEqual({});
  });

  it('saves changes of the global display mode, never empty ones', async () => {
    const storage = countingStorage(indexedDbDisplayModeStorage());
    const store = createDisplayModeStore(storage);
    await store.getState().restore('u6');
    await store.getState().updateGlobal({});
    expect(storage.writes).toBe(0);
    await store.getState().updateGlobal({ viewType: 'list' });
    expect(storage.writes).toBe(1);
    expect(await readRaw('global_u6')).toEqual({ ...defaultDisplayMode, viewType: 'list' });
  });

  it('keeps the shared display mode in state only', async () => {
    const storage = countingStorage(indexedDbDisplayModeStorage());
    const store = createDisplayModeStore(storage);
    await store.getState().restore('u7');
    store.getState().updateShared({ viewType: 'list', orderType: 'NAME_DESC' });
    expect(store.getState().shared).toEqual({
      orderType: 'NAME_DESC',
      pinFoldersTop: true,
      viewType: 'list',
    });
    expect(storage.writes).toBe(0);
  });

  it('does not save before a member is known', async () => {
    const storage = countingStorage(indexedDbDisplayModeStorage());
    const store = createDisplayModeStore(storage);
    await store.getState().updateGlobal({ pinFoldersTop: false });
    expect(store.getState().global.pinFoldersTop).toBe(false);
    expect(storage.writes).toBe(0);
  });
});
