import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  forgetRestore,
  peekRestore,
  rememberRestore,
  rememberRunningRestore,
  restoreContinueKey,
  restoreRequestBodyKey,
  restoreToDriveKey,
  runningRestore,
  takeRestore,
} from './restore-continue';

describe('restore continue', () => {
  it('gives the pending save and its request back once, to its own share', () => {
    const storage = createMemoryStorage();
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'save', at: 1000 },
      { share_id: 'abc', file_ids: ['f1'], parent_id: 'dir', specify_parent_id: true },
    );
    expect(takeRestore(storage, 'other', 2000)).toBeUndefined();
    expect(peekRestore(storage, 'abc', 2000)?.pending.action).toBe('save');
    expect(takeRestore(storage, 'abc', 2000)).toEqual({
      pending: { shareId: 'abc', action: 'save', at: 1000 },
      body: { share_id: 'abc', file_ids: ['f1'], parent_id: 'dir', specify_parent_id: true },
    });
    expect(takeRestore(storage, 'abc', 2000)).toBeUndefined();
    expect(storage.getItem(restoreRequestBodyKey)).toBeNull();
  });

  it('keeps the files of a download asked for before the sign-in', () => {
    const storage = createMemoryStorage();
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'download', fileIds: ['f9', 'f10'], at: 5 },
      { share_id: 'abc', file_ids: [] },
    );
    expect(takeRestore(storage, 'abc', 10)?.pending).toEqual({
      shareId: 'abc',
      action: 'download',
      fileIds: ['f9', 'f10'],
      at: 5,
    });
    // A record of one file, as kept before downloads of several files, is still carried out.
    storage.setItem(
      restoreContinueKey,
      JSON.stringify({ shareId: 'abc', action: 'download', fileId: 'f1', at: 5 }),
    );
    expect(takeRestore(storage, 'abc', 10)?.pending.fileIds).toEqual(['f1']);
  });

  it('carries items picked inside folders, with the path to them, across a reload', () => {
    const storage = createMemoryStorage();
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'save', at: 1 },
      { share_id: 'abc', file_ids: ['x', 'z'], ancestor_ids: ['top', 'mid'] },
    );
    // A reload reads the same local storage again.
    const reloaded = createMemoryStorage();
    for (const key of [restoreContinueKey, restoreRequestBodyKey]) {
      reloaded.setItem(key, storage.getItem(key) ?? '');
    }
    expect(peekRestore(reloaded, 'abc', 2)?.body).toEqual({
      share_id: 'abc',
      file_ids: ['x', 'z'],
      ancestor_ids: ['top', 'mid'],
    });
    expect(takeRestore(reloaded, 'abc', 3)?.body.ancestor_ids).toEqual(['top', 'mid']);
    expect(peekRestore(reloaded, 'abc', 4)).toBeUndefined();
  });

  it('drops a stale, malformed or forgotten record', () => {
    const storage = createMemoryStorage();
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'save', at: 0 },
      { share_id: 'abc', file_ids: [] },
    );
    expect(takeRestore(storage, 'abc', 31 * 60 * 1000)).toBeUndefined();
    expect(storage.getItem(restoreContinueKey)).toBeNull();
    expect(storage.getItem(restoreRequestBodyKey)).toBeNull();
    storage.setItem(restoreContinueKey, '{not json');
    expect(takeRestore(storage, 'abc', 0)).toBeUndefined();
    expect(storage.getItem(restoreContinueKey)).toBeNull();
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'save', at: 0 },
      { share_id: 'abc', file_ids: [] },
    );
    forgetRestore(storage);
    expect(peekRestore(storage, 'abc', 0)).toBeUndefined();
  });

  it('never trusts the stored body for the share id or a hostile parent', () => {
    const storage = createMemoryStorage();
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'save', at: 0 },
      { share_id: 'abc', file_ids: [] },
    );
    storage.setItem(
      restoreRequestBodyKey,
      JSON.stringify({
        share_id: 'evil',
        file_ids: ['a', 3, null],
        parent_id: 7,
        ancestor_ids: 'top',
      }),
    );
    expect(takeRestore(storage, 'abc', 0)?.body).toEqual({ share_id: 'abc', file_ids: ['a'] });
    // A path without chosen items means nothing: the whole share is saved.
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'save', at: 0 },
      { share_id: 'abc', file_ids: [], ancestor_ids: ['top'] },
    );
    expect(takeRestore(storage, 'abc', 0)?.body).toEqual({ share_id: 'abc', file_ids: [] });
  });
});

describe('restore to drive', () => {
  it('follows a running save of its share until it is too old', () => {
    const storage = createMemoryStorage();
    rememberRunningRestore(storage, { shareId: 's1', taskId: 't1', parentId: '', at: 0 });
    expect(runningRestore(storage, 's2', 10)).toBeUndefined();
    expect(runningRestore(storage, 's1', 10)).toEqual({
      shareId: 's1',
      taskId: 't1',
      parentId: '',
      at: 0,
    });
    expect(runningRestore(storage, 's1', 25 * 60 * 60 * 1000)).toBeUndefined();
    expect(storage.getItem(restoreToDriveKey)).toBeNull();
  });
});
