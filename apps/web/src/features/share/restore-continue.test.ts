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

  it('keeps the file of a download asked for before the sign-in', () => {
    const storage = createMemoryStorage();
    rememberRestore(
      storage,
      { shareId: 'abc', action: 'download', fileId: 'f9', at: 5 },
      { share_id: 'abc', file_ids: [] },
    );
    expect(takeRestore(storage, 'abc', 10)?.pending).toEqual({
      shareId: 'abc',
      action: 'download',
      fileId: 'f9',
      at: 5,
    });
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
      JSON.stringify({ share_id: 'evil', file_ids: ['a', 3, null], parent_id: 7 }),
    );
    expect(takeRestore(storage, 'abc', 0)?.body).toEqual({ share_id: 'abc', file_ids: ['a'] });
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
