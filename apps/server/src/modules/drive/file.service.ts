import {
  fileCategoryOf,
  fileExtensionOf,
  fileNameProblem,
  maxFileNameBytes,
  type ErrorReason,
  type FileNameProblem,
  type SortOrder,
} from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import {
  decodePageToken,
  encodePageToken,
  foldName,
  parseFilters,
  sortKeysOf,
} from './file-listing';
import type {
  FileCondition,
  FileQueries,
  FileRecord,
  FileRepository,
  NewFile,
} from './file.repository';
import type { EventRecorder, PlanProvider } from './drive.ports';
import { usageOf } from './usage.repository';
import type { TaskRecorder } from '../task/task.service';

export interface FileServiceDeps {
  files: FileRepository;
  /** The member's plan, which sets the storage limit (membership module). */
  plans: PlanProvider;
  /** Batch calls are recorded as complete tasks (docs/api.md#tasks). */
  tasks: TaskRecorder;
  /** Restores from the trash are recorded as recent events. */
  events: EventRecorder;
  /** Days an item stays in the trash before the purge deletes it. */
  trashRetentionDays: number;
  now: () => Date;
}

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

/** What each problem of a name answers: a reason of the catalogue and what exactly is wrong. */
const nameRefusals: Readonly<
  Record<FileNameProblem, { reason: ErrorReason; description: string }>
> = {
  empty: { reason: 'file_name_invalid', description: 'A name cannot be empty' },
  dot: { reason: 'file_name_invalid', description: 'A name cannot be . or ..' },
  blank_edges: {
    reason: 'file_name_invalid',
    description: 'A name cannot start or end with a blank',
  },
  separator: { reason: 'file_name_invalid', description: 'A name cannot hold / or \\' },
  control: {
    reason: 'file_name_invalid',
    description: 'A name cannot hold control characters or line breaks',
  },
  direction_control: {
    reason: 'file_name_direction_control',
    description:
      'A name cannot hold bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C)',
  },
  too_long: {
    reason: 'file_name_too_long',
    description: `A name is at most ${maxFileNameBytes} bytes of UTF-8`,
  },
};

/**
 * Checks a name given by a member (`fileNameProblem` of the contracts: the rule the web app
 * knows too) and returns it in NFC; a problem answers its own reason, with
 * `ErrorInfo.metadata.problem` naming it.
 */
export function checkName(name: string): string {
  const problem = fileNameProblem(name);
  if (problem !== undefined) {
    const { reason, description } = nameRefusals[problem];
    throw new AppError(reason, { description, metadata: { problem } });
  }
  return name.normalize('NFC');
}

/**
 * The row of a new, empty folder named `name` (already made free in its parent), made at `stamp`:
 * the one shape every folder the drive or a share save makes has.
 */
export function newFolderRecord(input: {
  userId: string;
  parentId: string;
  name: string;
  stamp: string;
  folderType?: FileRecord['folderType'];
}): NewFile {
  return {
    id: newId(),
    userId: input.userId,
    parentId: input.parentId,
    kind: 'folder',
    name: input.name,
    nameKey: foldName(input.name),
    size: 0,
    sha256: null,
    gcid: '',
    mimeType: '',
    fileExtension: '',
    fileCategory: 'OTHER',
    phase: 'PHASE_TYPE_COMPLETE',
    starred: false,
    createdAt: input.stamp,
    modifiedAt: input.stamp,
    params: {},
    ...(input.folderType === undefined ? {} : { folderType: input.folderType }),
  };
}

/** `photo.jpg` -> `photo(2).jpg`; folders and names without an extension take it at the end. */
export function numberedName(name: string, kind: 'file' | 'folder', n: number): string {
  const dot = name.lastIndexOf('.');
  if (kind === 'folder' || dot <= 0) {
    return `${name}(${n})`;
  }
  return `${name.slice(0, dot)}(${n})${name.slice(dot)}`;
}

function notFound(): AppError {
  return new AppError('file_not_found');
}

function inTrash(): AppError {
  return new AppError('file_in_recycle_bin');
}

/**
 * The drive's files and folders: every rule of docs/api.md#files. Every call starts with one access
 * check (`owned`/`ownedAll`) that answers `file_not_found` alike for absent and others' ids.
 */
