/*
 * The enumerations of docs/product.md #entities and #states (and the ones docs/api.md adds), each as an `as const`
 * list or map and the type derived from it. Their zod schemas (`xxxSchema`) are in
 * enum-schemas.ts, so code that needs only the values (the browser) does not load zod.
 */

// ---------------------------------------------------------------------------------------------
// Sort orders
// ---------------------------------------------------------------------------------------------

/**
 * Sort orders by key name with their numeric codes. docs/product.md#entities gives the codes 3 and 5-8;
 * the two name orders have no code there, so Nimbus gives them the free low numbers: `NAME_ASC` 1 and
 * `NAME_DESC` 2. Code 4 stays unused (there is no "type ascending"). The key name is what
 * display-mode preferences store (docs/product.md#validation).
 */
export const sortOrders = {
  NAME_ASC: 1,
  NAME_DESC: 2,
  TYPE_DESC: 3,
  MODIFY_TIME_ASC: 5,
  MODIFY_TIME_DESC: 6,
  SIZE_ASC: 7,
  SIZE_DESC: 8,
} as const;

export type SortOrder = keyof typeof sortOrders;
export type SortOrderCode = (typeof sortOrders)[SortOrder];

export const sortOrderKeys = Object.keys(sortOrders) as readonly SortOrder[];

/** The text notation of sort orders; "type descending" has none. */
export const sortOrderTexts = [
  'name_asc',
  'name_desc',
  'mod_asc',
  'mod_desc',
  'size_asc',
  'size_desc',
] as const;

export type SortOrderText = (typeof sortOrderTexts)[number];

const textOfSortOrder: Readonly<Record<SortOrder, SortOrderText | undefined>> = {
  NAME_ASC: 'name_asc',
  NAME_DESC: 'name_desc',
  TYPE_DESC: undefined,
  MODIFY_TIME_ASC: 'mod_asc',
  MODIFY_TIME_DESC: 'mod_desc',
  SIZE_ASC: 'size_asc',
  SIZE_DESC: 'size_desc',
};

const sortOrderOfText: Readonly<Record<SortOrderText, SortOrder>> = {
  name_asc: 'NAME_ASC',
  name_desc: 'NAME_DESC',
  mod_asc: 'MODIFY_TIME_ASC',
  mod_desc: 'MODIFY_TIME_DESC',
  size_asc: 'SIZE_ASC',
  size_desc: 'SIZE_DESC',
};

/** The default sort order of every listing (docs/product.md#limits: modify time descending). */
export const defaultSortOrder: SortOrder = 'MODIFY_TIME_DESC';

/** Whether a value is a sort order key name (`NAME_ASC`, ...). */
export function isSortOrder(value: unknown): value is SortOrder {
  return typeof value === 'string' && Object.hasOwn(sortOrders, value);
}

/** Whether a value is a sort order in text notation (`name_asc`, ...). */
export function isSortOrderText(value: unknown): value is SortOrderText {
  return typeof value === 'string' && (sortOrderTexts as readonly string[]).includes(value);
}

/** The numeric code of a sort order. */
export function sortOrderCodeOf(order: SortOrder): SortOrderCode {
  return sortOrders[order];
}

/** The sort order of a numeric code, or undefined for a code that names none. */
export function sortOrderFromCode(code: number): SortOrder | undefined {
  return sortOrderKeys.find((order) => sortOrders[order] === code);
}

/** The text notation of a sort order; undefined for `TYPE_DESC`, which has none. */
export function sortOrderToText(order: SortOrder): SortOrderText | undefined {
  return textOfSortOrder[order];
}

/** The sort order of a text notation. */
export function sortOrderFromText(text: SortOrderText): SortOrder {
  return sortOrderOfText[text];
}

/**
 * Reads a sort order written in any notation: the key name (`MODIFY_TIME_DESC`), the numeric
 * code (`6` or `"6"`) or the text form (`mod_desc`); letter case and surrounding blanks are
 * ignored. Returns undefined for anything else. docs/api.md#files: `order` takes either notation.
 */
export function parseSortOrder(value: unknown): SortOrder | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) ? sortOrderFromCode(value) : undefined;
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed)) {
    return sortOrderFromCode(Number(trimmed));
  }
  const upper = trimmed.toUpperCase();
  if (isSortOrder(upper)) {
    return upper;
  }
  const lower = trimmed.toLowerCase();
  return isSortOrderText(lower) ? sortOrderFromText(lower) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

