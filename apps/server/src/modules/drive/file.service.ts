import { fileCategoryOf, fileExtensionOf, type SortOrder } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import {
  decodePageToken,
  encodePageToken,
  foldName,
  parseFilters,
  sortKeysOf,
} from './file-listing';
import type { FileCondition, FileQueries, FileRecord, FolderLink } from './file.repository';
import { checkName, inTrash, notFound, numberedName } from './file-names';
import { createFileMoveService } from './file-move.service';
import { createFilePutService } from './file-put.service';
import { createFileSteps, type FileServiceDeps } from './file-steps';
import { createFileTrashService } from './file-trash.service';

export type { FileServiceDeps } from './file-steps';

/** A listing request as the route reads it. */
export interface ListFilesInput {
  parentId: string;
  filters: string | undefined;
  order: SortOrder;
  foldersFirst: boolean;
  limit: number;
  pageToken: string | undefined;
}

/** One file of a tree filed at once (`createTree`): the folders down to it, its name and its stored content. */
export interface TreeFile {
  /** Names of the subfolders it lies in, from the tree's folder down; `[]`: in that folder. */
  folders: string[];
  name: string;
  blob: { sha256: string; gcid: string; size: number };
  mimeType?: string;
}

/** What `about` reports. */
export interface StorageAbout {
  limit: number;
  usage: number;
  usageInTrash: number;
  cloudDownloadLimit: number;
  downloadTrafficLimit: number;
  /** End of the membership that sets these limits; undefined on the free plan. */
  expiresAt: string | undefined;
}

export { checkName, newFolderRecord, numberedName } from './file-names';

/**
 * The drive's files and folders: every rule of docs/api.md#files. Every call starts with one access
 * check (`owned`/`ownedAll`) that answers `file_not_found` alike for absent and others' ids.
 */
