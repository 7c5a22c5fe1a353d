import { fileCategoryOf, fileExtensionOf } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import { foldName } from './file-listing';
import type { FileQueries, FileRecord, FileRepository } from './file.repository';
import type { EventRecorder, PlanProvider } from './drive.ports';
import { usageOf } from './usage.repository';
import type { TaskRecorder } from '../task/task.service';
import { checkName, inTrash, newFolderRecord, notFound, numberedName } from './file-names';

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

/**
 * The steps the drive's calls are made of: the one access check (`owned`/`ownedAll`) that
 * answers `file_not_found` alike for absent and others' ids, free names, trees, transactions
 * and the task a batch call records.
 */
export function createFileSteps(deps: FileServiceDeps) {
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
    alongside?: (queries: FileQueries, fileId: string) => Promise<void>,
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
      await alongside?.(queries, id);
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

  return {
    owned,
    ownedAll,
    liveFolder,
    freeName,
    descendants,
    pathNames,
    atomically,
    insertFileIn,
    insertFile,
    createFolderIn,
    assertNotInto,
    deleteWithDescendants,
    finished,
  };
}

export type FileSteps = ReturnType<typeof createFileSteps>;
