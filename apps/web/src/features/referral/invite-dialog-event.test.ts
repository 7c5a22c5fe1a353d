import { describe, expect, it } from 'vitest';
import { takeInviteDialogAction } from './invite-dialog-event';

describe('takeInviteDialogAction', () => {
  it('takes the show_invite_dialog action off the address and keeps the rest', () => {
    const rest = takeInviteDialogAction(
      new URL('https://nimbus.example/drive/all?action=show_invite_dialog&parent_id=f1#top'),
    );
    expect(rest?.href).toBe('https://nimbus.example/drive/all?parent_id=f1#top');
  });

  it('leaves other actions and addresses without one to their owners', () => {
    expect(
      takeInviteDialogAction(
        new URL('https://nimbus.example/drive/all?action=show_storage_dialog'),
      ),
    ).toBeUndefined();
    expect(takeInviteDialogAction(new URL('https://nimbus.example/referral'))).toBeUndefined();
  });
});
