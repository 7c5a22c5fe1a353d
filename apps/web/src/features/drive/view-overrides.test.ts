import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexedDbDisplayModeStorage } from '../preferences/display-mode-storage';
import { createViewOverridesStore, viewOverridesKey } from './view-overrides';

describe('per-view display overrides over IndexedDB', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it("keeps each view's order and layout per member across page loads", async () => {
    const first = createViewOverridesStore(indexedDbDisplayModeStorage());
    await first.getState().restore('u1');
    await first.getState().update('folder:abc', { orderType: 'SIZE_DESC' });
    await first.getState().update('folder:abc', { viewType: 'list' });
    await first.getState().update('trash', { viewType: 'grid' });

    const reloaded = createViewOverridesStore(indexedDbDisplayModeStorage());
    await reloaded.getState().restore('u1');
    expect(reloaded.getState().views).toEqual({
      'folder:abc': { orderType: 'SIZE_DESC', viewType: 'list' },
      trash: { viewType: 'grid' },
    });

    const other = createViewOverridesStore(indexedDbDisplayModeStorage());
    await other.getState().restore('u2');
    expect(other.getState().views).toEqual({});
  });

  it('reads what was stored as untrusted input', async () => {
    await indexedDbDisplayModeStorage().write(viewOverridesKey('u3'), {
      'folder:x': { orderType: 6, viewType: 'single' },
      'folder:y': { orderType: 'nonsense' },
    });
    const store = createViewOverridesStore(indexedDbDisplayModeStorage());
    await store.getState().restore('u3');
    expect(store.getState().views).toEqual({
      'folder:x': { orderType: 'MODIFY_TIME_DESC', viewType: 'grid' },
    });
  });
});
