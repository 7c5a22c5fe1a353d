import type { Readable } from 'node:stream';
import type { Locale } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { drainStream } from '../../lib/stream-drain';
import type { FileRecord } from '../drive/file.repository';
import type { FileService } from '../drive/file.service';
import type { BlobService } from '../storage/blob.service';
import {
  deadPropertyLimits,
  type DavProperty,
  type DavPropertyRepository,
} from './dav-property.repository';
import { isHiddenName } from './dav-path';
import { areaNamed, listingPages, type DavArea, type DavAreas } from './dav-areas';

export interface DavServiceDeps {
  files: Pick<
    FileService,
    | 'childNamed'
    | 'list'
    | 'about'
    | 'putFile'
    | 'setModifiedAt'
    | 'createFolder'
    | 'trash'
    | 'move'
    | 'copy'
    | 'rename'
    | 'get'
  >;
  blobs: Pick<BlobService, 'write' | 'reference' | 'unreferenced'>;
  properties: DavPropertyRepository;
  /**
   * Runs work in one database transaction (`DatabaseHandle.transaction`): a PUT's blob row and
   * file are one commit.
   */
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** Entries of a folder read per query while a listing streams (1,000 when absent). */
  pageSize?: number;
  /** The trash and the share links, shown read-only at the root; absent: not shown. */
  areas?: DavAreas;
}

/** An item a path names: a file or folder of the drive, or the drive's root (`record` undefined). */
export interface DavItem {
  segments: string[];
  record: FileRecord | undefined;
  /** The read-only view (trash, share links) the item is in, if any. */
  area?: DavArea;
}

/** Whether an item is a collection (a folder, or the root). */
export function isCollection(item: DavItem): boolean {
  return item.record === undefined || item.record.kind === 'folder';
}

/** The drive id of an item (`''`: the root). */
export function idOf(item: DavItem): string {
  return item.record?.id ?? '';
}

function conflict(description: string): AppError {
  return new AppError('failed_precondition', { description, status: 409 });
}

/**
 * The member's drive as WebDAV sees it: items found by path, folders listed a page at a time,
 * files written whole, folders made, items trashed, moved and copied by the drive's own calls
 * (so copies share blobs), and dead properties. Paths are the drive's names; macOS's `._` and
 * `.DS_Store` files are neither listed nor stored.
 */
