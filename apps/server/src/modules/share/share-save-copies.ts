import type { ShareStatus } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { newIds } from '../../lib/secrets';
import { foldName } from '../drive/file-listing';
import type { FileQueries, FileRecord } from '../drive/file.repository';
import { numberedName } from '../drive/file.service';
import type { FrozenCopy, ShareQueries, TreeItem } from './share.repository';

/*
 * The copies a save from a share makes (docs/api.md#shares): their plan, names, rows and blob
 * references, each step inside the caller's transaction.
 */

/** What a save copies: the chosen items still live, in the order chosen, and the live items inside them. */
export interface SavedTree {
  roots: FileRecord[];
  /** Each once, parents before children. */
  inside: TreeItem[];
  /** Items in all. */
  count: number;
  /** Bytes of the files. */
  added: number;
}

/** The restore worker no longer holds the task (deleted, or taken back): stop without a trace. */
export class RestoreStopped extends Error {
  constructor() {
    super('the task is no longer held');
  }
}

/** Rolls a save back with an answer instead of an error. */
export class RestoreRefused extends Error {
  constructor(readonly status: Exclude<ShareStatus, 'OK'>) {
    super(status);
  }
}

/** The columns a copy takes from a shared item (the name and name key of chosen items change). */
export function columnsOf(
  item: Pick<
    TreeItem,
    | 'kind'
    | 'name'
    | 'nameKey'
    | 'size'
    | 'sha256'
    | 'gcid'
    | 'mimeType'
    | 'fileExtension'
    | 'fileCategory'
    | 'phase'
  >,
) {
  return {
    t: item.kind,
    a: item.name,
    k: item.nameKey,
    s: item.size,
    h: item.sha256,
    g: item.gcid,
    m: item.mimeType,
    x: item.fileExtension,
    c: item.fileCategory,
    f: item.phase,
  };
}

/** How many copies of a plan point at each blob. */
export function blobCounts(plan: FrozenCopy[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const copy of plan) {
    if (copy.h !== null) {
      counts.set(copy.h, (counts.get(copy.h) ?? 0) + 1);
    }
  }
  return counts;
}

/** Bytes of the complete files of a plan: what a save books on the storage counter. */
export function bookedBytes(plan: FrozenCopy[]): number {
  return plan.reduce((sum, copy) => sum + (copy.t === 'file' && copy.h !== null ? copy.s : 0), 0);
}

/** The progress of a large save after `copied` of `total` items: 1-99 until it completes. */
export function progressOf(copied: number, total: number): number {
  return Math.min(99, Math.max(1, Math.floor((copied * 100) / Math.max(total, 1))));
}

/** The name itself when free in the folder, else the first free `name(n)`. */
export async function freeName(
  queries: FileQueries,
  userId: string,
  parentId: string,
  name: string,
  kind: 'file' | 'folder',
): Promise<string> {
  const holder = await queries.findLiveByName(userId, parentId, foldName(name));
  if (!holder) {
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

/**
 * The copies a save makes of a tree, with every column of their rows: the chosen items get
 * free names in the target folder (marked `r`), every item a new id (drawn in one go) and its
 * copy's parent; parents come before their children, so any prefix of the plan is a whole
 * tree. Read inside the caller's transaction (the names are free in it).
 */
export async function planCopies(
  queries: ShareQueries,
  work: { saverId: string; target: string; tree: SavedTree },
): Promise<FrozenCopy[]> {
  const { tree } = work;
  const ids = newIds(tree.count);
  const copies = new Map<string, string>();
  const plan: FrozenCopy[] = [];
  const rootNames = new Set<string>();
  for (const [index, record] of tree.roots.entries()) {
    let name = await freeName(queries.files, work.saverId, work.target, record.name, record.kind);
    // Two chosen items of one name from different folders: the second is numbered too.
    for (let n = 1; rootNames.has(foldName(name)); n += 1) {
      name = await freeName(
        queries.files,
        work.saverId,
        work.target,
        numberedName(record.name, record.kind, n),
        record.kind,
      );
    }
    rootNames.add(foldName(name));
    const id = ids[index] as string;
    copies.set(record.id, id);
    plan.push({
      ...columnsOf({ ...record, name, nameKey: foldName(name) }),
      o: record.id,
      n: id,
      p: work.target,
      r: 1,
    });
  }
  const offset = tree.roots.length;
  for (const [index, item] of tree.inside.entries()) {
    copies.set(item.id, ids[offset + index] as string);
  }
  for (const item of tree.inside) {
    const parentId = copies.get(item.parentId);
    if (parentId === undefined) {
      // Parents come first (the tree is read level by level), so this cannot happen.
      throw new Error('a shared item came before its folder');
    }
    plan.push({ ...columnsOf(item), o: item.id, n: copies.get(item.id) as string, p: parentId });
  }
  return plan;
}

/**
 * Raises each blob's reference count by the copies of the plan that point at it, in one
 * `UPDATE ... FROM`; `data_loss` when a blob is missing.
 */
export async function referenceBlobs(
  queries: ShareQueries,
  plan: FrozenCopy[],
  at: Date,
): Promise<void> {
  const counts = blobCounts(plan);
  if ((await queries.addBlobReferences(counts, at)) !== counts.size) {
    throw new AppError('data_loss', { description: 'The content of a shared file is missing' });
  }
}

/** Makes the rows of some copies of a plan; `DELETED` when a row was not made. */
export async function makeCopies(
  queries: ShareQueries,
  copies: FrozenCopy[],
  work: { saverId: string; shareId: string; now: Date },
): Promise<void> {
  if (
    (await queries.insertCopies(copies, work.saverId, work.shareId, work.now)) !== copies.length
  ) {
    throw new RestoreRefused('DELETED');
  }
}

/**
 * Copies of a chunk whose name a member took meanwhile in a folder the save already made (a
 * later chunk fills folders an earlier one made) get the first free `name(n)`.
 */
export async function renameTaken(
  queries: ShareQueries,
  userId: string,
  copies: FrozenCopy[],
): Promise<FrozenCopy[]> {
  const renamed: FrozenCopy[] = [];
  const chosen = new Map<string, Set<string>>();
  for (const copy of copies) {
    const names = chosen.get(copy.p) ?? new Set<string>();
    chosen.set(copy.p, names);
    let name = await freeName(queries.files, userId, copy.p, copy.a, copy.t);
    for (let n = 1; names.has(foldName(name)); n += 1) {
      name = await freeName(queries.files, userId, copy.p, numberedName(copy.a, copy.t, n), copy.t);
    }
    names.add(foldName(name));
    renamed.push(name === copy.a ? copy : { ...copy, a: name, k: foldName(name) });
  }
  return renamed;
}

/** Gives back what a save booked for the copies it will not make now: their bytes and blob references. */
export async function releaseRest(
  queries: ShareQueries,
  userId: string,
  rest: FrozenCopy[],
  at: Date,
): Promise<void> {
  const bytes = bookedBytes(rest);
  if (bytes > 0) {
    await queries.files.adjustUsage(userId, { live: -bytes, trash: 0 }, at);
  }
  await queries.releaseBlobReferences(blobCounts(rest), at);
}
