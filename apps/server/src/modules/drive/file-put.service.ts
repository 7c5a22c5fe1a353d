import { AppError } from '../../http/app-error';
import { foldName } from './file-listing';
import type { FileRecord } from './file.repository';
import { checkName } from './file-names';
import type { FileServiceDeps, FileSteps } from './file-steps';

/** Items found by name and files written whole under a name (WebDAV's paths and PUT). */
export function createFilePutService(deps: FileServiceDeps, steps: FileSteps) {
  const { files, plans, now } = deps;
  const { owned, liveFolder, atomically, insertFileIn, deleteWithDescendants } = steps;

  return {
    /** The live item named `name` (compared folded) in a folder of the member; undefined when none. */
    async childNamed(
      userId: string,
      parentId: string,
      name: string,
    ): Promise<FileRecord | undefined> {
      return files.findLiveByName(userId, parentId, foldName(name));
    },

    /**
     * Files a complete file under `name` in a live folder, on a blob the caller holds a
     * reference to (which the file then holds). A file of that name is replaced: deleted for
     * good with its reference, in the same transaction that books the new size under the quota
     * (`file_space_not_enough`: nothing changed, and the caller releases its reference). A folder
     * of that name is `file_duplicated_name`. `modifiedAt` is the client's time of the content.
     */
    async putFile(
      userId: string,
      input: {
        parentId: string;
        name: string;
        blob: { sha256: string; gcid: string; size: number };
        mimeType?: string;
        modifiedAt?: string;
        /** The member's storage limit when the caller read it already. */
        limit?: number;
      },
    ): Promise<{ file: FileRecord; replaced: FileRecord | undefined }> {
      const name = checkName(input.name);
      // Asked before the transaction: SQLite has one connection, which the transaction holds.
      const limit = input.limit ?? (await plans.planOf(userId)).storageBytes;
      return atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const parentId = await liveFolder(queries, userId, input.parentId);
        const replaced = await queries.findLiveByName(userId, parentId, foldName(name));
        if (replaced?.kind === 'folder') {
          throw new AppError('file_duplicated_name');
        }
        if (replaced) {
          await deleteWithDescendants(queries, userId, [replaced]);
        }
        const id = await insertFileIn(queries, userId, parentId, {
          name,
          size: input.blob.size,
          blob: input.blob,
          ...(input.mimeType === undefined ? {} : { mimeType: input.mimeType }),
        });
        if (input.modifiedAt !== undefined) {
          await queries.update(userId, [id], { modified_at: input.modifiedAt });
        }
        if (
          input.blob.size > 0 &&
          !(await queries.adjustUsage(userId, { live: input.blob.size, trash: 0 }, now(), {
            limit,
          }))
        ) {
          throw new AppError('file_space_not_enough');
        }
        return { file: await owned(queries, userId, id), replaced };
      });
    },

    /** Sets the time an item's content was last changed (a sync tool's modification time). */
    async setModifiedAt(userId: string, id: string, modifiedAt: string): Promise<void> {
      await atomically(async (queries) => {
        await owned(queries, userId, id);
        await queries.update(userId, [id], { modified_at: modifiedAt });
      });
    },
  };
}
