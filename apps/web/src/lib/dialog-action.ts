import type { DialogAction } from '@nimbus/contracts';
import { dialogActions, isLocale } from '@nimbus/contracts';

/*
 * The dialog actions of docs/product.md#entities, asked for by an address (`?action=` with its companion
 * parameters). `readDialogAction` reads and checks them; `placeOf` says where each one runs. The
 * host (dialog-action-host.tsx) performs them and takes them off the address, so a reload or a
 * shared copy of the address does not repeat them.
 */

/** The query parameter that carries a dialog action. */
export const actionParam = 'action';

/** The companion parameters: an offline task, drive items, a link, a search text. */
export const actionParams = {
  taskId: 'task_id',
  fileId: 'file_id',
  url: 'url',
  keyword: 'keyword',
} as const;

/** What an address asks for, checked: the ids are well-formed, the texts bounded. */
export type DialogActionRequest =
  | { action: 'show_task'; taskId: string }
  | { action: 'open_file'; fileId: string }
  | { action: 'highlight_files' | 'move_files'; fileIds: string[] }
  | { action: 'create_task'; url: string }
  | { action: 'search'; keyword: string }
  | { [A in PlainAction]: { action: A } }[PlainAction];

/** The actions without companion parameters. */
type PlainAction = Exclude<
  DialogAction,
  'show_task' | 'open_file' | 'highlight_files' | 'move_files' | 'create_task' | 'search'
>;

/** The actions the drive's pages perform (the rest run on any page). */
export type DriveActionRequest = Extract<
  DialogActionRequest,
  {
    action:
      | 'show_task'
      | 'create_task'
      | 'open_file'
      | 'highlight_files'
      | 'move_files'
      | 'show_storage_dialog'
      | 'show_traffic_dialog';
  }
>;

/** The most items one address may name (the API's batch limit). */
export const maxActionFileIds = 100;
/** The longest link a `create_task` address may carry into the Add dialog. */
export const maxActionUrlLength = 4096;
/** The longest search text. */
export const maxKeywordLength = 200;

/** Ids of the API are opaque URL-safe strings (docs/api.md#conventions); anything else names nothing. */
const idPattern = /^[A-Za-z0-9_-]{1,128}$/;

function isId(value: string): boolean {
  return idPattern.test(value);
}

/** Removes control characters and surrounding space from a text that came from an address. */
function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
}

/** The ids of every `file_id` parameter (each may list several, comma-separated), once each. */
function fileIdsOf(params: URLSearchParams): string[] | undefined {
  const ids = params
    .getAll(actionParams.fileId)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim());
  if (ids.length === 0 || ids.length > maxActionFileIds || !ids.every(isId)) {
    return undefined;
  }
  return [...new Set(ids)];
}

function isDialogAction(value: string): value is DialogAction {
  return (dialogActions as readonly string[]).includes(value);
}

/**
 * The request `params` make, or undefined when they ask for no known action or its companion
 * parameters are missing or malformed (then nothing is done: a hostile address runs nothing).
 */
export function requestOf(params: URLSearchParams): DialogActionRequest | undefined {
  const action = params.get(actionParam);
  if (action === null || !isDialogAction(action)) {
    return undefined;
  }
  switch (action) {
    case 'show_task': {
      const taskId = params.get(actionParams.taskId) ?? '';
      return isId(taskId) ? { action, taskId } : undefined;
    }
    case 'open_file': {
      const ids = fileIdsOf(params);
      return ids?.length === 1 && ids[0] !== undefined ? { action, fileId: ids[0] } : undefined;
    }
    case 'highlight_files':
    case 'move_files': {
      const fileIds = fileIdsOf(params);
      return fileIds ? { action, fileIds } : undefined;
    }
    case 'create_task': {
      const url = cleanText(params.get(actionParams.url) ?? '');
      return url.length <= maxActionUrlLength ? { action, url } : undefined;
    }
    case 'search': {
      const keyword = cleanText(params.get(actionParams.keyword) ?? '').slice(0, maxKeywordLength);
      return keyword === '' ? undefined : { action, keyword };
    }
    case 'show_storage_dialog':
    case 'show_traffic_dialog':
    case 'show_mobile_sidebar':
    case 'open_redeem_box':
    case 'open_feedback':
    case 'login_required':
    case 'show_invite_dialog':
    case 'show_beginner_dialog':
    case 'show_activity_dialog':
    case 'show_popup_window':
    case 'login_to_drive':
    case 'show_login':
    case 'url_checker':
    case 'landing_page':
      return { action };
  }
}