export function createDavService(deps: DavServiceDeps) {
  const { files, blobs, properties } = deps;
  const pageSize = deps.pageSize ?? 1000;

  /** The view a path is in: its first name names one and no item of the root has that name. */
  async function areaOf(userId: string, segments: readonly string[]): Promise<DavArea | undefined> {
    const [first] = segments;
    const area = first === undefined || !deps.areas ? undefined : areaNamed(first);
    return area && !(await files.childNamed(userId, '', first as string)) ? area : undefined;
  }

  /** The item a path names, or undefined when nothing live is there (nothing at all in a view). */
  async function resolve(
    userId: string,
    segments: readonly string[],
  ): Promise<DavItem | undefined> {
    const area = await areaOf(userId, segments);
    if (area && deps.areas) {
      const found = await deps.areas.resolve(userId, area, segments.slice(1));
      if (found === undefined) {
        return undefined;
      }
      const record = found ?? deps.areas.rootFolder(userId, area, segments[0] as string);
      return { segments: [...segments], record, area };
    }
    let record: FileRecord | undefined;
    for (const name of segments) {
      if (isHiddenName(name) || (record !== undefined && record.kind !== 'folder')) {
        return undefined;
      }
      record = await files.childNamed(userId, record?.id ?? '', name);
      if (!record) {
        return undefined;
      }
    }
    return { segments: [...segments], record };
  }

  /** The item named `name` in a collection of the drive (not of a view); undefined when none. */
  async function childOf(
    userId: string,
    parent: DavItem,
    name: string,
  ): Promise<DavItem | undefined> {
    if (!isCollection(parent) || parent.area !== undefined || isHiddenName(name)) {
      return undefined;
    }
    const record = await files.childNamed(userId, idOf(parent), name);
    return record ? { segments: [...parent.segments, name], record } : undefined;
  }

  /** The folder a new item of `segments` goes in; `409` when it is missing (RFC 4918 §9.7.1). */
  async function parentOf(userId: string, segments: readonly string[]): Promise<DavItem> {
    const parent = await resolve(userId, segments.slice(0, -1));
    if (!parent || !isCollection(parent)) {
      throw conflict('The folder that would hold it does not exist');
    }
    return parent;
  }

  /** RFC 4331's figures: bytes used and bytes still free under the plan. */
  async function quota(userId: string): Promise<{ used: number; available: number }> {
    const about = await files.about(userId);
    return { used: about.usage, available: Math.max(0, about.limit - about.usage) };
  }

  /** DELETE: the item goes to the trash, as from the drive. */
  async function trash(userId: string, item: DavItem): Promise<void> {
    if (!item.record) {
      throw new AppError('permission_denied', {
        description: 'The root cannot be deleted',
        status: 403,
      });
    }
    await files.trash(userId, [item.record.id]);
  }

  /** A folder's live entries, a page at a time, in name order; hidden names left out. */
  function children(userId: string, folderId: string): AsyncGenerator<FileRecord[]> {
    return listingPages(files, pageSize, userId, folderId);
  }

  return {
    resolve,
    childOf,
    areaOf,
    parentOf,
    quota,
    trash,

    /**
     * A collection's entries, a page at a time: a folder's live entries in name order (hidden
     * names left out), then at the root the views whose names (in `locale`) no item takes; in a
     * view, its entries.
     */
    async *childrenOf(userId: string, item: DavItem, locale: Locale): AsyncGenerator<FileRecord[]> {
      const { areas } = deps;
      if (item.area && areas && item.record) {
        const folder = areas.isRootFolder(item.record, item.area) ? null : item.record;
        yield* areas.children(userId, item.area, folder);
        return;
      }
      yield* children(userId, item.record?.id ?? '');
      if (item.record === undefined && areas) {
        const views: FileRecord[] = [];
        for (const area of ['trash', 'shares'] as const) {
          const name = areas.nameOf(area, locale);
          if (!(await files.childNamed(userId, '', name))) {
            views.push(areas.rootFolder(userId, area, name));
          }
        }
        yield views;
      }
    },

    children,

    /** Dead properties of some items. */
    async deadProperties(fileIds: string[]): Promise<DavProperty[]> {
      return fileIds.length === 0 ? [] : properties.listOf(fileIds);
    },

    /** Sets (value XML) and removes (value null) dead properties of an item, in order. */
    async patchProperties(
      item: DavItem,
      changes: { ns: string; name: string; value: string | null }[],
    ): Promise<void> {
      if (!item.record) {
        throw new AppError('permission_denied', {
          description: 'The root holds no properties of its own',
        });
      }
      if (!(await properties.change(item.record.id, changes))) {
        throw new AppError('file_space_not_enough', {
          description: `An item holds at most ${deadPropertyLimits.count} dead properties of ${deadPropertyLimits.characters} characters in all`,
          status: 507,
        });
      }
    },

    /**
     * Writes a file whole at a path, streaming and hashing the body into the blob store (content
     * the store holds already is not written again), under the quota: a body larger than the
     * room left is refused before a byte is read, and any failure leaves no file and no
     * reference to the blob. The blob's row and the file are written in one commit, after the
     * bytes are durable. Answers whether the file is new. `._` and `.DS_Store` files are read
     * and dropped. `parent` is the folder of the path when the caller found it already.
     */
    async put(
      userId: string,
      segments: string[],
      body: Readable,
      options: {
        contentLength: number | undefined;
        modifiedAt: string | undefined;
        parent?: DavItem | undefined;
      },
    ): Promise<{ created: boolean; file: FileRecord | undefined }> {
      const name = segments.at(-1);
      if (name === undefined) {
        throw new AppError('failed_precondition', {
          description: 'The root is a folder',
          status: 405,
        });
      }
      const parent =
        options.parent && isCollection(options.parent)
          ? options.parent
          : await parentOf(userId, segments);
      if (isHiddenName(name)) {
        await drainStream(body, () => undefined);
        return { created: true, file: undefined };
      }
      // Read before the transaction, which on SQLite holds the one connection.
      const { limit, usage } = await files.about(userId);
      if (options.contentLength !== undefined && options.contentLength > limit - usage) {
        throw new AppError('file_space_not_enough', { status: 507 });
      }
      const blob = await blobs.write(
        body,
        options.contentLength === undefined ? {} : { expectedSize: options.contentLength },
      );
      try {
        return await deps.transaction(async () => {
          await blobs.reference(blob);
          const { file, replaced } = await files.putFile(userId, {
            parentId: idOf(parent),
            name,
            blob,
            limit,
            ...(options.modifiedAt === undefined ? {} : { modifiedAt: options.modifiedAt }),
          });
          return { created: replaced === undefined, file };
        });
      } catch (error) {
        // Nothing of the transaction was committed: the bytes are left to a garbage collection.
        await blobs.unreferenced(blob);
        if (error instanceof AppError && error.reason === 'file_space_not_enough') {
          throw new AppError('file_space_not_enough', { status: 507 });
        }
        if (error instanceof AppError && error.reason === 'file_duplicated_name') {
          throw new AppError('failed_precondition', {
            description: 'A folder has this name',
            status: 405,
          });
        }
        throw error;
      }
    },

    /** Sets an item's modification time (`X-OC-Mtime`, PROPPATCH of `getlastmodified`). */
    async touch(userId: string, item: DavItem, modifiedAt: string): Promise<void> {
      if (item.record) {
        await files.setModifiedAt(userId, item.record.id, modifiedAt);
      }
    },

    /** MKCOL: a new folder at a free path. */
    async makeFolder(userId: string, segments: string[]): Promise<void> {
      const name = segments.at(-1);
      if (name === undefined || (await resolve(userId, segments))) {
        throw new AppError('failed_precondition', {
          description: 'Something already exists here',
          status: 405,
        });
      }
      const parent = await parentOf(userId, segments);
      await files.createFolder(userId, { parentId: idOf(parent), name });
    },

    /**
     * COPY and MOVE: the item goes (or a copy of it, sharing its blobs, with its dead
     * properties) to `destination`, whose folder must exist. An item there is trashed first when
     * `overwrite`, else the call fails with 412. Answers whether the destination is new.
     */
    async transfer(
      userId: string,
      item: DavItem,
      destination: string[],
      options: { move: boolean; overwrite: boolean; shallow: boolean },
    ): Promise<boolean> {
      const name = destination.at(-1);
      if (!item.record || name === undefined) {
        throw new AppError('permission_denied', {
          description: 'The root cannot be copied or moved, nor replaced',
          status: 403,
        });
      }
      const record = item.record;
      const parent = await parentOf(userId, destination);
      const existing = await resolve(userId, destination);
      if (existing?.record?.id === record.id) {
        if (options.move && existing.record.name !== name) {
          // Only the case of the name changes.
          await files.rename(userId, record.id, name);
        }
        return false;
      }
      if (existing) {
        if (!options.overwrite) {
          throw new AppError('failed_precondition', {
            description: 'Something exists at the destination and Overwrite is F',
            status: 412,
          });
        }
        await trash(userId, existing);
      }
      if (options.move) {
        await files.move(userId, [record.id], idOf(parent), { name });
      } else {
        await files.copy(userId, [record.id], idOf(parent), {
          name,
          shallow: options.shallow,
        });
        const copy = await files.childNamed(userId, idOf(parent), name);
        if (copy) {
          await properties.copy(record.id, copy.id);
        }
      }
      return existing === undefined;
    },
  };
}

export type DavService = ReturnType<typeof createDavService>;
