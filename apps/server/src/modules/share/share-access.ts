import type { Locale, ShareStatus, SortOrder } from '@nimbus/contracts';
import type { ModerationStatus } from '../../db/schema';
import { safeEqual } from '../../lib/secrets';
import type { WindowLimiter } from '../../lib/window-limiter';
import { decodePageToken, encodePageToken, sortKeysOf } from '../drive/file-listing';
import type { ShareScope } from '../drive/file.dto';
import type { FileCondition, FileRecord } from '../drive/file.repository';
import type { FileService } from '../drive/file.service';
import type { PlanProvider } from '../drive/drive.ports';
import type { AuthFailureRepository } from '../user/auth-failure.repository';
import { avatarUrlOf } from '../user/avatar.service';
import type { CaptchaGuard } from '../user/captcha-guard';
import { createPassCodeGuard } from './pass-code-guard';
import { isPassCodeTokenValid, passCodeStamp, signPassCodeToken } from './pass-code-token';
import { maskedName, shareStatusOf, type PassCodeProof } from './share.policy';
import type { ShareQueries, ShareRecord, ShareRepository } from './share.repository';

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

const maxDepth = 256;

/**
 * What every part of the share service asks of a share: its status, the one access check of
 * visitor calls, locating a file inside it, and its pages. Every file id a visitor names is
 * located inside the share by walking up from it to a chosen item; anything else answers
 * `NOT_FOUND`, as a share that does not exist does.
 */
export function createShareAccess(
  deps: Pick<
    ShareServiceDeps,
    'shares' | 'failures' | 'captchaGuard' | 'limits' | 'passCodeKey' | 'publicUrl' | 'now'
  >,
) {
  const { shares, now } = deps;
  const passCodes = createPassCodeGuard({
    failures: deps.failures,
    captchaGuard: deps.captchaGuard,
    limits: deps.limits,
    now,
  });

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

  return {
    baseStatus,
    scopeOf,
    sharerOf,
    access,
    locate,
    sharedFiles,
    moderationOf,
    chosenRoots,
    page,
  };
}

export type ShareAccess = ReturnType<typeof createShareAccess>;