/** How a file listing is laid out. Only `list` and `grid` are stored as a preference. */
export const viewTypes = ['list', 'grid', 'single', 'flow'] as const;
export type ViewType = (typeof viewTypes)[number];

/** Whether a value is one of the four view types. */
export function isViewType(value: unknown): value is ViewType {
  return typeof value === 'string' && (viewTypes as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Tasks, files and uploads
// ---------------------------------------------------------------------------------------------

/** Task and file phases (docs/product.md#states; the spelling `UNKNOW` is the service's own). */
export const taskPhases = [
  'PHASE_TYPE_UNKNOW',
  'PHASE_TYPE_PENDING',
  'PHASE_TYPE_RUNNING',
  'PHASE_TYPE_ERROR',
  'PHASE_TYPE_COMPLETE',
  'PHASE_TYPE_PAUSED',
] as const;
export type TaskPhase = (typeof taskPhases)[number];

/** Phases after which a task changes no more. */
export const finalTaskPhases = ['PHASE_TYPE_ERROR', 'PHASE_TYPE_COMPLETE'] as const;

/** Whether a task in this phase will change no more (complete or failed). */
export function isFinalTaskPhase(phase: TaskPhase): boolean {
  return (finalTaskPhases as readonly TaskPhase[]).includes(phase);
}

/** The kinds of background task (docs/api.md#tasks). */
export const taskTypes = [
  'offline',
  'restore',
  'copy',
  'move',
  'trash',
  'delete',
  'upload',
] as const;
export type TaskType = (typeof taskTypes)[number];

/** How a file's bytes reach the drive (docs/api.md#files). */
export const uploadTypes = [
  'UPLOAD_TYPE_UNKNOWN',
  'UPLOAD_TYPE_RESUMABLE',
  'UPLOAD_TYPE_FORM',
  'UPLOAD_TYPE_URL',
] as const;
export type UploadType = (typeof uploadTypes)[number];

/** The category of a file's content (docs/api.md#files). */
export const fileCategories = [
  'VIDEO',
  'AUDIO',
  'IMAGE',
  'ARCHIVE',
  'TEXT',
  'DOCUMENT',
  'OTHER',
] as const;
export type FileCategory = (typeof fileCategories)[number];

/**
 * The kinds of recent event of the drive (`GET /drive/v1/events`, docs/api.md#files): a file was
 * uploaded, saved from a share or the trash (`TYPE_RESTORE`), played, viewed, downloaded, or
 * fetched by an offline task.
 */
export const eventTypes = [
  'TYPE_UPLOAD',
  'TYPE_RESTORE',
  'TYPE_PLAY',
  'TYPE_VIEW',
  'TYPE_DOWNLOAD',
  'TYPE_OFFLINE',
] as const;
export type EventType = (typeof eventTypes)[number];

/** Folder types: ordinary folders and the folder offline downloads land in. */
export const folderTypes = ['NORMAL', 'DOWNLOAD'] as const;
export type FolderType = (typeof folderTypes)[number];

/**
 * The `kind` of objects in answers. The first five are those of docs/product.md#entities; the others are
 * the nested objects docs/api.md adds.
 */
export const driveObjectKinds = [
  'drive#file',
  'drive#fileList',
  'drive#folder',
  'drive#task',
  'drive#event',
  'drive#about',
  'drive#quota',
  'drive#resumable',
  'drive#form',
  'drive#proof',
] as const;
export type DriveObjectKind = (typeof driveObjectKinds)[number];

/** Thumbnail sizes a listing may ask for (docs/api.md#files). */
export const thumbnailSizes = ['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE'] as const;
export type ThumbnailSize = (typeof thumbnailSizes)[number];

/** The thumbnail size of share listings when none is asked for (docs/product.md#calls). */
export const defaultThumbnailSize: ThumbnailSize = 'SIZE_LARGE';

// ---------------------------------------------------------------------------------------------
// Shares and restores
// ---------------------------------------------------------------------------------------------

/** The result of checking whether a share may be read (docs/product.md#states, docs/api.md#shares). */
export const shareStatuses = [
  'OK',
  'PASS_CODE_EMPTY',
  'PASS_CODE_ERROR',
  'MAX_RESTORE_COUNT',
  'EXPIRED',
  'DELETED',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'AUDITING',
  'NOT_FOUND',
  'PROHIBITED',
] as const;
export type ShareStatus = (typeof shareStatuses)[number];

/**
 * What a moderator decides about a reported share (docs/api.md#moderation): leave it as it is,
 * cover it as sensitive, take it down, or block the sharer's account.
 */
export const shareDecisionActions = [
  'keep',
  'sensitive_resource',
  'sensitive_word',
  'prohibited',
  'block_sharer',
] as const;
export type ShareDecisionAction = (typeof shareDecisionActions)[number];

/** Why a share was moderated, as its sharer is told in their language (docs/api.md#moderation). */
export const moderationReasons = [
  'copyright',
  'sexual_content',
  'child_safety',
  'violence',
  'hate',
  'harassment',
  'spam',
  'malware',
  'illegal_goods',
  'privacy',
  'other',
] as const;
export type ModerationReason = (typeof moderationReasons)[number];

/** The progress of saving a share into one's drive. */
export const restoreStatuses = ['RESTORE_UNKNOWN', 'RESTORE_START', 'RESTORE_COMPLETE'] as const;
export type RestoreStatus = (typeof restoreStatuses)[number];

/** Whether a share asks for a pass code (docs/api.md#shares). */
export const passCodeOptions = ['REQUIRED', 'NOT_REQUIRED'] as const;
export type PassCodeOption = (typeof passCodeOptions)[number];

/** The scenes of a share page: what the `scene` query parameter may ask it to show. */
export const sharePageScenes = [
  'SHARE',
  'SHARE_DETAIL',
  'SHOW_LOGIN_DIALOG',
  'SHARE_PREVIEW_WINDOW',
] as const;
export type SharePageScene = (typeof sharePageScenes)[number];

// ---------------------------------------------------------------------------------------------
// Dialog actions and embedded mode
// ---------------------------------------------------------------------------------------------

/** The values of the `action` query parameter that open a dialog or start a flow. */
export const dialogActions = [
  'show_task',
  'open_file',
  'highlight_files',
  'create_task',
  'show_storage_dialog',
  'show_mobile_sidebar',
  'move_files',
  'open_redeem_box',
  'search',
  'open_feedback',
  'login_required',
  'show_traffic_dialog',
  'show_invite_dialog',
  'show_beginner_dialog',
  'show_activity_dialog',
  'show_popup_window',
  'login_to_drive',
  'show_login',
  'url_checker',
  'landing_page',
] as const;
export type DialogAction = (typeof dialogActions)[number];

/** Actions an embedded drive handles itself instead of passing them to the parent page. */
export const embeddedPassThroughActions = [
  'open_file',
  'show_task',
  'highlight_files',
  'search',
] as const satisfies readonly DialogAction[];

/** Actions an embedded drive sends to the parent page instead of following the link. */
export const embeddedInterceptedActions: readonly DialogAction[] = dialogActions.filter(
  (action) => !(embeddedPassThroughActions as readonly DialogAction[]).includes(action),
);

/** The path of the feedback page; a link to it sends `open_feedback` to the parent. */
export const feedbackPath = '/drive/feedback';

function isDrivePath(pathname: string): boolean {
  return pathname === '/drive' || pathname.startsWith('/drive/');
}

/**
 * The action an embedded drive sends to its parent page when a link to `href` is clicked, or
 * undefined when the link is followed normally (docs/product.md #screens-and-routes and #validation). The link is intercepted
 * only when it parses (relative links resolve against `base`), its path begins `/drive` and its
 * `action` query value starts with an intercepted action; a link to the feedback page answers
 * `open_feedback`. When several actions match, the longest wins.
 */
export function embeddedActionOf(href: string, base?: string | URL): DialogAction | undefined {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return undefined;
  }
  if (!isDrivePath(url.pathname)) {
    return undefined;
  }
  const value = url.searchParams.get('action');
  if (value) {
    const matches = embeddedInterceptedActions.filter((action) => value.startsWith(action));
    const longest = matches.sort((a, b) => b.length - a.length)[0];
    if (longest !== undefined) {
      return longest;
    }
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  return pathname === feedbackPath ? 'open_feedback' : undefined;
}

// ---------------------------------------------------------------------------------------------
// Devices, platforms and clients
// ---------------------------------------------------------------------------------------------

/** Device type codes sent with captcha and analytics requests. */
export const deviceTypes = {
  PC: 0,
  WEB: 1,
  WAP: 3,
  MAC: 4,
  ANDROID: 10,
  LINUX: 12,
} as const;
export type DeviceType = keyof typeof deviceTypes;
export type DeviceTypeCode = (typeof deviceTypes)[DeviceType];

/** The device type code used when none is known: WEB. */
export const defaultDeviceTypeCode: DeviceTypeCode = deviceTypes.WEB;

/** The code of a device type name (any letter case); the default code for anything else. */
export function deviceTypeCodeOf(name: string | null | undefined): DeviceTypeCode {
  const upper = name?.trim().toUpperCase();
  if (upper !== undefined && Object.hasOwn(deviceTypes, upper)) {
    return deviceTypes[upper as DeviceType];
  }
  return defaultDeviceTypeCode;
}

/** Operating systems the download pages name. */
export const platforms = ['iOS', 'Android', 'Mac OS', 'Windows'] as const;
export type Platform = (typeof platforms)[number];

/** Where an app can be downloaded: package file, app stores (`gp` is Google Play), TV, desktop. */
export const downloadChannels = ['android', 'ios', 'gp', 'tv', 'windows'] as const;
export type DownloadChannel = (typeof downloadChannels)[number];

/** The `client_type` of the analytics context. */
export const analyticsClientTypes = ['ios', 'android', 'mac', 'pc'] as const;
export type AnalyticsClientType = (typeof analyticsClientTypes)[number];

/** Region kinds of a deployment. */
export const regionKinds = ['global', 'regional'] as const;
export type RegionKind = (typeof regionKinds)[number];

// ---------------------------------------------------------------------------------------------
// Analytics and prompts
// ---------------------------------------------------------------------------------------------

/** Where a visitor entered the drive from. */
export const entrySources = [
  'browser_extension',
  'official_website',
  'cloud_page',
  'landing_page',
  'home_recent',
  'share_page',
  'starred_file',
] as const;
export type EntrySource = (typeof entrySources)[number];

/** Where an offline task was created from. */
export const taskSources = [
  'add_button',
  'plugin_entry',
  'cloud_page',
  'landing_page',
  'payment_page',
  'official_page',
  'url_checker',
  'share_page',
] as const;
export type TaskSource = (typeof taskSources)[number];

/** The surfaces a prompt (an offer to save or open a link) can appear on. */
export const promptSurfaceTypes = [
  'UNKNOWN',
  'POPUP',
  'POPUP_MAC',
  'DETECT_DIALOG',
  'DETECT_DIALOG_MAC',
  'VIEW',
  'BAR',
] as const;
export type PromptSurfaceType = (typeof promptSurfaceTypes)[number];

/** The outcome of a sign-in: `empty` means a new user. */
export const loginResults = ['success', 'init', 'toget', 'empty'] as const;
export type LoginResult = (typeof loginResults)[number];

/** Where a sign-in started; remembered so the site can return there (docs/product.md#states). */
export const loginScenes = ['share_page', 'official_page'] as const;
export type LoginScene = (typeof loginScenes)[number];

/** The login scene of a page: the share page when its URL contains `/s/`. */
export function loginSceneOf(url: string): LoginScene {
  return url.includes('/s/') ? 'share_page' : 'official_page';
}

// ---------------------------------------------------------------------------------------------
// Membership
// ---------------------------------------------------------------------------------------------

/** Compensation activities Nimbus knows (docs/product.md#entities). */
export const compensationActivityTypes = ['aliyun_accident_202409'] as const;
export type CompensationActivityType = (typeof compensationActivityTypes)[number];

// ---------------------------------------------------------------------------------------------
// Settings and events
// ---------------------------------------------------------------------------------------------

/** The user settings of docs/product.md#entities, by Nimbus name. */
export const userSettings = [
  'separate_other_app_folders',
  'test_mode',
  'default_folder_by_platform',
  'filter_files_on_create',
  'display_sensitive_shares',
  'auto_identify_share_code',
] as const;
export type UserSetting = (typeof userSettings)[number];

/** The events the web app's parts send each other (docs/product.md#states), by Nimbus name. */
export const internalEvents = [
  'after_login',
  'close_video_player',
  'close_picture_player',
  'set_video_freeze',
  'file_manager_close',
  'login_failed',
  'logout_success',
  'player_mount',
  'player_restore',
  'restore_saving',
  'restore_status',
  'restore_click',
  'jump_to_vip',
  'share_page_jump_to_web',
] as const;
export type InternalEvent = (typeof internalEvents)[number];