/** The parameters an action uses, taken off the address with it. */
function companionsOf(action: string): string[] {
  switch (action) {
    case 'show_task':
      return [actionParams.taskId];
    case 'open_file':
    case 'highlight_files':
    case 'move_files':
      return [actionParams.fileId];
    case 'create_task':
      return [actionParams.url];
    case 'search':
      return [actionParams.keyword];
    default:
      return [];
  }
}

/**
 * What `url` asks for with `?action=`: the checked request (undefined when it names no known
 * action or carries malformed parameters), whether the action is a known one, and the
 * address without the action and its companion parameters. Undefined when the address has no
 * `action` parameter at all.
 */
export function readDialogAction(
  url: URL,
): { request: DialogActionRequest | undefined; known: boolean; rest: URL } | undefined {
  const action = url.searchParams.get(actionParam);
  if (action === null) {
    return undefined;
  }
  const request = requestOf(url.searchParams);
  const rest = new URL(url.href);
  rest.searchParams.delete(actionParam);
  for (const name of companionsOf(action)) {
    rest.searchParams.delete(name);
  }
  return { request, known: isDialogAction(action), rest };
}

/**
 * Where an action runs:
 * - `drive`: on the drive page named (`/drive/all` or `/drive/tasks`), for a signed-in member;
 * - `shell`: on any page of the drive's shell (the sidebar's sections), signed in;
 * - `page`: where the visitor is (dialogs of every page, navigations, sign-in);
 * - `payment`: left to the payment page, which opens its redeem box itself.
 */
export type ActionPlace =
  | { kind: 'drive'; path: '/drive/all' | '/drive/tasks' }
  | { kind: 'shell' }
  | { kind: 'page' }
  | { kind: 'payment' };

/** The dispatch table: where each action of docs/product.md#entities runs. */
export const actionPlaces: Record<DialogAction, ActionPlace> = {
  show_task: { kind: 'drive', path: '/drive/tasks' },
  create_task: { kind: 'drive', path: '/drive/tasks' },
  open_file: { kind: 'drive', path: '/drive/all' },
  highlight_files: { kind: 'drive', path: '/drive/all' },
  move_files: { kind: 'drive', path: '/drive/all' },
  search: { kind: 'page' },
  show_storage_dialog: { kind: 'shell' },
  show_traffic_dialog: { kind: 'shell' },
  show_mobile_sidebar: { kind: 'page' },
  open_redeem_box: { kind: 'payment' },
  open_feedback: { kind: 'page' },
  login_required: { kind: 'page' },
  login_to_drive: { kind: 'page' },
  show_login: { kind: 'page' },
  show_invite_dialog: { kind: 'page' },
  show_beginner_dialog: { kind: 'page' },
  show_activity_dialog: { kind: 'page' },
  show_popup_window: { kind: 'page' },
  url_checker: { kind: 'page' },
  landing_page: { kind: 'page' },
};

/** The paths of the drive's shell, where `shell` actions run. */
export const shellPaths = [
  '/drive/all',
  '/drive/recent',
  '/drive/starred',
  '/drive/shares',
  '/drive/trash',
  '/drive/tasks',
];

/** The path without its locale segment (`/ja/drive/all` -> `/drive/all`), without a trailing slash. */
export function pathWithoutLocale(pathname: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  const path = isLocale(first) ? `/${rest.join('/')}` : pathname;
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** What the host does with a request on a page (`pathname` without its locale). */
export type ActionStep =
  /** Run it here, now. */
  | { kind: 'run' }
  /** Go to the page that runs it, carrying the whole address's query along. */
  | { kind: 'go'; path: string }
  /** Wait: the page's owner takes it (the payment page), or the session is not known yet. */
  | { kind: 'wait' };

/** The step to take for `request` on `pathname` with the session in `session`. */
export function stepOf(
  request: DialogActionRequest,
  pathname: string,
  session: 'unknown' | 'signed-in' | 'signed-out',
): ActionStep {
  const place = actionPlaces[request.action];
  switch (place.kind) {
    case 'page':
      return { kind: 'run' };
    case 'payment':
      return pathname === '/drive/payment'
        ? { kind: 'wait' }
        : { kind: 'go', path: '/drive/payment' };
    case 'drive':
      if (pathname !== place.path) {
        return { kind: 'go', path: place.path };
      }
      // Signed out, the drive sends the visitor to sign in with the whole address (action
      // included) as the way back, so the action runs once they are signed in.
      return session === 'signed-in' ? { kind: 'run' } : { kind: 'wait' };
    case 'shell':
      if (!shellPaths.includes(pathname)) {
        return { kind: 'go', path: '/drive/all' };
      }
      return session === 'signed-in' ? { kind: 'run' } : { kind: 'wait' };
  }
}
