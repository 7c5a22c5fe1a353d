import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import { foldName } from './file-listing';
import type { FileRecord } from './file.repository';
import { usageOf } from './usage.repository';
import { checkName, inTrash } from './file-names';
import type { FileServiceDeps, FileSteps } from './file-steps';

/** Moving and copying the drive's items into a folder (docs/api.md#files). */
export function createFileMoveService(deps: FileServiceDeps, steps: FileSteps) {
  const { plans, now } = deps;
  const { ownedAll, liveFolder, freeName, descendants, atomically, assertNotInto, finished } =
    steps;

  /**
   * The name an item takes in `target`: the one asked for (a WebDAV MOVE or COPY names its
   * destination; `file_duplicated_name` when another live item holds it), else its own or the
   * first free `name(n)`.
   */
  async function nameIn(
    queries: Parameters<typeof freeName>[0],
    userId: string,
    target: string,
    record: FileRecord,
    asked: string | undefined,
  ): Promise<string> {
    if (asked === undefined) {
      return freeName(queries, userId, target, record.name, record.kind, record.id);
    }
    const name = checkName(asked);
    const holder = await queries.findLiveByName(userId, target, foldName(name));
    if (holder && holder.id !== record.id) {
      throw new AppError('file_duplicated_name');
    }
    return name;
  }

  return {
    /**
     * Moves live items into a folder; a taken name becomes `name(n)`. `options.name` renames the
     * one item moved (a WebDAV MOVE).
     */
    async move(
      userId: string,
      ids: string[],
      toParentId: string,
      options: { name?: string } = {},
    ): Promise<string> {
      const { moved, target } = await atomically(async (queries) => {
        const records = await ownedAll(queries, userId, ids);
        const target = await liveFolder(queries, userId, toParentId);
        if (records.some((record) => record.trashed !== 0)) {
          throw inTrash();
        }
        await assertNotInto(queries, userId, records, target);
        const stamp = now().toISOString();
        for (const record of records) {
          if (record.parentId === target && options.name === undefined) {
            continue;
          }
          const name = await nameIn(queries, userId, target, record, options.name);
          await queries.update(userId, [record.id], {
            parent_id: target,
            name,
            name_key: foldName(name),
            modified_at: stamp,
          });
        }
        return { moved: records, target };
      });
      return finished(userId, 'move', moved, { parent_id: target });
    },

    /**
     * Copies live items (folders with all they hold) into a folder. Copies point at the same
     * blobs with one more reference each; no byte is copied. The copy must fit the quota.
     * `options.name` names the copy of the one item (a WebDAV COPY); `options.shallow` copies a
     * folder without what it holds (`Depth: 0`).
     */
    async copy(
      userId: string,
      ids: string[],
      toParentId: string,
      options: { name?: string; shallow?: boolean } = {},
    ): Promise<string> {
      // Asked before the transaction: SQLite has one connection, which the transaction holds.
      const plan = await plans.planOf(userId);
      const { copies, target } = await atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const records = await ownedAll(queries, userId, ids);
        const target = await liveFolder(queries, userId, toParentId);
        if (records.some((record) => record.trashed !== 0)) {
          throw inTrash();
        }
        await assertNotInto(queries, userId, records, target);
        const inside =
          options.shallow === true
            ? []
            : await descendants(queries, userId, records, (child) => child.trashed === 0);
        // Copies are live whatever state their source is read in; PENDING ones count once complete.
        const added = usageOf(
          [...records, ...inside].map((record) => ({ ...record, trashed: 0 as const })),
        ).live;
        const stamp = now();
        if (
          !(await queries.adjustUsage(userId, { live: added, trash: 0 }, stamp, {
            limit: plan.storageBytes,
          }))
        ) {
          throw new AppError('file_space_not_enough');
        }
        const newIds = new Map<string, string>();
        const copyOne = async (record: FileRecord, parentId: string, name: string) => {
          const id = newId();
          newIds.set(record.id, id);
          if (record.sha256 !== null && !(await queries.addBlobReference(record.sha256, stamp))) {
            throw new AppError('data_loss', {
              description: 'The content of a file to copy is missing',
            });
          }
          await queries.insert({
            ...record,
            id,
            parentId,
            name,
            nameKey: foldName(name),
            starred: false,
            createdAt: stamp.toISOString(),
            modifiedAt: stamp.toISOString(),
          });
        };
        const made: FileRecord[] = [];
        for (const record of records) {
          const name =
            options.name === undefined
              ? await freeName(queries, userId, target, record.name, record.kind)
              : await nameIn(queries, userId, target, { ...record, id: '' }, options.name);
          await copyOne(record, target, name);
          made.push({ ...record, id: newIds.get(record.id) ?? record.id, parentId: target, name });
        }
        // Breadth-first order: every parent is copied before its children.
        for (const record of inside) {
          const parentId = newIds.get(record.parentId);
          if (parentId !== undefined) {
            await copyOne(record, parentId, record.name);
          }
        }
        return { copies: made, target };
      });
      return finished(userId, 'copy', copies, { parent_id: target });
    },
  };
}
