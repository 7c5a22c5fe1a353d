import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import { rememberRestore, restoreContinueKey, takeRestore } from './restore-continue';

describe('restore continue', () => {
  it('gives the pending save back once, to its own share', () => {
    const storage = createMemoryStorage();
    rememberRestore(storage, { shareId: 'abc', fileIds: ['f1'], at: 1000 });
    expect(takeRestore(storage, 'other', 2000)).toBeUndefined();
    expect(takeRestore(storage, 'abc', 2000)).toEqual({
      shareId: 'abc',
      fileIds: ['f1'],
      at: 1000,
    });
    expect(takeRestore(storage, 'abc', 2000)).toBeUndefined();
  });

  it('drops a stale or malformed record', () => {
    const storage = createMemoryStorage();
    rememberRestore(storage, { shareId: 'abc', fileIds: [], at: 0 });
    expect(takeRestore(storage, 'abc', 31 * 60 * 1000)).toBeUndefined();
    expect(storage.getItem(restoreContinueKey)).toBeNull();
    storage.setItem(restoreContinueKey, '{not json');
    expect(takeRestore(storage, 'abc', 0)).toBeUndefined();
    expect(storage.getItem(restoreContinueKey)).toBeNull();
  });
});
