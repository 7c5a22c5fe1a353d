import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  hiddenCoverKey,
  hiddenCoverMaxEntries,
  isCoverLifted,
  isSensitiveStatus,
  liftCover,
  readSharedDisplayMode,
  sharedDisplayModeKey,
  ssrViewTypeOf,
  storeSsrViewType,
  writeSharedDisplayMode,
} from './share-preferences';

describe('shared display mode', () => {
  it('starts as grid by modify time with folders on top and keeps a change', () => {
    const storage = createMemoryStorage();
    expect(readSharedDisplayMode(storage)).toEqual({
      orderType: 'MODIFY_TIME_DESC',
      pinFoldersTop: true,
      viewType: 'grid',
    });
    writeSharedDisplayMode(storage, { viewType: 'list' });
    expect(readSharedDisplayMode(storage).viewType).toBe('list');
    expect(JSON.parse(storage.getItem(sharedDisplayModeKey) ?? '{}')).toEqual({
      orderType: 'MODIFY_TIME_DESC',
      pinFoldersTop: true,
      viewType: 'list',
    });
  });

  it('normalises what was stored and saves no empty change', () => {
    const storage = createMemoryStorage();
    storage.setItem(sharedDisplayModeKey, JSON.stringify({ viewType: 'flow', orderType: 8 }));
    expect(readSharedDisplayMode(storage)).toEqual({
      orderType: 'SIZE_DESC',
      pinFoldersTop: true,
      viewType: 'grid',
    });
    storage.setItem(sharedDisplayModeKey, 'nonsense');
    expect(readSharedDisplayMode(storage).viewType).toBe('grid');
    writeSharedDisplayMode(storage, {});
    expect(storage.getItem(sharedDisplayModeKey)).toBe('nonsense');
  });
});

describe('ssr view type', () => {
  it('reads list or grid from the cookie, grid otherwise, and writes a lax cookie for a year', () => {
    expect(ssrViewTypeOf('list')).toBe('list');
    expect(ssrViewTypeOf('grid')).toBe('grid');
    expect(ssrViewTypeOf('flow')).toBe('grid');
    expect(ssrViewTypeOf(undefined)).toBe('grid');
    const doc = { cookie: '' };
    storeSsrViewType('list', doc);
    expect(doc.cookie).toMatch(/^share_view_type=list; /);
    expect(doc.cookie).toMatch(/Max-Age=31536000/i);
    expect(doc.cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('hidden shared content cover', () => {
  it('remembers the lifted covers of the newest shares', () => {
    const storage = createMemoryStorage();
    expect(isCoverLifted(storage, 's1')).toBe(false);
    liftCover(storage, 's1');
    expect(isCoverLifted(storage, 's1')).toBe(true);
    for (let index = 0; index < hiddenCoverMaxEntries; index += 1) {
      liftCover(storage, `x${index}`);
    }
    expect(isCoverLifted(storage, 's1')).toBe(false);
    expect(JSON.parse(storage.getItem(hiddenCoverKey) ?? '[]')).toHaveLength(hiddenCoverMaxEntries);
    storage.setItem(hiddenCoverKey, '{"s1":true}');
    expect(isCoverLifted(storage, 's1')).toBe(false);
  });

  it('covers the sensitive statuses only', () => {
    expect(isSensitiveStatus('SENSITIVE_RESOURCE')).toBe(true);
    expect(isSensitiveStatus('SENSITIVE_WORD')).toBe(true);
    expect(isSensitiveStatus('AUDITING')).toBe(false);
    expect(isSensitiveStatus(undefined)).toBe(false);
  });
});
