import type { DialogAction } from '@nimbus/contracts';

/*
 * The invite dialog is opened from anywhere (the account menu, the drive's sidebar, a link with
 * `?action=show_invite_dialog`) and shown by the one host the root layout mounts.
 */

/** The window event that asks the host to open the invite dialog. */
export const showInviteDialogEvent = 'nimbus:show-invite-dialog';

/** The dialog action (spec section 3) that opens the invite dialog from a link. */
export const inviteDialogAction = 'show_invite_dialog' satisfies DialogAction;

/** The query parameter that carries a dialog action. */
export const dialogActionParam = 'action';

/** Asks the page's host to open the invite dialog. */
export function openInviteDialog(): void {
  window.dispatchEvent(new Event(showInviteDialogEvent));
}

/**
 * Whether `url` asks for the invite dialog; if so, the address without the action, so that a
 * reload or a shared copy of it does not open the dialog again.
 */
export function takeInviteDialogAction(url: URL): URL | undefined {
  if (url.searchParams.get(dialogActionParam) !== inviteDialogAction) {
    return undefined;
  }
  const rest = new URL(url.href);
  rest.searchParams.delete(dialogActionParam);
  return rest;
}
