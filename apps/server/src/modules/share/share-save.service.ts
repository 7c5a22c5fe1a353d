import { AppError } from '../../http/app-error';
import { currentRequestId } from '../../lib/request-context';
import { newId } from '../../lib/secrets';
import type { FileRecord } from '../drive/file.repository';
import type { ShareAccess, ShareServiceDeps, Unreadable, Visitor } from './share-access';
import { makeCopies, planCopies, referenceBlobs, RestoreRefused } from './share-save-copies';
import type { RestoreInput, SavePlanner } from './share-save-plan';

/**
 * A save's answer: with `started`, a background task was queued (`RESTORE_START`); without, the
 * save is done (`RESTORE_COMPLETE`). `fileId` is the folder it lands in.
 */
export type RestoreResult =
  Unreadable | { status: 'OK'; taskId: string; fileId: string; restored: number; started: boolean };

/** Saves of more items (files and folders) than this are done by the restore worker. */
export const backgroundRestoreItems = 1000;

/** Saving a share's items into one's drive by reference (docs/api.md#shares), in the call or queued. */
export function createShareSaveService(
  deps: Pick<ShareServiceDeps, 'shares' | 'plans' | 'now' | 'backgroundItems' | 'onQueued'>,
  shareAccess: Pick<ShareAccess, 'access' | 'locate'>,
  planner: SavePlanner,
) {
  const { shares, now } = deps;
  const backgroundItems = deps.backgroundItems ?? backgroundRestoreItems;
  const { access, locate } = shareAccess;
  const {
    retryingNameRaces,
    restoreTarget,
    readTree,
    previewTree,
    bookQuota,
    checkQuota,
    finishSave,
  } = planner;

  return {
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
                requestId: currentRequestId(),
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
  };
}

export type ShareSaveService = ReturnType<typeof createShareSaveService>;
