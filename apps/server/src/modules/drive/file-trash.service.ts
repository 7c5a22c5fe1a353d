import { AppError } from '../../http/app-error';
import { foldName } from './file-listing';
import type { FileRecord } from './file.repository';
import { usageOf } from './usage.repository';
import { inTrash } from './file-names';
import type { FileServiceDeps, FileSteps } from './file-steps';

/** The drive's trash (docs/api.md#files): trashing, restoring, deleting for good and the purge. */
export function createFileTrashService(deps: FileServiceDeps, steps: FileSteps) {
  const { files, plans, now } = deps;
  const {
    ownedAll,
    freeName,
    descendants,
    pathNames,
    atomically,
    createFolderIn,
    deleteWithDescendants,
    finished,
  } = steps;

  const service = {
    /**
     * Puts items in the trash; what a trashed folder holds goes along (state 2), a chosen item
     * inside a chosen folder too. Answers the task id. The queries do not grow with the items:
     * the chosen items of one folder are one update (they share their original path), what the
     * folders hold is read a level at a time and is one update.
     */
    async trash(userId: string, ids: string[]): Promise<string> {
      const records = await atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const found = await ownedAll(queries, userId, ids);
        const stamp = now().toISOString();
        const live = found.filter((record) => record.trashed === 0);
        const inside = await descendants(queries, userId, live, (child) => child.trashed === 0);
        const goingAlong = new Set(inside.map((child) => child.id));
        const byParent = new Map<string, FileRecord[]>();
        for (const record of live.filter((item) => !goingAlong.has(item.id))) {
          byParent.set(record.parentId, [...(byParent.get(record.parentId) ?? []), record]);
        }
        let moved = 0;
        for (const [parentId, chosen] of byParent) {
          await queries.update(
            userId,
            chosen.map((record) => record.id),
            {
              trashed: 1,
              trashed_at: stamp,
              original_parent_id: parentId,
              original_path: JSON.stringify(await pathNames(queries, userId, parentId)),
            },
          );
          moved += usageOf(chosen).live;
        }
        await queries.update(
          userId,
          inside.map((child) => child.id),
          { trashed: 2 },
        );
        moved += usageOf(inside).live;
        await queries.adjustUsage(userId, { live: -moved, trash: moved }, now());
        return found;
      });
      return finished(userId, 'trash', records);
    },

    /** Puts those of the member's live items among `ids` in the trash; absent or trashed ones are skipped. */
    async trashExisting(userId: string, ids: string[]): Promise<void> {
      const live = (await files.findManyOwned(userId, [...new Set(ids)])).filter(
        (record) => record.trashed === 0,
      );
      if (live.length > 0) {
        await service.trash(
          userId,
          live.map((record) => record.id),
        );
      }
    },

    /**
     * Returns items from the trash to their original folder; when that folder is gone (deleted
     * or itself in the trash) the path is made again from the root by name. Each restored item
     * is a `TYPE_RESTORE` event; answers the task id. The trash does not count toward the quota
     * (`usage` is live bytes, `usage_in_trash` apart), so what comes back must fit under it:
     * the bytes move from the trash counter to the live one in the quota's conditional update,
     * and a batch that does not fit restores nothing (`file_space_not_enough`).
     */
    async untrash(userId: string, ids: string[]): Promise<string> {
      // Asked before the transaction: SQLite has one connection, which the transaction holds.
      const plan = await plans.planOf(userId);
      const restored = await atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const records = await ownedAll(queries, userId, ids);
        if (records.some((record) => record.trashed === 2)) {
          throw inTrash();
        }
        const back: FileRecord[] = [];
        let moved = 0;
        for (const record of records) {
          if (record.trashed === 0) {
            continue;
          }
          let parentId = record.originalParentId ?? '';
          const original = parentId === '' ? undefined : await queries.findOwned(userId, parentId);
          if (
            parentId !== '' &&
            (!original || original.trashed !== 0 || original.kind !== 'folder')
          ) {
            parentId = '';
            const names = JSON.parse(record.originalPath ?? '[]') as string[];
            for (const name of names) {
              const existing = await queries.findLiveByName(userId, parentId, foldName(name));
              parentId =
                existing?.kind === 'folder'
                  ? existing.id
                  : (await createFolderIn(queries, userId, parentId, name)).id;
            }
          }
          const name = await freeName(queries, userId, parentId, record.name, record.kind);
          await queries.update(userId, [record.id], {
            parent_id: parentId,
            name,
            name_key: foldName(name),
            trashed: 0,
            trashed_at: null,
            original_parent_id: null,
            original_path: null,
          });
          const inside = await descendants(
            queries,
            userId,
            [record],
            (child) => child.trashed === 2,
          );
          await queries.update(
            userId,
            inside.map((child) => child.id),
            { trashed: 0 },
          );
          moved += usageOf([record, ...inside]).trash;
          back.push({ ...record, parentId, name });
        }
        if (
          !(await queries.adjustUsage(userId, { live: moved, trash: -moved }, now(), {
            limit: plan.storageBytes,
          }))
        ) {
          throw new AppError('file_space_not_enough');
        }
        return back;
      });
      await deps.events.record(
        userId,
        restored.map((record) => ({ type: 'TYPE_RESTORE' as const, fileId: record.id })),
      );
      return finished(
        userId,
        'restore',
        restored.length > 0 ? restored : await files.findManyOwned(userId, [...new Set(ids)]),
      );
    },

    /** Deletes items and everything in them for good; their blob references are released. */
    async remove(userId: string, ids: string[]): Promise<string> {
      const records = await atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const found = await ownedAll(queries, userId, ids);
        await deleteWithDescendants(queries, userId, found);
        return found;
      });
      return finished(userId, 'delete', records);
    },

    /** Deletes everything in the member's trash for good; answers the task id. */
    async emptyTrash(userId: string): Promise<string> {
      const records = await atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const found = await queries.listTrashed(userId);
        await deleteWithDescendants(queries, userId, found);
        return found;
      });
      return finished(userId, 'delete', records);
    },

    /**
     * Deletes for good what has been in the trash longer than the retention, a batch at a time,
     * each member's share in one transaction; answers how many trashed items went (0: none left).
     */
    async purgeExpiredTrash(limit = 500): Promise<number> {
      const cutoff = new Date(now().getTime() - deps.trashRetentionDays * 86_400_000).toISOString();
      const expired = await files.listTrashedBefore(cutoff, limit);
      const byUser = new Map<string, FileRecord[]>();
      for (const record of expired) {
        byUser.set(record.userId, [...(byUser.get(record.userId) ?? []), record]);
      }
      let purged = 0;
      for (const [userId, records] of byUser) {
        purged += await atomically(async (queries) => {
          await queries.lockUsage(userId, now());
          // Re-read inside the transaction: an item untrashed meanwhile stays.
          const still = (
            await queries.findManyOwned(
              userId,
              records.map((record) => record.id),
            )
          ).filter(
            (record) =>
              record.trashed === 1 && record.trashedAt !== null && record.trashedAt < cutoff,
          );
          await deleteWithDescendants(queries, userId, still);
          return still.length;
        });
      }
      return purged;
    },
  };
  return service;
}
