import { shareMessage, type Locale } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import { foldName } from '../drive/file-listing';
import type { FileRecord } from '../drive/file.repository';
import { newFolderRecord } from '../drive/file.service';
import { freeName, RestoreRefused, type SavedTree } from './share-save-copies';
import type { ShareServiceDeps } from './share-access';
import type { FrozenCopy, ShareQueries, ShareRecord, TreeItem } from './share.repository';

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
 * The steps a save from a share is made of (docs/api.md#shares): the folder it lands in, the
 * tree it copies, the quota it books, the plan of its copies and the rows, references and
 * events that make it, shared by saves made in the call and by the restore worker.
 */
export function createSavePlanner(
  deps: Pick<ShareServiceDeps, 'shares' | 'now'> & { eventsPerMember: number },
) {
  const { shares, now, eventsPerMember } = deps;

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

  return {
    retryingNameRaces,
    restoreTarget,
    readTree,
    previewTree,
    bookQuota,
    checkQuota,
    finishSave,
  };
}

export type SavePlanner = ReturnType<typeof createSavePlanner>;
