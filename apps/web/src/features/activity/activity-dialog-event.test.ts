import { describe, expect, it } from 'vitest';
import { takeActivityDialogAction } from './activity-dialog-event';

describe('activity dialog actions', () => {
  it('opens the beginner and activity dialogs from ?action= and drops the action from the address', () => {
    const beginner = takeActivityDialogAction(
      new URL('https://nimbus.example/ja/drive/all?action=show_beginner_dialog&view=list'),
    );
    expect(beginner?.kind).toBe('beginner');
    expect(beginner?.rest.href).toBe('https://nimbus.example/ja/drive/all?view=list');
    expect(takeActivityDialogAction(new URL('https://nimbus.example/?action=show_activity_dialog'))?.kind).toBe(
      'activity',
    );
  });

  it('leaves other actions and plain addresses alone', () => {
    for (const href of [
      'https://nimbus.example/drive/all?action=show_invite_dialog',
      'https://nimbus.example/drive/all?action=toString',
      'https://nimbus.example/check-in',
    ]) {
      expect(takeActivityDialogAction(new URL(href))).toBeUndefined();
    }
  });
});
