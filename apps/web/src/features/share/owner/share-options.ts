import type { ShareStatus } from '@nimbus/contracts';
import type { CreateShareBody, ShareChanges, ShareSummary } from './share-api';

/*
 * The choices of the share dialogs and what they send, checked as the server checks them
 * (apps/server/src/modules/share: share.policy.ts and share.service.ts), so a mistake shows next
 * to its field before any call. Pure: form state in, a request body or field errors out.
 */

/** A custom pass code: 4 to 16 letters and digits (the server's `passCodePattern`). */
export const passCodePattern = /^[A-Za-z0-9]{4,16}$/;

/** The expiry choices, in days; `-1` never. */
export const expiryChoices = [1, 7, 30, -1] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

/** The largest restore limit the server takes. */
export const maxRestoreLimit = 1_000_000;
/** The longest title the server takes, in characters. */
export const maxTitleLength = 255;

/** How the link is protected: a pass code the server picks, the member's own, or none. */
export type PassCodeMode = 'generated' | 'custom' | 'none';

/** The create dialog's fields as typed. */
export interface ShareForm {
  passCodeMode: PassCodeMode;
  customPassCode: string;
  expirationDays: ExpiryChoice;
  /** Whether saves are limited; `restoreLimit` is the typed number then. */
  limitRestores: boolean;
  restoreLimit: string;
  title: string;
}

/** A new share's defaults: a generated pass code, seven days, unlimited saves. */
export const defaultShareForm: Readonly<ShareForm> = Object.freeze({
  passCodeMode: 'generated',
  customPassCode: '',
  expirationDays: 7,
  limitRestores: false,
  restoreLimit: '10',
  title: '',
});

/** What is wrong with a field, as a message key under `drive.share.error`. */
export type ShareFieldError = 'pass-code' | 'restore-limit' | 'title';

/** Field errors by field; empty when the form can be sent. */
export type ShareFormErrors = Partial<
  Record<'passCode' | 'restoreLimit' | 'title', ShareFieldError>
>;

/** Whether a typed pass code is one the server takes. */
export function isValidPassCode(code: string): boolean {
  return passCodePattern.test(code);
}

/** A typed restore limit as a number, or undefined when it is not a whole number in range. */
export function parseRestoreLimit(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) {
    return undefined;
  }
  const value = Number(trimmed);
  return value >= 1 && value <= maxRestoreLimit ? value : undefined;
}

/** The field errors of a create form. */
export function shareFormErrors(form: ShareForm): ShareFormErrors {
  const errors: ShareFormErrors = {};
  if (form.passCodeMode === 'custom' && !isValidPassCode(form.customPassCode)) {
    errors.passCode = 'pass-code';
  }
  if (form.limitRestores && parseRestoreLimit(form.restoreLimit) === undefined) {
    errors.restoreLimit = 'restore-limit';
  }
  if ([...form.title.trim()].length > maxTitleLength) {
    errors.title = 'title';
  }
  return errors;
}

/** The body of `POST /drive/v1/share` for a valid form. */
export function createShareBody(fileIds: readonly string[], form: ShareForm): CreateShareBody {
  const title = form.title.trim();
  return {
    file_ids: [...fileIds],
    share_to: 'copy',
    expiration_days: form.expirationDays,
    pass_code_option: form.passCodeMode === 'none' ? 'NOT_REQUIRED' : 'REQUIRED',
    ...(form.passCodeMode === 'custom' ? { custom_pass_code: form.customPassCode } : {}),
    restore_limit: form.limitRestores ? (parseRestoreLimit(form.restoreLimit) ?? -1) : -1,
    ...(title === '' ? {} : { title }),
  };
}

/**
 * The link that opens without typing the pass code: the share page reads `?s_code=` and fills
 * the pass code in. The link itself when the share has none.
 */
export function linkWithPassCode(shareUrl: string, passCode: string): string {
  if (passCode === '') {
    return shareUrl;
  }
  const url = new URL(shareUrl);
  url.searchParams.set('s_code', passCode);
  return url.toString();
}

/** The edit dialog's fields: each part is kept unless the member changes it. */
export interface ShareEdit {
  passCode: 'keep' | 'change' | 'remove';
  newPassCode: string;
  expiry: 'keep' | ExpiryChoice;
  limitRestores: boolean;
  restoreLimit: string;
}

