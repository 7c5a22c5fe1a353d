/*
 * The invite dialog is opened from anywhere (the account menu, the drive's sidebar, a link with
 * `?action=show_invite_dialog` through the dialog-action host) and shown by the one host the
 * root layout mounts.
 */

/** The window event that asks the host to open the invite dialog. */
export const showInviteDialogEvent = 'nimbus:show-invite-dialog';

/** Asks the page's host to open the invite dialog. */
export function openInviteDialog(): void {
  window.dispatchEvent(new Event(showInviteDialogEvent));
}
