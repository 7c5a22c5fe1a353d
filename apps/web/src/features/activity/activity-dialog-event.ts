/*
 * The activity dialogs open from a link's dialog action (docs/product.md#entities: `show_beginner_dialog`,
 * `show_activity_dialog`, as `?action=`, read by the dialog-action host) or when asked
 * (`openActivityDialog`), and are shown by the one host the root layout mounts.
 */

/** The dialogs: the beginner tasks, or the promotions running now. */
export type ActivityDialogKind = 'beginner' | 'activity';

/** The window event that asks the host to open a dialog (`detail` is its kind). */
export const showActivityDialogEvent = 'nimbus:show-activity-dialog';

/** Asks the page's host to open an activity dialog. */
export function openActivityDialog(kind: ActivityDialogKind): void {
  window.dispatchEvent(
    new CustomEvent<ActivityDialogKind>(showActivityDialogEvent, { detail: kind }),
  );
}