export function createFileService(deps: FileServiceDeps) {
  const { files, plans, now } = deps;

  const steps = createFileSteps(deps);
  const {
    owned,
    ownedAll,
    liveFolder,
    descendants,
    atomically,
    insertFileIn,
    insertFile,
    createFolderIn,
  } = steps;

  const service = {
    async createFolder(
      userId: string,
      input: { name: string; parentId: string },
    ): Promise<FileRecord> {
      const name = checkName(input.name);
      return atomically(async (queries) => {
        const parentId = await liveFolder(queries, userId, input.parentId);
        return createFolderIn(queries, userId, parentId, name);
      });
    },

    /** A file row pointing at a blob the caller already holds a reference to (uploads, tests). */
    async createFile(
      userId: string,
      input: {
        name: string;
        parentId: string;
        blob: { sha256: string; gcid: string; size: number };
        mimeType?: string;
      },
    ): Promise<FileRecord> {
      return insertFile(userId, { ...input, size: input.blob.size });
    },

    /**
     * A new folder `name` (`name(n)` when taken) in a live folder, holding complete files in
     * subfolders of it (a torrent's chosen files), filed in one transaction that books their
     * whole size under the quota: every file or, with `file_space_not_enough` when they do not
     * fit together (or any other failure), nothing. Each file points at a blob the caller holds a
     * reference to; the files hold those references once this answers.
     */
    async createTree(
      userId: string,
      input: { name: string; parentId: string; files: TreeFile[] },
    ): Promise<FileRecord> {
      const name = checkName(input.name);
      const entries = input.files.map((file) => ({
        ...file,
        name: checkName(file.name),
        folders: file.folders.map((folder) => checkName(folder)),
      }));
      const size = entries.reduce((sum, file) => sum + file.blob.size, 0);
      // Asked before the transaction: SQLite has one connection, which the transaction holds.
      const limit = (await plans.planOf(userId)).storageBytes;
      return atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const parentId = await liveFolder(queries, userId, input.parentId);
        const root = await createFolderIn(queries, userId, parentId, name);
        // Subfolders by their path below the new folder (segments joined with `/`, which no name holds).
        const folders = new Map<string, string>([['', root.id]]);
        for (const file of entries) {
          let folderId = root.id;
          for (let depth = 1; depth <= file.folders.length; depth += 1) {
            const key = file.folders.slice(0, depth).join('/');
            const known = folders.get(key);
            if (known === undefined) {
              folderId = (
                await createFolderIn(queries, userId, folderId, file.folders[depth - 1] as string)
              ).id;
              folders.set(key, folderId);
            } else {
              folderId = known;
            }
          }
          await insertFileIn(queries, userId, folderId, {
            name: file.name,
            size: file.blob.size,
            blob: file.blob,
            ...(file.mimeType === undefined ? {} : { mimeType: file.mimeType }),
          });
        }
        if (
          size > 0 &&
          !(await queries.adjustUsage(userId, { live: size, trash: 0 }, now(), { limit }))
        ) {
          throw new AppError('file_space_not_enough');
        }
        return root;
      });
    },

    /**
     * A PENDING file whose bytes are still to come (an upload): it holds its name in the folder
     * (a taken one becomes `name(1)`) and its size, but counts toward the quota only once complete.
     * `alongside` writes the caller's rows of it (the upload's) in the same transaction.
     */
    async createPending(
      userId: string,
      input: { name: string; parentId: string; size: number; mimeType?: string },
      alongside?: (queries: FileQueries, fileId: string) => Promise<void>,
    ): Promise<FileRecord> {
      return insertFile(userId, { ...input, blob: null }, alongside);
    },

    /**
     * The member's downloads folder (`folder_type: DOWNLOAD`) at the root, made with `name` (or
     * `name(n)`) when the member has none that is live.
     */
    async downloadFolder(userId: string, name: string): Promise<FileRecord> {
      const existing = await files.findLiveFolderOfType(userId, 'DOWNLOAD');
      if (existing) {
        return existing;
      }
      return atomically(async (queries) => {
        const again = await queries.findLiveFolderOfType(userId, 'DOWNLOAD');
        return again ?? createFolderIn(queries, userId, '', checkName(name), 'DOWNLOAD');
      });
    },

    /** One of the member's items, in any state. */
    async get(userId: string, id: string): Promise<FileRecord> {
      return owned(files, userId, id);
    },

    /** The member's items among `ids`, in any state; absent and others' ids are left out. */
    async findMany(userId: string, ids: string[]): Promise<FileRecord[]> {
      return files.findManyOwned(userId, [...new Set(ids)]);
    },

    /**
     * The live items of a selection and everything inside its folders, each with its path
     * inside the selection (`folder/sub/file.txt`), parents before children (zip downloads).
     * A trashed, absent or another member's id is `file_not_found` for the whole call.
     */
    async selectionTree(
      userId: string,
      ids: string[],
    ): Promise<{ record: FileRecord; path: string }[]> {
      const roots = await ownedAll(files, userId, ids);
      if (roots.some((record) => record.trashed !== 0)) {
        throw notFound();
      }
      const paths = new Map<string, string>();
      const taken = new Set<string>();
      const entries: { record: FileRecord; path: string }[] = [];
      for (const root of roots) {
        // Items of different folders may share a name at the top of the archive.
        let name = root.name;
        for (let n = 1; taken.has(foldName(name)); n += 1) {
          name = numberedName(root.name, root.kind, n);
        }
        taken.add(foldName(name));
        paths.set(root.id, name);
        entries.push({ record: root, path: name });
      }
      for (const record of await descendants(
        files,
        userId,
        roots,
        (child) => child.trashed === 0,
      )) {
        const parentPath = paths.get(record.parentId);
        if (parentPath === undefined) {
          continue;
        }
        const path = `${parentPath}/${record.name}`;
        paths.set(record.id, path);
        entries.push({ record, path });
      }
      return entries;
    },

    /** One page of a folder (or of every folder), filtered, sorted, after a page token. */
    async list(
      userId: string,
      input: ListFilesInput,
    ): Promise<{ files: FileRecord[]; nextPageToken: string }> {
      const filters = parseFilters(input.filters);
      const conditions: FileCondition[] = [...filters.conditions];
      if (input.parentId === '*') {
        conditions.push({ column: 'trashed', op: '=', value: filters.trashed === true ? 1 : 0 });
      } else {
        const parentTrashed =
          input.parentId === '' ? 0 : (await owned(files, userId, input.parentId)).trashed;
        if (filters.trashed === true) {
          conditions.push({ column: 'trashed', op: '=', value: 1 });
        } else {
          // Inside a trashed folder its contents are shown as they were.
          conditions.push({ column: 'trashed', op: '=', value: parentTrashed === 0 ? 0 : 2 });
        }
      }
      const keys = sortKeysOf(input.order, input.foldersFirst);
      const fingerprint = `${input.order}:${input.foldersFirst ? 1 : 0}`;
      const after = input.pageToken
        ? decodePageToken(input.pageToken, fingerprint, keys)
        : undefined;
      const rows = await files.list({
        userId,
        parentId: input.parentId,
        conditions,
        order: keys,
        after,
        limit: input.limit,
      });
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        files: page,
        nextPageToken:
          rows.length > input.limit && last ? encodePageToken(fingerprint, keys, last) : '',
      };
    },

    /** Renames an item; a name another live item of the folder holds is `file_duplicated_name`. */
    async rename(userId: string, id: string, newName: string): Promise<FileRecord> {
      const name = checkName(newName);
      return atomically(async (queries) => {
        const record = await owned(queries, userId, id);
        if (record.trashed !== 0) {
          throw inTrash();
        }
        const holder = await queries.findLiveByName(userId, record.parentId, foldName(name));
        if (holder && holder.id !== record.id) {
          throw new AppError('file_duplicated_name');
        }
        await queries.update(userId, [id], {
          name,
          name_key: foldName(name),
          modified_at: now().toISOString(),
          ...(record.kind === 'file'
            ? {
                file_extension: fileExtensionOf(name),
                file_category: fileCategoryOf({ name, contentType: record.mimeType }),
              }
            : {}),
        });
        return owned(queries, userId, id);
      });
    },

    /**
     * The folders that hold items, for their paths: each of the member's folders among
     * `folderIds` and every folder above it. Absent and others' ids are left out.
     */
    async folderChains(userId: string, folderIds: string[]): Promise<FolderLink[]> {
      return files.folderChains(userId, [...new Set(folderIds.filter((id) => id !== ''))]);
    },

    /** Stars or unstars the member's items. */
    async setStarred(userId: string, ids: string[], starred: boolean): Promise<string[]> {
      return atomically(async (queries) => {
        const records = await ownedAll(queries, userId, ids);
        await queries.update(
          userId,
          records.map((record) => record.id),
          { starred: starred ? 1 : 0 },
        );
        return records.map((record) => record.id);
      });
    },

    /** The member's quota and usage (docs/api.md#account-and-membership). */
    async about(userId: string): Promise<StorageAbout> {
      const [usage, plan] = await Promise.all([files.usage(userId), plans.planOf(userId)]);
      return {
        limit: plan.storageBytes,
        usage: usage.live,
        usageInTrash: usage.trash,
        cloudDownloadLimit: plan.cloudDownloads,
        downloadTrafficLimit: plan.downloadTrafficBytes,
        expiresAt: plan.expiresAt,
      };
    },
    ...createFileTrashService(deps, steps),
    ...createFileMoveService(deps, steps),
    ...createFilePutService(deps, steps),
  };
  return service;
}

export type FileService = ReturnType<typeof createFileService>;
