import type { DialogAction } from '@nimbus/contracts';

/*
 * The activity dialogs open from a link's dialog action (spec section 3: `show_beginner_dialog`,
 * `show_activity_dialog`, as `?action=`) or when asked (`openActivityDialog`), and are shown by
 * the one host the root layout mounts.
 */

/** The dialogs: the beginner tasks, or the promotions running now. */
export type ActivityDialogKind = 'beginner' | 'activity';

/** The window event that asks the host to open a dialog (`detail` is its kind). */
export const showActivityDialogEvent = 'nimbus:show-activity-dialog';

const actions = {
  show_beginner_dialog: 'beginner',
  show_activity_dialog: 'activity',
} as const satisfies Partial<Record<DialogAction, ActivityDialogKind>>;

/** Asks the page's host to open an activity dialog. */
export function openActivityDialog(kind: ActivityDialogKind): void {
  window.dispatchEvent(new CustomEvent<ActivityDialogKind>(showActivityDialogEvent, { detail: kind }));
}

/**
 * The dialog `url` asks for with `?action=`, and the address without the action (so a reload or
 * a shared copy does not open it again); undefined when it asks for none of them.
 */
export function takeActivityDialogAction(
  url: URL,
): { kind: ActivityDialogKind; rest: URL } | undefined {
  const action = url.searchParams.get('action') ?? '';
  if (!Object.hasOwn(actions, action)) {
    return undefined;
  }
  const rest = new URL(url.href);
  rest.searchParams.delete('action');
  return { kind: actions[action as keyof typeof actions], rest };
}
