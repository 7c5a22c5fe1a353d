import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  shareMessage,
  shareStatuses,
  type Locale,
  type ShareStatus,
  type SortOrder,
} from '@nimbus/contracts';
import type { ModerationStatus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { filterError, filterValues, readFilters } from '../../http/filters';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import { newId, newIds, safeEqual } from '../../lib/secrets';
import type { WindowLimiter } from '../../lib/window-limiter';
import { decodePageToken, encodePageToken, foldName, sortKeysOf } from '../drive/file-listing';
import type { ShareScope } from '../drive/file.dto';
import type { FileCondition, FileQueries, FileRecord } from '../drive/file.repository';
import { newFolderRecord, numberedName, type FileService } from '../drive/file.service';
import type { PlanProvider } from '../membership/membership.service';
import type { AuthFailureRepository } from '../user/auth-failure.repository';
import { avatarUrlOf } from '../user/avatar.service';
import type { CaptchaGuard } from '../user/captcha-guard';
import { createPassCodeGuard } from './pass-code-guard';
import { isPassCodeTokenValid, passCodeStamp, signPassCodeToken } from './pass-code-token';
import {
  generatePassCode,
  isCoverOnly,
  maskedName,
  passCodePattern,
  shareStatusOf,
  type PassCodeProof,
} from './share.policy';
import { defaultEventsPerMember } from '../event/event.service';
import type { TaskRecord } from '../task/task.repository';
import type {
  FrozenCopy,
  ShareQueries,
  ShareRecord,
  ShareRepository,
  TreeItem,
} from './share.repository';

export interface ShareServiceDeps {
  shares: ShareRepository;
  failures: Pick<AuthFailureRepository, 'find' | 'record' | 'lock'>;
  captchaGuard: CaptchaGuard;
  limiter: WindowLimiter;
  /** HMAC key of pass-code tokens. */
  passCodeKey: Uint8Array;
  /** The site's origin: share links are `<publicUrl>/s/<share_id>`, stored avatars are served there too. */
  publicUrl: string;
  /** The saver's plan, which sets the storage limit (membership module). */
  plans: PlanProvider;
  limits: {
    /** Window of the wrong-pass-code counters, in seconds. */
    windowSeconds: number;
    /** Wrong pass codes (any share) one device or address may try per window before it is held. */
    maxFailuresPerClient: number;
  };
  now: () => Date;
  /** Saves of more items than this run as a background `restore` task (default 1,000). */
  backgroundItems?: number;
  /** Items a background save makes per transaction (default 2,000); its progress moves after each. */
  restoreChunkItems?: number;
  /**
   * Called between two chunks of a background save, after the first committed (tests: a
   * failure thrown here stands for a worker that dies mid-way).
   */
  betweenRestoreChunks?: (taskId: string) => Promise<void>;
  /** How many `TYPE_RESTORE` and other events each member keeps (default that of the event module). */
  eventsPerMember?: number;
  /** A save was queued: the restore worker should look at its queue. */
  onQueued?: () => void;
  logger?: { error(object: unknown, message: string): void };
  /** The drive's selection tree (paths inside an archive), for zips of a share's items. */
  selection?: Pick<FileService, 'selectionTree'>;
}

/** Who opens a share, as the pass-code limits and the texts need them. */
export interface Visitor {
  /** The signed-in member, or null for an anonymous visitor. */
  userId: string | null;
  locale: Locale;
  address: string;
  /** `x-device-id` when well formed, else `''`. */
  deviceId: string;
  clientId: string;
  captchaToken: string | undefined;
}

/** A listing of a share: the order and the page. */
export interface SharePageInput {
  order: SortOrder;
  foldersFirst: boolean;
  limit: number;
  pageToken: string | undefined;
}

/** A file as a share shows it, with whether it is one of the chosen items. */
export interface SharedFile {
  record: FileRecord;
  isTopLevel: boolean;
  moderation: ModerationStatus | undefined;
}

/** The answer of a share call whose share is not readable: only the status. */
export interface Unreadable {
  status: Exclude<ShareStatus, 'OK'>;
}

export interface OpenedShare {
  status: 'OK';
  share: ShareRecord;
  /** What the links of the share's files are bound to. */
  scope: ShareScope;
  passCodeToken: string;
  sharer: { id: string; nickname: string; avatar: string };
  files: SharedFile[];
  nextPageToken: string;
}

/** A pass-code status answered with who shares, so the pass-code page can show them. */
export interface LockedShare {
  status: 'PASS_CODE_EMPTY' | 'PASS_CODE_ERROR';
  sharer: { id: string; nickname: string; avatar: string };
}

export interface CreateShareInput {
  fileIds: string[];
  shareTo: string;
  expirationDays: number;
  passCodeOption: 'REQUIRED' | 'NOT_REQUIRED';
  customPassCode: string | undefined;
  restoreLimit: number;
  title: string | undefined;
}

export interface RestoreInput {
  passCodeToken: string;
  fileIds: string[];
  ancestorIds: string[];
  parentId: string;
  specifyParentId: boolean;
  shareUserId: string | undefined;
  gcids: string[] | undefined;
}

/**
 * A save's answer: with `started`, a background task was queued (`RESTORE_START`); without, the
 * save is done (`RESTORE_COMPLETE`). `fileId` is the folder it lands in.
 */
export type RestoreResult =
  Unreadable | { status: 'OK'; taskId: string; fileId: string; restored: number; started: boolean };

/** What a zip of a share's items holds: the chosen items and their trees, moderated ones left out. */
export type ShareZipResult =
  | Unreadable
  | {
      status: 'OK';
      share: ShareRecord;
      rootIds: string[];
      entries: { record: FileRecord; path: string }[];
    };

/** Saves of more items (files and folders) than this are done by the restore worker. */
export const backgroundRestoreItems = 1000;

/** Items the restore worker makes per transaction: the steps its progress moves in. */
export const restoreChunkItems = 2000;

/** Runs of a background save that fail after its plan was frozen before it stops (`restore_failed`). */
const maxRestoreAttempts = 5;

/** What a save copies: the chosen items still live, in the order chosen, and the live items inside them. */
interface SavedTree {
  roots: FileRecord[];
  /** Each once, parents before children. */
  inside: TreeItem[];
  /** Items in all. */
  count: number;
  /** Bytes of the files. */
  added: number;
}

/** A share row as the owner's list shows it, with its status. */
export type OwnedShare = ShareRecord & { status: ShareStatus };

const maxDepth = 256;
const moderationStatuses = [
  'OK',
  'AUDITING',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'PROHIBITED',
] as const;

/** Share ids: 128 random bits, URL-safe (docs/api.md#conventions asks for at least 96). */
function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

/** The restore worker no longer holds the task (deleted, or taken back): stop without a trace. */
class RestoreStopped extends Error {
  constructor() {
    super('the task is no longer held');
  }
}

/** Rolls a save back with an answer instead of an error. */
class RestoreRefused extends Error {
  constructor(readonly status: Exclude<ShareStatus, 'OK'>) {
    super(status);
  }
}

/** The columns a copy takes from a shared item (the name and name key of chosen items change). */
function columnsOf(
  item: Pick<
    TreeItem,
    | 'kind'
    | 'name'
    | 'nameKey'
    | 'size'
    | 'sha256'
    | 'gcid'
    | 'mimeType'
    | 'fileExtension'
    | 'fileCategory'
    | 'phase'
  >,
) {
  return {
    t: item.kind,
    a: item.name,
    k: item.nameKey,
    s: item.size,
    h: item.sha256,
    g: item.gcid,
    m: item.mimeType,
    x: item.fileExtension,
    c: item.fileCategory,
    f: item.phase,
  };
}

/** How many copies of a plan point at each blob. */
function blobCounts(plan: FrozenCopy[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const copy of plan) {
    if (copy.h !== null) {
      counts.set(copy.h, (counts.get(copy.h) ?? 0) + 1);
    }
  }
  return counts;
}

/** Bytes of the complete files of a plan: what a save books on the storage counter. */
function bookedBytes(plan: FrozenCopy[]): number {
  return plan.reduce((sum, copy) => sum + (copy.t === 'file' && copy.h !== null ? copy.s : 0), 0);
}

/** The progress of a large save after `copied` of `total` items: 1-99 until it completes. */
function progressOf(copied: number, total: number): number {
  return Math.min(99, Math.max(1, Math.floor((copied * 100) / Math.max(total, 1))));
}

/**
 * Shares (docs/api.md#shares): the owner's links, opening and browsing them by visitors, saving them into
 * one's drive by reference, reports and moderation. Every file id a visitor names is located
 * inside the share by walking up from it to a chosen item; anything else answers `NOT_FOUND`, as
 * a share that does not exist does.
 */
export function createShareService(deps: ShareServiceDeps) {
  const { shares, now } = deps;
  const backgroundItems = deps.backgroundItems ?? backgroundRestoreItems;
  const chunkItems = Math.max(1, deps.restoreChunkItems ?? restoreChunkItems);
  const eventsPerMember = deps.eventsPerMember ?? defaultEventsPerMember;
  const passCodes = createPassCodeGuard({
    failures: deps.failures,
    captchaGuard: deps.captchaGuard,
    limits: deps.limits,
    now,
  });

  /** Runs a save again when a parallel call took one of its names meanwhile. */
  async function retryingNameRaces<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt < 8 && shares.isUniqueViolation(error)) {
          continue;
        }
        throw error;
      }
    }
  }

  function shareUrl(id: string): string {
    return new URL(`/s/${id}`, deps.publicUrl).toString();
  }

  function expiresAtOf(days: number, from: Date): string | null {
    return days < 0 ? null : new Date(from.getTime() + days * 86_400_000).toISOString();
  }

  /** The status of a share before the pass code: moderation, deletion, expiry, saves. */
  function baseStatus(share: ShareRecord): ShareStatus {
    return shareStatusOf(
      {
        auditStatus: share.auditStatus,
        isCancelled: share.cancelledAt !== null,
        liveItems: share.liveItems,
        expiresAt: share.expiresAt,
        restoreLimit: share.restoreLimit,
        restoreCount: share.restoreCount,
      },
      { isOwner: true, needsPassCode: false, proof: 'none' },
      now(),
    );
  }

  /** The share and its pass code in force, as the links handed out through it carry them. */
  function scopeOf(share: ShareRecord): ShareScope {
    return {
      shareId: share.id,
      stamp: passCodeStamp(deps.passCodeKey, { shareId: share.id, passCode: share.passCode }),
    };
  }

  /**
   * Who shares, as visitors see them: the masked name and the avatar only when Nimbus stores
   * and serves it; a picture the member set as an external URL is left out, so no third party
   * learns who opens the share.
   */
  async function sharerOf(share: ShareRecord) {
    const member = await shares.member(share.userId);
    const avatar = member?.storedAvatar ? avatarUrlOf(deps.publicUrl, member.storedAvatar) : '';
    return { id: share.userId, nickname: maskedName(member?.name ?? ''), avatar };
  }

  /**
   * The one access check of every visitor call: the share and the visitor's status. A pass code
   * (only `open` takes one) is checked after the limits and compared in constant time; a
   * pass-code token must be signed for this share and its current pass code.
   */
  async function access(
    shareId: string,
    visitor: Visitor,
    proofs: { passCode?: string | undefined; passCodeToken?: string | undefined },
  ): Promise<{
    status: ShareStatus;
    share: ShareRecord | undefined;
    token: string;
    returning: boolean;
  }> {
    const share = shareId === '' ? undefined : await shares.find(shareId);
    if (!share) {
      return { status: 'NOT_FOUND', share: undefined, token: '', returning: false };
    }
    const base = baseStatus(share);
    if (base !== 'OK') {
      return { status: base, share, token: '', returning: false };
    }
    const needsPassCode = share.passCode !== '';
    const isOwner = visitor.userId === share.userId;
    const sign = () =>
      signPassCodeToken(deps.passCodeKey, {
        shareId: share.id,
        passCode: share.passCode,
        now: now(),
      });
    let proof: PassCodeProof = 'none';
    let token = '';
    // A visitor who brings a valid token has been here within its 12 hours.
    let returning = false;
    if (
      proofs.passCodeToken &&
      isPassCodeTokenValid(deps.passCodeKey, proofs.passCodeToken, {
        shareId: share.id,
        passCode: share.passCode,
        now: now(),
      })
    ) {
      proof = 'valid';
      token = proofs.passCodeToken;
      returning = true;
    } else if (
      needsPassCode &&
      !isOwner &&
      proofs.passCode !== undefined &&
      proofs.passCode !== ''
    ) {
      const admitted = await passCodes.admit(share.id, visitor);
      if (safeEqual(proofs.passCode, share.passCode)) {
        proof = 'valid';
        token = sign();
      } else {
        proof = 'wrong';
        await passCodes.reject(share.id, visitor, admitted);
      }
    }
    const status = shareStatusOf(
      {
        auditStatus: 'OK',
        isCancelled: false,
        liveItems: share.liveItems,
        expiresAt: null,
        restoreLimit: -1,
        restoreCount: 0,
      },
      { isOwner, needsPassCode, proof },
      now(),
    );
    if (status === 'OK' && token === '') {
      token = sign();
    }
    return { status, share, token, returning };
  }

  /**
   * Finds a file inside a share: the owner's live item that is a chosen item or lies below one.
   * Answers the item and the chosen-or-inner folders above it (nearest first), or undefined.
   */
  async function locate(
    queries: ShareQueries,
    share: ShareRecord,
    items: Set<string>,
    fileId: string,
  ): Promise<{ record: FileRecord; ancestors: string[] } | undefined> {
    const record = await queries.ownerFile(share.userId, fileId);
    const ancestors: string[] = [];
    let current = record;
    for (let depth = 0; depth < maxDepth; depth += 1) {
      if (!current || current.trashed !== 0) {
        return undefined;
      }
      if (items.has(current.id)) {
        return record ? { record, ancestors } : undefined;
      }
      if (current.parentId === '') {
        return undefined;
      }
      ancestors.push(current.parentId);
      current = await queries.ownerFile(share.userId, current.parentId);
    }
    return undefined;
  }

  async function sharedFiles(records: FileRecord[], items: Set<string>): Promise<SharedFile[]> {
    const moderation = await shares.fileModeration(records.map((record) => record.id));
    return records.map((record) => ({
      record,
      isTopLevel: items.has(record.id),
      moderation: moderation.get(record.id),
    }));
  }

  /** The moderation states of many items, asked in slices (SQL parameter limits). */
  async function moderationOf(ids: string[]): Promise<Map<string, ModerationStatus>> {
    const found = new Map<string, ModerationStatus>();
    for (let start = 0; start < ids.length; start += 500) {
      for (const [id, status] of await shares.fileModeration(ids.slice(start, start + 500))) {
        found.set(id, status);
      }
    }
    return found;
  }

  /**
   * The chosen items of a visitor's call (`file_ids`, `[]` for all of the share's), each located
   * inside the share, with the folders opened to reach them (`ancestor_ids`), each a folder of
   * the share above every chosen item; an item chosen with a folder above it comes with that
   * folder. `NOT_FOUND` for anything else; a moderated item chosen by id (or opened to reach
   * one) answers its state.
   */
  async function chosenRoots(
    share: ShareRecord,
    fileIds: string[],
    ancestorIds: string[],
  ): Promise<Unreadable | { status: 'OK'; rootIds: string[] }> {
    const itemList = await shares.itemIds(share.id);
    if (fileIds.length === 0) {
      const live = new Set(
        (await shares.ownerFiles(share.userId, itemList))
          .filter((record) => record.trashed === 0)
          .map((record) => record.id),
      );
      // The whole share: items under moderation are left out below, as inside folders.
      return { status: 'OK', rootIds: itemList.filter((id) => live.has(id)) };
    }
    const items = new Set(itemList);
    const chosen = [...new Set(fileIds)];
    const located = new Map<string, string[]>();
    for (const id of chosen) {
      const found = await locate(shares, share, items, id);
      if (!found) {
        return { status: 'NOT_FOUND' };
      }
      located.set(id, found.ancestors);
    }
    for (const id of new Set(ancestorIds)) {
      const found = await locate(shares, share, items, id);
      if (
        !found ||
        found.record.kind !== 'folder' ||
        !chosen.every((chosenId) => (located.get(chosenId) ?? []).includes(id))
      ) {
        return { status: 'NOT_FOUND' };
      }
    }
    const rootIds = chosen.filter(
      (id) => !(located.get(id) ?? []).some((ancestor) => located.has(ancestor)),
    );
    const blocked = [
      ...(await shares.fileModeration([...rootIds, ...new Set(ancestorIds)])).values(),
    ][0];
    return blocked ? { status: blocked as Unreadable['status'] } : { status: 'OK', rootIds };
  }

  /** A keyset page of a folder inside the share, or of the chosen items (`folderId` `''`). */
  async function page(
    share: ShareRecord,
    items: string[],
    folderId: string,
    input: SharePageInput,
  ): Promise<{ files: SharedFile[]; nextPageToken: string }> {
    const keys = sortKeysOf(input.order, input.foldersFirst);
    const fingerprint = `share:${input.order}:${input.foldersFirst ? 1 : 0}`;
    const after = input.pageToken ? decodePageToken(input.pageToken, fingerprint, keys) : undefined;
    const conditions: FileCondition[] = [{ column: 'trashed', op: '=', value: 0 }];
    if (folderId === '') {
      conditions.push({ column: 'id', op: 'in', value: items });
    }
    const rows = await shares.files.list({
      userId: share.userId,
      parentId: folderId === '' ? '*' : folderId,
      conditions,
      order: keys,
      after,
      limit: input.limit,
    });
    const pageRows = rows.slice(0, input.limit);
    const last = pageRows.at(-1);
    return {
      files: await sharedFiles(pageRows, new Set(items)),
      nextPageToken:
        rows.length > input.limit && last ? encodePageToken(fingerprint, keys, last) : '',
    };
  }

  async function ownedLiveShare(userId: string, shareId: string): Promise<ShareRecord> {
    const [share] = await shares.findOwnedLive(userId, [shareId]);
    if (!share) {
      throw new AppError('not_found', { description: 'No such share' });
    }
    return share;
  }

  function checkExpirationDays(days: number): number {
    if (days !== -1 && (days < 1 || days > 3650)) {
      throw new AppError('invalid_argument', {
        description: 'expiration_days is -1 (never) or 1-3650',
      });
    }
    return days;
  }

  function checkRestoreLimit(limit: number): number {
    if (limit !== -1 && (limit < 1 || limit > 1_000_000)) {
      throw new AppError('invalid_argument', {
        description: 'restore_limit is -1 (unlimited) or 1-1000000',
      });
    }
    return limit;
  }

  function checkPassCode(code: string): string {
    if (!passCodePattern.test(code)) {
      throw new AppError('invalid_argument', {
        description: 'A pass code is 4-16 letters and digits',
      });
    }
    return code;
  }

  /** The name itself when free in the folder, else the first free `name(n)`. */
  async function freeName(
    queries: FileQueries,
    userId: string,
    parentId: string,
    name: string,
    kind: 'file' | 'folder',
  ): Promise<string> {
    const holder = await queries.findLiveByName(userId, parentId, foldName(name));
    if (!holder) {
      return name;
    }
    const dot = name.lastIndexOf('.');
    const stem = kind === 'folder' || dot <= 0 ? name : name.slice(0, dot);
    const taken = new Set(
      await queries.liveNameKeysWithPrefix(userId, parentId, foldName(`${stem}(`)),
    );
    for (let n = 1; ; n += 1) {
      const candidate = numberedName(name, kind, n);
      if (!taken.has(foldName(candidate))) {
        return candidate;
      }
    }
  }

  /** The folder a save lands in: the member's chosen live folder, or "Saved from shares" at the root. */
  async function restoreTarget(
    queries: ShareQueries,
    userId: string,
    input: RestoreInput,
  ): Promise<string> {
    if (input.specifyParentId || input.parentId !== '') {
      if (input.parentId === '') {
        return '';
      }
      const folder = await queries.files.findOwned(userId, input.parentId);
      if (!folder) {
        throw new AppError('file_not_found');
      }
      if (folder.kind !== 'folder') {
        throw new AppError('invalid_argument', { description: 'parent_id is not a folder' });
      }
      if (folder.trashed !== 0) {
        throw new AppError('file_in_recycle_bin');
      }
      return folder.id;
    }
    const member = await queries.member(userId);
    const locale = (member?.locale ?? 'en-US') as Locale;
    const name = shareMessage('savedFolderName', locale);
    const existing = await queries.files.findLiveByName(userId, '', foldName(name));
    if (existing?.kind === 'folder') {
      return existing.id;
    }
    const folder = newFolderRecord({
      userId,
      parentId: '',
      name: await freeName(queries.files, userId, '', name, 'folder'),
      stamp: now().toISOString(),
    });
    await queries.files.insert(folder);
    return folder.id;
  }

  /**
   * The tree a save copies: the chosen items still live, in the order chosen, and everything
   * live inside them, each once; a chosen item inside another chosen folder comes with that
   * folder. `DELETED` when none is live; `NOT_FOUND` when a `gcid` the saver sent is not in it.
   */
  async function readTree(
    queries: ShareQueries,
    share: ShareRecord,
    rootIds: string[],
    gcids: string[],
  ): Promise<SavedTree> {
    const live = (await queries.ownerFiles(share.userId, rootIds)).filter(
      (record) => record.trashed === 0,
    );
    const byId = new Map(live.map((record) => [record.id, record]));
    const chosen = rootIds
      .map((id) => byId.get(id))
      .filter((record): record is FileRecord => record !== undefined);
    const found = await queries.liveTree(
      share.userId,
      chosen.filter((record) => record.kind === 'folder').map((record) => record.id),
    );
    const seen = new Set<string>();
    const inside: TreeItem[] = [];
    for (const item of found) {
      if (!seen.has(item.id)) {
        seen.add(item.id);
        inside.push(item);
      }
    }
    const roots = chosen.filter((record) => !seen.has(record.id));
    if (roots.length === 0) {
      throw new RestoreRefused('DELETED');
    }
    if (gcids.length > 0) {
      const known = new Set([...roots, ...inside].map((item) => item.gcid.toUpperCase()));
      if (gcids.some((gcid) => !known.has(gcid.toUpperCase()))) {
        throw new RestoreRefused('NOT_FOUND');
      }
    }
    const added = [...roots, ...inside].reduce(
      (sum, item) => sum + (item.kind === 'file' ? item.size : 0),
      0,
    );
    return { roots, inside, count: roots.length + inside.length, added };
  }

  /**
   * What `readTree` would answer, as far as deciding where a save runs and accepting it needs:
   * the chosen items and the figures of the tree, summed by the database. Chosen items inside
   * other chosen folders, or `gcids` to check, take the exact `readTree`.
   */
  async function previewTree(
    share: ShareRecord,
    rootIds: string[],
    gcids: string[],
  ): Promise<Pick<SavedTree, 'roots' | 'count' | 'added'>> {
    if (gcids.length > 0) {
      return readTree(shares, share, rootIds, gcids);
    }
    const live = (await shares.ownerFiles(share.userId, rootIds)).filter(
      (record) => record.trashed === 0,
    );
    const byId = new Map(live.map((record) => [record.id, record]));
    const roots = rootIds
      .map((id) => byId.get(id))
      .filter((record): record is FileRecord => record !== undefined);
    const figures = await shares.liveTreeFigures(
      share.userId,
      roots.filter((record) => record.kind === 'folder').map((record) => record.id),
      roots.map((record) => record.id),
    );
    if (figures.chosenInside > 0) {
      return readTree(shares, share, rootIds, gcids);
    }
    if (roots.length === 0) {
      throw new RestoreRefused('DELETED');
    }
    const rootBytes = roots.reduce(
      (sum, record) => sum + (record.kind === 'file' ? record.size : 0),
      0,
    );
    return { roots, count: roots.length + figures.items, added: rootBytes + figures.bytes };
  }

  /**
   * Books the bytes of the tree's complete files (PENDING ones have no blob yet) on the saver's
   * storage counter, in the transaction that makes the copies: the same conditional update
   * checks the quota, so two saves (or a save and an upload) that each fit but not together
   * cannot both pass.
   */
  async function bookQuota(
    queries: ShareQueries,
    userId: string,
    limit: number,
    tree: SavedTree,
    at: Date,
  ): Promise<void> {
    const bytes = [...tree.roots, ...tree.inside].reduce(
      (sum, item) => sum + (item.kind === 'file' && item.sha256 !== null ? item.size : 0),
      0,
    );
    if (!(await queries.files.adjustUsage(userId, { live: bytes, trash: 0 }, at, { limit }))) {
      throw new AppError('file_space_not_enough');
    }
  }

  /** `file_space_not_enough` when `added` bytes more would pass the saver's storage limit. */
  async function checkQuota(
    queries: ShareQueries,
    userId: string,
    limit: number,
    added: number,
  ): Promise<void> {
    const usage = await queries.files.usage(userId);
    if (usage.live + added > limit) {
      throw new AppError('file_space_not_enough');
    }
  }

  /**
   * The copies a save makes of a tree, with every column of their rows: the chosen items get
   * free names in the target folder (marked `r`), every item a new id (drawn in one go) and its
   * copy's parent; parents come before their children, so any prefix of the plan is a whole
   * tree. Read inside the caller's transaction (the names are free in it).
   */
  async function planCopies(
    queries: ShareQueries,
    work: { saverId: string; target: string; tree: SavedTree },
  ): Promise<FrozenCopy[]> {
    const { tree } = work;
    const ids = newIds(tree.count);
    const copies = new Map<string, string>();
    const plan: FrozenCopy[] = [];
    const rootNames = new Set<string>();
    for (const [index, record] of tree.roots.entries()) {
      let name = await freeName(queries.files, work.saverId, work.target, record.name, record.kind);
      // Two chosen items of one name from different folders: the second is numbered too.
      for (let n = 1; rootNames.has(foldName(name)); n += 1) {
        name = await freeName(
          queries.files,
          work.saverId,
          work.target,
          numberedName(record.name, record.kind, n),
          record.kind,
        );
      }
      rootNames.add(foldName(name));
      const id = ids[index] as string;
      copies.set(record.id, id);
      plan.push({
        ...columnsOf({ ...record, name, nameKey: foldName(name) }),
        o: record.id,
        n: id,
        p: work.target,
        r: 1,
      });
    }
    const offset = tree.roots.length;
    for (const [index, item] of tree.inside.entries()) {
      copies.set(item.id, ids[offset + index] as string);
    }
    for (const item of tree.inside) {
      const parentId = copies.get(item.parentId);
      if (parentId === undefined) {
        // Parents come first (the tree is read level by level), so this cannot happen.
        throw new Error('a shared item came before its folder');
      }
      plan.push({ ...columnsOf(item), o: item.id, n: copies.get(item.id) as string, p: parentId });
    }
    return plan;
  }

  /**
   * Raises each blob's reference count by the copies of the plan that point at it, in one
   * `UPDATE ... FROM`; `data_loss` when a blob is missing.
   */
  async function referenceBlobs(
    queries: ShareQueries,
    plan: FrozenCopy[],
    at: Date,
  ): Promise<void> {
    const counts = blobCounts(plan);
    if ((await queries.addBlobReferences(counts, at)) !== counts.size) {
      throw new AppError('data_loss', { description: 'The content of a shared file is missing' });
    }
  }

  /** Makes the rows of some copies of a plan; `DELETED` when a row was not made. */
  async function makeCopies(
    queries: ShareQueries,
    copies: FrozenCopy[],
    work: { saverId: string; shareId: string; now: Date },
  ): Promise<void> {
    if (
      (await queries.insertCopies(copies, work.saverId, work.shareId, work.now)) !== copies.length
    ) {
      throw new RestoreRefused('DELETED');
    }
  }

  /**
   * Copies of a chunk whose name a member took meanwhile in a folder the save already made (a
   * later chunk fills folders an earlier one made) get the first free `name(n)`.
   */
  async function renameTaken(
    queries: ShareQueries,
    userId: string,
    copies: FrozenCopy[],
  ): Promise<FrozenCopy[]> {
    const renamed: FrozenCopy[] = [];
    const chosen = new Map<string, Set<string>>();
    for (const copy of copies) {
      const names = chosen.get(copy.p) ?? new Set<string>();
      chosen.set(copy.p, names);
      let name = await freeName(queries.files, userId, copy.p, copy.a, copy.t);
      for (let n = 1; names.has(foldName(name)); n += 1) {
        name = await freeName(
          queries.files,
          userId,
          copy.p,
          numberedName(copy.a, copy.t, n),
          copy.t,
        );
      }
      names.add(foldName(name));
      renamed.push(name === copy.a ? copy : { ...copy, a: name, k: foldName(name) });
    }
    return renamed;
  }

  /**
   * What completes a save, in the transaction of its last rows: `TYPE_RESTORE` on each chosen
   * item it made (one batch, each a millisecond after the one before, older events past the
   * member's keep dropped), and the task's figures with `trace_file_ids`.
   */
  async function finishSave(
    queries: ShareQueries,
    userId: string,
    shareId: string,
    plan: FrozenCopy[],
    at: Date,
  ) {
    const roots = plan.filter((copy) => copy.r === 1);
    const base = at.getTime();
    await queries.events.insert(
      roots.map((copy, index) => ({
        id: newId(),
        userId,
        type: 'TYPE_RESTORE' as const,
        fileId: copy.n,
        params: { share_id: shareId },
        createdAt: new Date(base + index).toISOString(),
      })),
    );
    await queries.events.prune(userId, eventsPerMember);
    const first = roots[0] as FrozenCopy;
    return {
      name: first.a,
      fileId: first.n,
      fileSize: plan.reduce((sum, copy) => sum + (copy.t === 'file' ? copy.s : 0), 0),
      statusSize: plan.length,
      params: {
        share_id: shareId,
        trace_file_ids: JSON.stringify(Object.fromEntries(plan.map((copy) => [copy.o, copy.n]))),
      },
    };
  }

  /** Gives back what a save booked for the copies it will not make now: their bytes and blob references. */
  async function releaseRest(
    queries: ShareQueries,
    userId: string,
    rest: FrozenCopy[],
    at: Date,
  ): Promise<void> {
    const bytes = bookedBytes(rest);
    if (bytes > 0) {
      await queries.files.adjustUsage(userId, { live: -bytes, trash: 0 }, at);
    }
    await queries.releaseBlobReferences(blobCounts(rest), at);
  }

  return {
    /** `POST /drive/v1/share`: a link to some of the member's live items. */
    async create(
      userId: string,
      input: CreateShareInput,
      locale: Locale,
    ): Promise<{ share: ShareRecord; url: string; text: string }> {
      const ids = [...new Set(input.fileIds)];
      const records = await shares.ownerFiles(userId, ids);
      if (records.length !== ids.length) {
        throw new AppError('file_not_found');
      }
      if (records.some((record) => record.trashed !== 0)) {
        throw new AppError('file_in_recycle_bin');
      }
      const byId = new Map(records.map((record) => [record.id, record]));
      const ordered = ids.map((id) => byId.get(id) as FileRecord);
      const first = ordered[0] as FileRecord;
      if (
        input.passCodeOption === 'NOT_REQUIRED' &&
        input.customPassCode !== undefined &&
        input.customPassCode !== ''
      ) {
        throw new AppError('invalid_argument', {
          description: 'custom_pass_code needs pass_code_option REQUIRED',
        });
      }
      const passCode =
        input.passCodeOption === 'NOT_REQUIRED'
          ? ''
          : input.customPassCode !== undefined && input.customPassCode !== ''
            ? checkPassCode(input.customPassCode)
            : generatePassCode((max) => randomInt(max));
      const title = (input.title ?? '').trim() === '' ? first.name : (input.title ?? '').trim();
      if ([...title].length > 255 || /\p{Cc}/u.test(title)) {
        throw new AppError('invalid_argument', {
          description: 'title is at most 255 characters, without control characters',
        });
      }
      const expirationDays = checkExpirationDays(input.expirationDays);
      const restoreLimit = checkRestoreLimit(input.restoreLimit);
      const inside = await shares.liveTree(
        userId,
        ordered.filter((record) => record.kind === 'folder').map((record) => record.id),
      );
      const fileSize = [...ordered, ...inside].reduce(
        (sum, record) => sum + (record.kind === 'file' ? record.size : 0),
        0,
      );
      const stamp = now();
      const id = newShareId();
      await shares.insertShare(
        {
          id,
          user_id: userId,
          title,
          pass_code: passCode,
          share_to: input.shareTo,
          expiration_days: expirationDays,
          expires_at: expiresAtOf(expirationDays, stamp),
          restore_limit: restoreLimit,
          file_num: ordered.length,
          file_size: fileSize,
          file_id: first.id,
          file_kind: first.kind,
          audit_status: 'OK',
          created_at: stamp.toISOString(),
          updated_at: stamp.toISOString(),
        },
        ids,
      );
      const share = (await shares.find(id)) as ShareRecord;
      const url = shareUrl(id);
      const text =
        passCode === ''
          ? shareMessage('textWithoutPassCode', locale, { title, url })
          : shareMessage('text', locale, { title, url, pass_code: passCode });
      return { share, url, text };
    },

    shareUrl,

    /** The service's clock (answers count time left from it). */
    now,

    /** The status of one of the owner's shares as the owner's list shows it. */
    statusForOwner: baseStatus,

    /** `GET /drive/v1/share/list`: the owner's links, newest first, by status. */
    async list(
      userId: string,
      input: { limit: number; pageToken: string | undefined; filters: string | undefined },
    ): Promise<{ shares: OwnedShare[]; nextPageToken: string }> {
      const statuses = parseShareFilters(input.filters);
      const after = input.pageToken ? decodeSharePageToken(input.pageToken) : undefined;
      const rows = await shares.listOwned({
        userId,
        statuses,
        after,
        limit: input.limit,
        now: now(),
      });
      const pageRows = rows.slice(0, input.limit);
      const last = pageRows.at(-1);
      return {
        shares: pageRows.map((row) => ({ ...row, status: row.status as ShareStatus })),
        nextPageToken:
          rows.length > input.limit && last ? pageTokenOf([last.createdAt, last.id]) : '',
      };
    },

    /** `PATCH /drive/v1/share/{id}`: a new pass code (`''` for none), expiry or restore limit. */
    async update(
      userId: string,
      shareId: string,
      patch: {
        customPassCode?: string | undefined;
        expirationDays?: number | undefined;
        restoreLimit?: number | undefined;
      },
    ): Promise<ShareRecord> {
      const share = await ownedLiveShare(userId, shareId);
      const stamp = now();
      await shares.update(share.id, {
        ...(patch.customPassCode === undefined
          ? {}
          : { pass_code: patch.customPassCode === '' ? '' : checkPassCode(patch.customPassCode) }),
        ...(patch.expirationDays === undefined
          ? {}
          : {
              expiration_days: checkExpirationDays(patch.expirationDays),
              expires_at: expiresAtOf(patch.expirationDays, stamp),
            }),
        ...(patch.restoreLimit === undefined
          ? {}
          : { restore_limit: checkRestoreLimit(patch.restoreLimit) }),
        updated_at: stamp.toISOString(),
      });
      return (await shares.find(share.id)) as ShareRecord;
    },

    /** `POST /drive/v1/share:batchDelete`: ends the owner's links; any other id fails the call. */
    async remove(userId: string, ids: string[]): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await shares.findOwnedLive(userId, unique);
      if (found.length !== unique.length) {
        throw new AppError('not_found', { description: 'No such share' });
      }
      await shares.cancel(userId, unique, now());
    },

    /** `GET /drive/v1/share`: the share's status and, when readable, its chosen items. */
    async open(
      shareId: string,
      visitor: Visitor,
      proofs: { passCode?: string | undefined; passCodeToken?: string | undefined },
      input: SharePageInput,
    ): Promise<OpenedShare | LockedShare | Unreadable> {
      const { status, share, token, returning } = await access(shareId, visitor, proofs);
      if (!share || status !== 'OK') {
        if (share && (status === 'PASS_CODE_EMPTY' || status === 'PASS_CODE_ERROR')) {
          return { status, sharer: await sharerOf(share) };
        }
        return { status: status as Unreadable['status'] };
      }
      const items = await shares.itemIds(share.id);
      const listed = await page(share, items, '', input);
      // A view is a visit: the first page for a visitor who holds no token yet (one is given
      // now), so the page's reloads and returns within the token's 12 hours count once.
      if (input.pageToken === undefined && !returning && visitor.userId !== share.userId) {
        await shares.countView(share.id);
      }
      return {
        status: 'OK',
        share,
        scope: scopeOf(share),
        passCodeToken: token,
        sharer: await sharerOf(share),
        ...listed,
      };
    },

    /** `GET /drive/v1/share/detail`: a folder at any depth inside the share. */
    async detail(
      shareId: string,
      visitor: Visitor,
      passCodeToken: string,
      parentId: string,
      input: SharePageInput,
    ): Promise<
      Unreadable | { status: 'OK'; scope: ShareScope; files: SharedFile[]; nextPageToken: string }
    > {
      const { status, share } = await access(shareId, visitor, { passCodeToken });
      if (!share || status !== 'OK') {
        return { status: status as Unreadable['status'] };
      }
      const items = await shares.itemIds(share.id);
      if (parentId === '') {
        return { status: 'OK', scope: scopeOf(share), ...(await page(share, items, '', input)) };
      }
      const found = await locate(shares, share, new Set(items), parentId);
      if (!found || found.record.kind !== 'folder') {
        return { status: 'NOT_FOUND' };
      }
      const moderation = (await shares.fileModeration([found.record.id])).get(found.record.id);
      if (moderation) {
        return { status: moderation as Unreadable['status'] };
      }
      return {
        status: 'OK',
        scope: scopeOf(share),
        ...(await page(share, items, found.record.id, input)),
      };
    },

    /** `GET /drive/v1/share/file_info` and `:batch_file_info`: items inside the share, or `NOT_FOUND`. */
    async fileInfo(
      shareId: string,
      visitor: Visitor,
      passCodeToken: string,
      fileIds: string[],
    ): Promise<Unreadable | { status: 'OK'; scope: ShareScope; files: SharedFile[] }> {
      const { status, share } = await access(shareId, visitor, { passCodeToken });
      if (!share || status !== 'OK') {
        return { status: status as Unreadable['status'] };
      }
      const items = new Set(await shares.itemIds(share.id));
      const records: FileRecord[] = [];
      for (const id of [...new Set(fileIds)]) {
        const found = await locate(shares, share, items, id);
        if (!found) {
          return { status: 'NOT_FOUND' };
        }
        records.push(found.record);
      }
      const files = await sharedFiles(records, items);
      const blocked = fileIds.length === 1 ? files[0]?.moderation : undefined;
      if (blocked) {
        return { status: blocked as Unreadable['status'] };
      }
      return { status: 'OK', scope: scopeOf(share), files };
    },

    /**
     * Whether a link handed out through a share (`scope`) may still open `fileId`, asked by the
     * content origin on every request: the share is readable (not deleted, expired, used up or
     * moderated), its pass code is the one the link was issued under, and the file lies inside
     * it with neither it nor any folder between it and the chosen item moderated (a thumbnail
     * may still show under a sensitive item's cover).
     */
    async holdsFile(
      scope: ShareScope,
      fileId: string,
      use: 'file' | 'thumbnail',
    ): Promise<boolean> {
      const share = await shares.find(scope.shareId);
      if (!share || baseStatus(share) !== 'OK' || !safeEqual(scope.stamp, scopeOf(share).stamp)) {
        return false;
      }
      const found = await locate(shares, share, new Set(await shares.itemIds(share.id)), fileId);
      if (!found) {
        return false;
      }
      const moderation = await shares.fileModeration([found.record.id, ...found.ancestors]);
      // A thumbnail shows under the page's cover while moderation only calls the item sensitive.
      return [...moderation.values()].every((status) => use === 'thumbnail' && isCoverOnly(status));
    },

    /**
     * `POST /drive/v1/share:zip` and the zip link it signs: the visitor's chosen items inside the
     * share (see `chosenRoots`) with everything live inside their folders, paths as the drive's
     * zips have them; files and folders under moderation (and what lies in such folders) are
     * left out. Checked in full both when the link is made and when it is opened.
     */
    async zipEntries(
      shareId: string,
      visitor: Visitor,
      input: { passCodeToken: string; fileIds: string[]; ancestorIds: string[] },
    ): Promise<ShareZipResult> {
      if (!deps.selection) {
        throw new AppError('unimplemented', { description: 'Zips of shares are not available' });
      }
      const { status, share } = await access(shareId, visitor, {
        passCodeToken: input.passCodeToken,
      });
      if (!share || status !== 'OK') {
        return { status: status as Unreadable['status'] };
      }
      const chosen = await chosenRoots(share, input.fileIds, input.ancestorIds);
      if (chosen.status !== 'OK') {
        return chosen;
      }
      let tree: { record: FileRecord; path: string }[];
      try {
        tree = await deps.selection.selectionTree(share.userId, chosen.rootIds);
      } catch (error) {
        // An item trashed or deleted since it was located.
        if (error instanceof AppError) {
          return { status: 'NOT_FOUND' };
        }
        throw error;
      }
      const moderated = await moderationOf(tree.map((entry) => entry.record.id));
      const left = new Set<string>();
      const entries = tree.filter((entry) => {
        if (moderated.has(entry.record.id) || left.has(entry.record.parentId)) {
          left.add(entry.record.id);
          return false;
        }
        return true;
      });
      if (entries.length === 0) {
        return { status: 'DELETED' };
      }
      return { status: 'OK', share, rootIds: chosen.rootIds, entries };
    },

    /**
     * `POST /drive/v1/share/restore`: copies the chosen items (all when none are chosen) with
     * everything inside them into the saver's drive as new rows pointing at the same blobs; no
     * byte is written to the blob store. A save of at most `backgroundItems` items is done in
     * the call, in one transaction: the save is counted against `restore_limit` by a conditional
     * update, the saver's quota is checked with the saver's row locked, and the copies are made
     * in SQL (see `materialize`). A larger save is accepted in one transaction (counted, quota
     * checked against what is known then, target folder chosen) as a pending `restore` task,
     * which the restore worker completes (`runQueued`).
     */
    async restore(
      saverId: string,
      shareId: string,
      visitor: Visitor,
      input: RestoreInput,
    ): Promise<RestoreResult> {
      const { status, share } = await access(shareId, visitor, {
        passCodeToken: input.passCodeToken,
      });
      if (!share || status !== 'OK') {
        return { status: status as Unreadable['status'] };
      }
      if (share.userId === saverId) {
        throw new AppError('file_restore_own');
      }
      if (
        input.shareUserId !== undefined &&
        input.shareUserId !== '' &&
        input.shareUserId !== share.userId
      ) {
        return { status: 'NOT_FOUND' };
      }
      const itemList = await shares.itemIds(share.id);
      const items = new Set(itemList);
      let rootIds: string[];
      if (input.fileIds.length === 0) {
        rootIds = itemList;
      } else {
        const chosen = [...new Set(input.fileIds)];
        const located = new Map<string, string[]>();
        for (const id of chosen) {
          const found = await locate(shares, share, items, id);
          if (!found) {
            return { status: 'NOT_FOUND' };
          }
          located.set(id, found.ancestors);
        }
        // The folders the visitor opened to reach the chosen items (the page's path): each
        // must be a folder of the share that lies above every chosen item.
        for (const id of new Set(input.ancestorIds)) {
          const found = await locate(shares, share, items, id);
          if (
            !found ||
            found.record.kind !== 'folder' ||
            !chosen.every((chosenId) => (located.get(chosenId) ?? []).includes(id))
          ) {
            return { status: 'NOT_FOUND' };
          }
        }
        // An item chosen together with a folder above it comes along with that folder.
        rootIds = chosen.filter(
          (id) => !(located.get(id) ?? []).some((ancestor) => located.has(ancestor)),
        );
        const blocked = await shares.fileModeration(rootIds);
        const first = [...blocked.values()][0];
        if (first) {
          return { status: first as Unreadable['status'] };
        }
      }
      const stamp = now();
      const gcids = input.gcids ?? [];
      // Read before the transaction: on SQLite a query outside it would wait for its connection.
      const plan = await deps.plans.planOf(saverId);
      try {
        // The size of the save decides where it runs; the tree is read again where it is copied.
        const preview = await previewTree(share, rootIds, gcids);
        if (preview.count > backgroundItems) {
          const firstRoot = preview.roots[0] as FileRecord;
          const queued = await retryingNameRaces(() =>
            shares.transaction(async (queries) => {
              if (!(await queries.takeRestore(share.id))) {
                throw new RestoreRefused('MAX_RESTORE_COUNT');
              }
              await queries.lockMember(saverId);
              const target = await restoreTarget(queries, saverId, input);
              await checkQuota(queries, saverId, plan.storageBytes, preview.added);
              const id = newId();
              await queries.queueRestore({
                id,
                userId: saverId,
                shareId: share.id,
                targetId: target,
                spec: { rootIds: preview.roots.map((record) => record.id), gcids },
                name: firstRoot.name,
                fileSize: preview.added,
                statusSize: preview.count,
                now: stamp,
              });
              return { id, target };
            }),
          );
          deps.onQueued?.();
          return {
            status: 'OK',
            taskId: queued.id,
            fileId: queued.target,
            restored: 0,
            started: true,
          };
        }
        const outcome = await retryingNameRaces(() =>
          shares.transaction(async (queries) => {
            if (!(await queries.takeRestore(share.id))) {
              throw new RestoreRefused('MAX_RESTORE_COUNT');
            }
            await queries.lockMember(saverId);
            const target = await restoreTarget(queries, saverId, input);
            const tree = await readTree(queries, share, rootIds, gcids);
            await bookQuota(queries, saverId, plan.storageBytes, tree, stamp);
            const copies = await planCopies(queries, { saverId, target, tree });
            await makeCopies(queries, copies, { saverId, shareId: share.id, now: stamp });
            await referenceBlobs(queries, copies, stamp);
            // The task and the events commit with the rows: a save is seen whole or not at all.
            const finished = await finishSave(queries, saverId, share.id, copies, stamp);
            const taskId = newId();
            await queries.insertFinishedTask({
              id: taskId,
              userId: saverId,
              ...finished,
              now: stamp,
            });
            return { target, taskId, count: copies.length };
          }),
        );
        return {
          status: 'OK',
          taskId: outcome.taskId,
          fileId: outcome.target,
          restored: outcome.count,
          started: false,
        };
      } catch (error) {
        if (error instanceof RestoreRefused) {
          return { status: error.status };
        }
        throw error;
      }
    },

    /**
     * Makes a queued save for the restore worker that holds its task, in chunks of
     * `restoreChunkItems` rows, each its own transaction that first updates the task it holds
     * (renewing the lease, and locking the row on PostgreSQL so the lease cannot be taken back
     * meanwhile) and moves the task's progress and the save's `copied` with its rows.
     *
     * The first chunk freezes the save: it reads the shared tree, books the bytes of the whole
     * save on the saver's counter under the quota, adds the blob references of every copy, keeps
     * the plan (every copy's id, parent and columns) in `share_restores` and makes the chosen
     * items and the first rows; later chunks make the next rows of that plan only. The last
     * chunk sets the task `COMPLETE` with `trace_file_ids`, writes the `TYPE_RESTORE` events and
     * drops the `share_restores` row. Parents come before children, so each commit leaves a
     * whole tree (the target folder filling up); a worker that dies mid-way leaves its task
     * under its lease, and the worker that takes it when the lease runs out goes on from the
     * last chunk that committed: no row made twice or left out, the quota and `restore_limit`
     * counted once. A save that cannot be frozen (quota, target folder or shared items gone)
     * ends `PHASE_TYPE_ERROR` and gives its count of `restore_limit` back in the same
     * transaction as the phase change; one that fails after it froze is taken up again when its
     * lease runs out, and after `maxRestoreAttempts` runs ends `PHASE_TYPE_ERROR` keeping what
     * it made and giving back the bytes and references booked for the rest. When `stopping`
     * answers true between two chunks, the task goes back to the queue to go on from there.
     */
    async runQueued(
      task: TaskRecord,
      workerId: string,
      lease: string | (() => string),
      stopping: () => boolean = () => false,
    ): Promise<void> {
      const leaseUntil = typeof lease === 'string' ? () => lease : lease;
      const queued = await shares.queuedRestore(task.id);
      const share = queued === undefined ? undefined : await shares.find(queued.shareId);
      const stamp = now();
      const plan = await deps.plans.planOf(task.userId);
      let frozen = queued?.plan;
      try {
        if (!queued || !share) {
          throw new RestoreRefused('NOT_FOUND');
        }
        if (
          !(await shares.holdTask(task.id, workerId, {
            updatedAt: stamp.toISOString(),
            leaseUntil: leaseUntil(),
          }))
        ) {
          return;
        }
        if (
          (await shares.startRestoreAttempt(task.id)) > maxRestoreAttempts &&
          frozen !== undefined
        ) {
          throw new AppError('internal', { description: 'The save failed too many times' });
        }
        if (frozen === undefined) {
          const first = await retryingNameRaces(() =>
            shares.transaction(async (queries) => {
              if (
                !(await queries.holdTask(task.id, workerId, {
                  updatedAt: now().toISOString(),
                  leaseUntil: leaseUntil(),
                }))
              ) {
                throw new RestoreStopped();
              }
              await queries.lockMember(task.userId);
              const folder =
                queued.targetId === ''
                  ? undefined
                  : await queries.files.findOwned(task.userId, queued.targetId);
              if (
                queued.targetId !== '' &&
                (!folder || folder.kind !== 'folder' || folder.trashed !== 0)
              ) {
                throw new AppError('file_not_found');
              }
              const tree = await readTree(queries, share, queued.spec.rootIds, queued.spec.gcids);
              await bookQuota(queries, task.userId, plan.storageBytes, tree, stamp);
              const copies = await planCopies(queries, {
                saverId: task.userId,
                target: queued.targetId,
                tree,
              });
              await referenceBlobs(queries, copies, stamp);
              // The chosen items all come in the first chunk: their names were found free in it.
              const end = Math.max(chunkItems, tree.roots.length);
              await makeCopies(queries, copies.slice(0, end), {
                saverId: task.userId,
                shareId: share.id,
                now: stamp,
              });
              await afterChunk(queries, copies, end);
              return copies;
            }),
          );
          frozen = first;
        }
        const copies = frozen;
        for (;;) {
          const done = await shares.restoreCopied(task.id).then((copied) => copied === undefined);
          if (done) {
            return;
          }
          if (stopping()) {
            // The worker stops: the task goes back to the queue at once, to go on from here.
            await shares.holdTask(task.id, workerId, {
              phase: 'PHASE_TYPE_PENDING',
              updatedAt: now().toISOString(),
              leaseUntil: 'release',
            });
            return;
          }
          await deps.betweenRestoreChunks?.(task.id);
          let renaming = false;
          for (let attempt = 0; ; attempt += 1) {
            try {
              await shares.transaction(async (queries) => {
                if (
                  !(await queries.holdTask(task.id, workerId, {
                    updatedAt: now().toISOString(),
                    leaseUntil: leaseUntil(),
                  }))
                ) {
                  throw new RestoreStopped();
                }
                const copied = await queries.restoreCopied(task.id);
                if (copied === undefined) {
                  throw new RestoreStopped();
                }
                const end = Math.min(copied + chunkItems, copies.length);
                const chunk = copies.slice(copied, end);
                await makeCopies(
                  queries,
                  renaming ? await renameTaken(queries, task.userId, chunk) : chunk,
                  { saverId: task.userId, shareId: share.id, now: now() },
                );
                await afterChunk(queries, copies, end);
              });
              break;
            } catch (error) {
              // A member took a name in a folder the save made: that chunk again, renamed.
              if (attempt < 3 && shares.isUniqueViolation(error)) {
                renaming = true;
                continue;
              }
              throw error;
            }
          }
        }
      } catch (error) {
        if (error instanceof RestoreStopped) {
          return;
        }
        const reason =
          error instanceof AppError
            ? error.reason
            : error instanceof RestoreRefused
              ? 'not_found'
              : 'internal';
        if (frozen !== undefined && !(error instanceof AppError)) {
          // As if the worker died: the task stays under its lease and is taken up again, from
          // the last chunk that committed, when the lease runs out.
          deps.logger?.error(
            { err: error, taskId: task.id },
            'a chunk of a save from a share failed; it resumes when its lease runs out',
          );
          return;
        }
        if (reason === 'internal') {
          deps.logger?.error({ err: error, taskId: task.id }, 'a save from a share failed');
        }
        await shares.transaction(async (queries) => {
          const held = await queries.holdTask(task.id, workerId, {
            phase: 'PHASE_TYPE_ERROR',
            messageKey: reason === 'file_space_not_enough' ? 'space_not_enough' : 'restore_failed',
            params: { share_id: queued?.shareId ?? '', error: reason },
            updatedAt: now().toISOString(),
            leaseUntil: 'release',
          });
          if (!held) {
            return;
          }
          const dropped = await queries.dropQueuedRestoreOnce(task.id);
          if (dropped?.plan !== undefined) {
            await releaseRest(queries, task.userId, dropped.plan.slice(dropped.copied), now());
          } else if (queued) {
            await queries.giveBackRestore(queued.shareId);
          }
        });
      }

      /**
       * Ends a chunk that made the plan's rows up to `end`: the last one completes the save
       * (task, events, queue row); another keeps the plan (first chunk), `copied`, the bytes
       * still booked for the rest, and the task's progress.
       */
      async function afterChunk(
        queries: ShareQueries,
        copies: FrozenCopy[],
        end: number,
      ): Promise<void> {
        const at = now();
        if (end >= copies.length) {
          const finished = await finishSave(
            queries,
            task.userId,
            queued?.shareId ?? '',
            copies,
            at,
          );
          await queries.holdTask(task.id, workerId, {
            phase: 'PHASE_TYPE_COMPLETE',
            progress: 100,
            fileId: finished.fileId,
            fileName: finished.name,
            fileSize: finished.fileSize,
            statusSize: finished.statusSize,
            messageKey: '',
            params: finished.params,
            updatedAt: at.toISOString(),
            leaseUntil: 'release',
          });
          await queries.dropQueuedRestore(task.id);
          return;
        }
        await queries.advanceRestore(task.id, {
          ...(frozen === undefined ? { plan: copies } : {}),
          copied: end,
          reservedBytes: bookedBytes(copies.slice(end)),
        });
        await queries.holdTask(task.id, workerId, {
          progress: progressOf(end, copies.length),
          updatedAt: at.toISOString(),
          leaseUntil: leaseUntil(),
        });
      }
    },

    /**
     * Cancels the queued saves whose task the member deleted before it completed, once each (the
     * drop and what follows are one transaction): one not started gives its count of
     * `restore_limit` back; one under way keeps the rows it made and gives back the bytes and
     * blob references it booked for the rest.
     */
    async cancelDeletedRestores(): Promise<number> {
      let cancelled = 0;
      for (const orphan of await shares.orphanedRestores()) {
        await shares.transaction(async (queries) => {
          const dropped = await queries.dropQueuedRestoreOnce(orphan.id);
          if (dropped === undefined) {
            return;
          }
          if (dropped.plan !== undefined) {
            await releaseRest(queries, orphan.userId, dropped.plan.slice(dropped.copied), now());
          } else {
            await queries.giveBackRestore(orphan.shareId);
          }
          cancelled += 1;
        });
      }
      return cancelled;
    },

    /** `POST /audit.admin/v1/share`: stores a visitor's report for review. */
    async report(
      visitor: Visitor,
      input: {
        shareId: string;
        shareUserId: string;
        gcids: string[];
        fileIds: string[];
        reason: string;
      },
    ): Promise<string> {
      const decision = deps.limiter.hit(`share-report:${visitor.address}`, {
        max: 20,
        windowMs: 3_600_000,
      });
      if (!decision.allowed) {
        throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
      }
      const share = await shares.find(input.shareId);
      if (!share || (input.shareUserId !== '' && input.shareUserId !== share.userId)) {
        throw new AppError('not_found', { description: 'No such share' });
      }
      const id = newId();
      await shares.insertReport({
        id,
        shareId: share.id,
        reporterId: visitor.userId,
        address: visitor.address,
        shareUserId: share.userId,
        fileIds: input.fileIds,
        gcids: input.gcids,
        reason: input.reason,
        now: now(),
      });
      return id;
    },

    /** Sets a share's or a file's moderation state; only admins may. */
    async moderate(
      adminId: string,
      target: { kind: 'share' | 'file'; id: string },
      status: ModerationStatus,
    ): Promise<void> {
      const member = await shares.member(adminId);
      if (member?.role !== 'admin') {
        throw new AppError('permission_denied', {
          description: 'Only admins set moderation states',
        });
      }
      if (!(moderationStatuses as readonly string[]).includes(status)) {
        throw new AppError('invalid_argument');
      }
      if (target.kind === 'share') {
        if (!(await shares.find(target.id))) {
          throw new AppError('not_found', { description: 'No such share' });
        }
        await shares.update(target.id, { audit_status: status, updated_at: now().toISOString() });
        return;
      }
      if (!(await shares.fileExists(target.id))) {
        throw new AppError('file_not_found');
      }
      await shares.setFileModeration(target.id, status, adminId, now());
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;

/** The owner's list filters: `{"share_status": {"eq": "OK"}}` or `{"share_status": {"in": "OK,EXPIRED"}}`. */
export function parseShareFilters(text: string | undefined): string[] | undefined {
  let statuses: string[] | undefined;
  for (const term of readFilters(text, { share_status: ['eq', 'in'] })) {
    const values = filterValues(term, 20);
    if (
      values.length === 0 ||
      values.some((item) => !(shareStatuses as readonly string[]).includes(item))
    ) {
      throw filterError('share_status has a value it cannot take');
    }
    statuses = values;
  }
  return statuses;
}

/** The owner's list position: `[created_at, id]` of a page's last share. */
const sharePositionSchema = z.tuple([z.string().max(64), z.string().max(64)]);

/** Reads an owner's list page token back; `invalid_argument` for anything else. */
export function decodeSharePageToken(token: string): [string, string] {
  return readPageToken(token, sharePositionSchema);
}
