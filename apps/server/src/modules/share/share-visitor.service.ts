import { AppError } from '../../http/app-error';
import { safeEqual } from '../../lib/secrets';
import { createWindowLimiter } from '../../lib/window-limiter';
import type { ShareScope } from '../drive/file.dto';
import type { FileRecord } from '../drive/file.repository';
import type {
  SharedFile,
  SharePageInput,
  ShareAccess,
  ShareServiceDeps,
  Unreadable,
  Visitor,
} from './share-access';
import { passCodeTokenTtlSeconds } from './pass-code-token';
import { isCoverOnly } from './share.policy';
import type { ShareRecord } from './share.repository';

/** A visit counts once per share and address in a pass-code token's life (12 hours). */
const visitWindow = { max: 1, windowMs: passCodeTokenTtlSeconds * 1000 } as const;

/** Share and address pairs a process remembers as counted (about 10 MB at most). */
const maxCountedVisits = 100_000;

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

/** What a zip of a share's items holds: the chosen items and their trees, moderated ones left out. */
export type ShareZipResult =
  | Unreadable
  | {
      status: 'OK';
      share: ShareRecord;
      rootIds: string[];
      entries: { record: FileRecord; path: string }[];
    };

/** The visitor's side of shares (docs/api.md#shares): opening and browsing a link, its files and zips. */
export function createShareVisitorService(
  deps: Pick<ShareServiceDeps, 'shares' | 'selection' | 'now'>,
  shareAccess: ShareAccess,
) {
  const { shares } = deps;
  /**
   * The visits counted per share and address in the last 12 hours (a pass-code token's life), in
   * this process's memory apart from the limiters of guesses, so a script that opens a share
   * again and again without its token counts once per address, and no flood of keys here makes
   * sign-in or pass-code counters forget anything.
   */
  const counted = createWindowLimiter({ now: deps.now, maxKeys: maxCountedVisits });
  const {
    access,
    baseStatus,
    chosenRoots,
    locate,
    moderationOf,
    page,
    scopeOf,
    sharedFiles,
    sharerOf,
  } = shareAccess;

  return {
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
      if (
        input.pageToken === undefined &&
        !returning &&
        visitor.userId !== share.userId &&
        counted.hit(`${share.id}\n${visitor.address}`, visitWindow).allowed
      ) {
        await shares.countView(share.id, deps.now());
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
  };
}

export type ShareVisitorService = ReturnType<typeof createShareVisitorService>;