/** The edit form of a share, as it stands. */
export function shareEditOf(share: Pick<ShareSummary, 'restore_limit'>): ShareEdit {
  const limit = Number(share.restore_limit);
  return {
    passCode: 'keep',
    newPassCode: '',
    expiry: 'keep',
    limitRestores: limit >= 0,
    restoreLimit: limit >= 0 ? String(limit) : '10',
  };
}

/** The field errors of an edit form. */
export function shareEditErrors(edit: ShareEdit): ShareFormErrors {
  const errors: ShareFormErrors = {};
  if (edit.passCode === 'change' && !isValidPassCode(edit.newPassCode)) {
    errors.passCode = 'pass-code';
  }
  if (edit.limitRestores && parseRestoreLimit(edit.restoreLimit) === undefined) {
    errors.restoreLimit = 'restore-limit';
  }
  return errors;
}

/** The body of `PATCH /drive/v1/share/{id}`: only what differs from the share as it stands. */
export function shareChanges(
  share: Pick<ShareSummary, 'pass_code' | 'restore_limit'>,
  edit: ShareEdit,
): ShareChanges {
  const changes: ShareChanges = {};
  if (edit.passCode === 'change' && edit.newPassCode !== share.pass_code) {
    changes.custom_pass_code = edit.newPassCode;
  }
  if (edit.passCode === 'remove' && share.pass_code !== '') {
    changes.custom_pass_code = '';
  }
  if (edit.expiry !== 'keep') {
    changes.expiration_days = edit.expiry;
  }
  const limit = edit.limitRestores ? (parseRestoreLimit(edit.restoreLimit) ?? -1) : -1;
  if (limit !== Number(share.restore_limit)) {
    changes.restore_limit = limit;
  }
  return changes;
}

/** How much time a share has left, for the list. */
export type ExpiryLeft =
  | { kind: 'never' }
  | { kind: 'expired' }
  | { kind: 'hours'; hours: number }
  | { kind: 'days'; days: number };

/**
 * The time left until `expiration_at` (`""` never), rounded up: whole hours under a day, else
 * whole days (so a link just made for one day reads "1 day", as the server's `expiration_left`).
 */
export function expiryLeftOf(expirationAt: string, now: Date): ExpiryLeft {
  if (expirationAt === '') {
    return { kind: 'never' };
  }
  const left = Date.parse(expirationAt) - now.getTime();
  if (Number.isNaN(left)) {
    return { kind: 'never' };
  }
  if (left <= 0) {
    return { kind: 'expired' };
  }
  const hour = 3_600_000;
  const hours = Math.ceil(left / hour);
  if (hours < 24) {
    return { kind: 'hours', hours };
  }
  return { kind: 'days', days: Math.ceil(left / (24 * hour)) };
}

/** How a status reads at a glance in the list: working, ended, or held by moderation. */
export type StatusTone = 'active' | 'ended' | 'held';

/** The tone of a share status. */
export function statusTone(status: ShareStatus): StatusTone {
  switch (status) {
    case 'OK':
    case 'PASS_CODE_EMPTY':
    case 'PASS_CODE_ERROR':
      return 'active';
    case 'EXPIRED':
    case 'MAX_RESTORE_COUNT':
    case 'DELETED':
    case 'NOT_FOUND':
      return 'ended';
    case 'AUDITING':
    case 'SENSITIVE_RESOURCE':
    case 'SENSITIVE_WORD':
    case 'PROHIBITED':
      return 'held';
  }
}

/** The status filters of the list: every link, or those working, ended or held by moderation. */
export const shareFilters = ['all', 'active', 'ended', 'held'] as const;
export type ShareFilter = (typeof shareFilters)[number];

/** The statuses an owner's list reports for each tone (cancelled links are not listed). */
const statusesByTone: Record<StatusTone, readonly ShareStatus[]> = {
  active: ['OK'],
  ended: ['EXPIRED', 'MAX_RESTORE_COUNT', 'DELETED'],
  held: ['AUDITING', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD', 'PROHIBITED'],
};

/** The `filters` of `GET /drive/v1/share/list` for a filter; undefined for every link. */
export function shareListFilters(filter: ShareFilter): string | undefined {
  if (filter === 'all') {
    return undefined;
  }
  return JSON.stringify({ share_status: { in: statusesByTone[filter].join(',') } });
}
