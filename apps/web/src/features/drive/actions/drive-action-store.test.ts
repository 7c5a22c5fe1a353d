import { describe, expect, it } from 'vitest';
import { createDriveActionStore } from './drive-action-store';

describe('the drive action hand-over', () => {
  it('gives a request once, and only to its owner', () => {
    const store = createDriveActionStore();
    store.getState().put({ action: 'show_task', taskId: 't1' });
    expect(store.getState().take(['open_file', 'highlight_files'])).toBeUndefined();
    expect(store.getState().pending).toEqual({ action: 'show_task', taskId: 't1' });
    expect(store.getState().take(['show_task', 'create_task'])).toEqual({
      action: 'show_task',
      taskId: 't1',
    });
    expect(store.getState().take(['show_task'])).toBeUndefined();
  });

  it('keeps the latest request when a new one arrives first', () => {
    const store = createDriveActionStore();
    store.getState().put({ action: 'show_storage_dialog' });
    store.getState().put({ action: 'create_task', url: 'https://files.example/a' });
    expect(store.getState().take(['show_storage_dialog'])).toBeUndefined();
    expect(store.getState().take(['create_task'])).toEqual({
      action: 'create_task',
      url: 'https://files.example/a',
    });
  });
});