export function createFileService(deps: FileServiceDeps) {
  const { files, plans, now } = deps;

  /** The one access check: the member's item, or `file_not_found`. */
  async function owned(queries: FileQueries, userId: string, id: string): Promise<FileRecord> {
    const record = await queries.findOwned(userId, id);
    if (!record) {
      throw notFound();
    }
    return record;
  }

  /** The access check of a batch: every id the member's, or `file_not_found` for the call. */
  async function ownedAll(
    queries: FileQueries,
    userId: string,
    ids: string[],
  ): Promise<FileRecord[]> {
    const unique = [...new Set(ids)];
    const records = await queries.findManyOwned(userId, unique);
    if (records.length !== unique.length) {
      throw notFound();
    }
    const byId = new Map(records.map((record) => [record.id, record]));
    return unique.map((id) => byId.get(id) as FileRecord);
  }

  /** A live folder of the member to put items in (`''` is the root). */
  async function liveFolder(queries: FileQueries, userId: string, id: string): Promise<string> {
    if (id === '') {
      return '';
    }
    const folder = await owned(queries, userId, id);
    if (folder.kind !== 'folder') {
      throw new AppError('invalid_argument', { description: 'parent_id is not a folder' });
    }
    if (folder.trashed !== 0) {
      throw inTrash();
    }
    return folder.id;
  }

  /** The name itself when free in the folder, else the first free `name(n)`. */
  async function freeName(
    queries: FileQueries,
    userId: string,
    parentId: string,
    name: string,
    kind: 'file' | 'folder',
    exceptId?: string,
  ): Promise<string> {
    const holder = await queries.findLiveByName(userId, parentId, foldName(name));
    if (!holder || holder.id === exceptId) {
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

  /** Every descendant of the folders (breadth first), optionally only through some states. */
  async function descendants(
    queries: FileQueries,
    userId: string,
    roots: FileRecord[],
    through?: (record: FileRecord) => boolean,
  ): Promise<FileRecord[]> {
    const found: FileRecord[] = [];
    let level = roots.filter((record) => record.kind === 'folder').map((record) => record.id);
    while (level.length > 0) {
      const next: string[] = [];
      for (let start = 0; start < level.length; start += 500) {
        const children = await queries.childrenOf(userId, level.slice(start, start + 500));
        for (const child of children) {
          if (through && !through(child)) {
            continue;
          }
          found.push(child);
          if (child.kind === 'folder') {
            next.push(child.id);
          }
        }
      }
      level = next;
    }
    return found;
  }

  /** The names of the folders from the root down to `parentId`. */
  async function pathNames(
    queries: FileQueries,
    userId: string,
    parentId: string,
  ): Promise<string[]> {
    const names: string[] = [];
    let current = parentId;
    while (current !== '' && names.length < 256) {
      const folder = await queries.findOwned(userId, current);
      if (!folder) {
        break;
      }
      names.unshift(folder.name);
      current = folder.parentId;
    }
    return names;
  }

  /** Runs a change in one transaction, once more if a parallel call took a name meanwhile. */
  async function atomically<T>(work: (queries: FileQueries) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await files.transaction(work);
      } catch (error) {
        if (attempt < 8 && files.isUniqueViolation(error)) {
          continue;
        }
        throw error;
      }
    }
  }

  /** Inserts a file under a free name (`name(1)` on a collision) in a folder this transaction read as live; answers its id. */
  async function insertFileIn(
    queries: FileQueries,
    userId: string,
    parentId: string,
    input: {
      name: string;
      size: number;
      blob: { sha256: string; gcid: string } | null;
      mimeType?: string;
    },
  ): Promise<string> {
    const mimeType = input.mimeType ?? '';
    const stamp = now().toISOString();
    const finalName = await freeName(queries, userId, parentId, input.name, 'file');
    const id = newId();
    await queries.insert({
      id,
      userId,
      parentId,
      kind: 'file',
      name: finalName,
      nameKey: foldName(finalName),
      size: input.size,
      sha256: input.blob?.sha256 ?? null,
      gcid: input.blob?.gcid ?? '',
      mimeType,
      fileExtension: fileExtensionOf(finalName),
      fileCategory: fileCategoryOf({ name: finalName, contentType: mimeType }),
      phase: input.blob ? 'PHASE_TYPE_COMPLETE' : 'PHASE_TYPE_PENDING',
      starred: false,
      createdAt: stamp,
      modifiedAt: stamp,
      params: {},
    });
    return id;
  }

  /**
   * A new file in a live folder under a free name (`name(1)` on a collision): COMPLETE on a blob
   * the caller holds a reference to, or PENDING while its bytes are still to come.
   */
  async function insertFile(
    userId: string,
    input: {
      name: string;
      parentId: string;
      size: number;
      blob: { sha256: string; gcid: string } | null;
      mimeType?: string;
    },
  ): Promise<FileRecord> {
    const name = checkName(input.name);
    const counted = input.blob !== null && input.size > 0;
    // Asked before the transaction: SQLite has one connection, which the transaction holds.
    const limit = counted ? (await plans.planOf(userId)).storageBytes : undefined;
    return atomically(async (queries) => {
      if (counted) {
        await queries.lockUsage(userId, now());
      }
      const parentId = await liveFolder(queries, userId, input.parentId);
      const id = await insertFileIn(queries, userId, parentId, { ...input, name });
      // A complete file (an offline download) is booked as it is filed, under the quota in the
      // same conditional update as an upload's commit: of two that each fit but not together,
      // one is filed and the other answers file_space_not_enough (its caller releases the blob).
      // Whatever the caller checked before bringing the bytes may be stale.
      if (
        counted &&
        !(await queries.adjustUsage(userId, { live: input.size, trash: 0 }, now(), { limit }))
      ) {
        throw new AppError('file_space_not_enough');
      }
      return owned(queries, userId, id);
    });
  }

  async function createFolderIn(
    queries: FileQueries,
    userId: string,
    parentId: string,
    name: string,
    folderType: FileRecord['folderType'] = 'NORMAL',
  ): Promise<FileRecord> {
    const folder = newFolderRecord({
      userId,
      parentId,
      name: await freeName(queries, userId, parentId, name, 'folder'),
      stamp: now().toISOString(),
      folderType,
    });
    await queries.insert(folder);
    return owned(queries, userId, folder.id);
  }

  async function assertNotInto(
    queries: FileQueries,
    userId: string,
    items: FileRecord[],
    targetId: string,
  ): Promise<void> {
    const moving = new Set(items.map((item) => item.id));
    let current = targetId;
    while (current !== '') {
      if (moving.has(current)) {
        throw new AppError('invalid_argument', { description: 'A folder cannot go inside itself' });
      }
      current = (await owned(queries, userId, current)).parentId;
    }
  }

  async function deleteWithDescendants(
    queries: FileQueries,
    userId: string,
    items: FileRecord[],
  ): Promise<void> {
    // Items put in the trash on their own stay there (and in the trash listing) until it is emptied.
    const doomed = [
      ...items,
      ...(await descendants(queries, userId, items, (child) => child.trashed !== 1)),
    ];
    const seen = new Set<string>();
    const gone: FileRecord[] = [];
    const stamp = now();
    for (const record of doomed) {
      if (seen.has(record.id)) {
        continue;
      }
      seen.add(record.id);
      gone.push(record);
      if (record.sha256 !== null) {
        await queries.releaseBlobReference(record.sha256, stamp);
      }
    }
    const ids = [...seen];
    for (let start = 0; start < ids.length; start += 500) {
      await queries.delete(userId, ids.slice(start, start + 500));
    }
    await queries.adjustUsage(userId, usageOf(gone, -1), stamp);
  }

  /** Records a batch that finished inside its request as a complete task; answers its id. */
  async function finished(
    userId: string,
    type: 'trash' | 'restore' | 'delete' | 'move' | 'copy',
    records: FileRecord[],
    params?: Record<string, string>,
  ): Promise<string> {
    const first = records[0];
    const task = await deps.tasks.recordFinished(userId, {
      type,
      name: first?.name ?? '',
      fileId: first?.id ?? '',
      fileName: first?.name ?? '',
      fileSize: records.reduce(
        (sum, record) => sum + (record.kind === 'file' ? record.size : 0),
        0,
      ),
      statusSize: records.length,
      ...(params ? { params } : {}),
    });
    return task.id;
  }

  const service = {
    /** Creates a folder; a taken name becomes `name(1)`, `name(2)`, ... */
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
     */
    async createPending(
      userId: string,
      input: { name: string; parentId: string; size: number; mimeType?: string },
    ): Promise<FileRecord> {
      return insertFile(userId, { ...input, blob: null });
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

    /** Puts items in the trash; what a trashed folder holds goes along (state 2). Answers the task id. */
    async trash(userId: string, ids: string[]): Promise<string> {
      const records = await atomically(async (queries) => {
        await queries.lockUsage(userId, now());
        const found = await ownedAll(queries, userId, ids);
        const stamp = now().toISOString();
        let moved = 0;
        for (const id of new Set(ids)) {
          const record = await owned(queries, userId, id);
          if (record.trashed !== 0) {
            continue;
          }
          await queries.update(userId, [record.id], {
            trashed: 1,
            trashed_at: stamp,
            original_parent_id: record.parentId,
            original_path: JSON.stringify(await pathNames(queries, userId, record.parentId)),
          });
          const inside = await descendants(
            queries,
            userId,
            [record],
            (child) => child.trashed === 0,
          );
          await queries.update(
            userId,
            inside.map((child) => child.id),
            { trashed: 2 },
          );
          moved += usageOf([record, ...inside]).live;
        }
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

    /** Moves live items into a folder; a taken name becomes `name(n)`. */
    async move(userId: string, ids: string[], toParentId: string): Promise<string> {
      const { moved, target } = await atomically(async (queries) => {
        const records = await ownedAll(queries, userId, ids);
        const target = await liveFolder(queries, userId, toParentId);
        if (records.some((record) => record.trashed !== 0)) {
          throw inTrash();
        }
        await assertNotInto(queries, userId, records, target);
        const stamp = now().toISOString();
        for (const record of records) {
          if (record.parentId === target) {
            continue;
          }
          const name = await freeName(queries, userId, target, record.name, record.kind);
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
     */
    async copy(userId: string, ids: string[], toParentId: string): Promise<string> {
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
        const inside = await descendants(queries, userId, records, (child) => child.trashed === 0);
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
          const name = await freeName(queries, userId, target, record.name, record.kind);
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
  };
  return service;
}

export type FileService = ReturnType<typeof createFileService>;
