import { davFolderName, locales, type Locale } from '@nimbus/contracts';
import { foldName } from '../drive/file-listing';
import type { FileRecord } from '../drive/file.repository';
import type { FileService } from '../drive/file.service';
import { isHiddenName } from './dav-path';

/**
 * The drive's views that WebDAV shows at the root of `/dav/` beside the member's items
 * (docs/api.md#webdav): the trash, and the member's share links with the items each chose.
 * Both are read-only; "Saved from shares" is a folder of the drive and needs nothing here.
 */
export type DavArea = 'trash' | 'shares';

const areaKeys = { trash: 'trashFolder', shares: 'sharesFolder' } as const;

/** Each view's folded name in every language, so a path stays valid whatever the client asks. */
const areaByName = new Map<string, DavArea>(
  (Object.keys(areaKeys) as DavArea[]).flatMap((area) =>
    locales.map((locale) => [foldName(davFolderName(areaKeys[area], locale)), area] as const),
  ),
);

/** The view a root name names, in any language; undefined for any other name. */
export function areaNamed(name: string): DavArea | undefined {
  return areaByName.get(foldName(name));
}

/** A share link's folder: its title, then its id, which the path is read by. */
function shareFolderName(share: { id: string; title: string }): string {
  const title = share.title.replace(/[/\\\0]/g, '_').trim();
  return `${title === '' ? 'Share' : title} (${share.id})`;
}

function shareIdOf(name: string): string | undefined {
  return /\(([A-Za-z0-9_-]{1,64})\)$/.exec(name)?.[1];
}

/** A folder that stands for a view or a share link in listings; it is no item of the drive. */
function viewFolder(userId: string, id: string, name: string, at: string): FileRecord {
  return {
    id,
    userId,
    parentId: '',
    kind: 'folder',
    name,
    nameKey: foldName(name),
    size: 0,
    sha256: null,
    gcid: '',
    mimeType: '',
    fileExtension: '',
    fileCategory: '',
    phase: 'PHASE_TYPE_COMPLETE',
    starred: false,
    trashed: 0,
    trashedAt: null,
    originalParentId: null,
    originalPath: null,
    createdAt: at,
    modifiedAt: at,
    params: {},
    folderType: 'NORMAL',
  };
}

/** Ids of the folders that stand for share links (never an id of the drive). */
const shareFolderPrefix = 'share:';

/** A share link as the views need it (the share module's records fit). */
interface ShareLink {
  id: string;
  title: string;
  createdAt: string;
}

export interface DavAreasDeps {
  files: Pick<FileService, 'list' | 'childNamed' | 'findMany'>;
  /** The member's share links, newest first (the share module's owner list). */
  shares: {
    list(
      userId: string,
      input: { limit: number; pageToken: string | undefined; filters: string | undefined },
    ): Promise<{ shares: (ShareLink & { status: string })[]; nextPageToken: string }>;
  };
  /** A live link of the member's, and the items a link chose (the share module's records). */
  shareItems: {
    findOwnedLive(userId: string, ids: string[]): Promise<ShareLink[]>;
    itemIds(shareId: string): Promise<string[]>;
  };
  pageSize: number;
}

/**
 * A listing of the drive a page at a time, in name order: complete items only, hidden names
 * left out (`parentId` `*` with `filters`: the trash's items).
 */
export async function* listingPages(
  files: Pick<FileService, 'list'>,
  pageSize: number,
  userId: string,
  parentId: string,
  filters?: string,
): AsyncGenerator<FileRecord[]> {
  let pageToken: string | undefined;
  do {
    const page = await files.list(userId, {
      parentId,
      filters,
      order: 'NAME_ASC',
      foldersFirst: false,
      limit: pageSize,
      pageToken,
    });
    yield page.files.filter(
      (record) => !isHiddenName(record.name) && record.phase === 'PHASE_TYPE_COMPLETE',
    );
    pageToken = page.nextPageToken === '' ? undefined : page.nextPageToken;
  } while (pageToken !== undefined);
}

/** Items found by path inside the views, and their listings, a page at a time. */
export function createDavAreas(deps: DavAreasDeps) {
  const { files, pageSize } = deps;

  /** The first item named `name` of a listing (in the trash, names may repeat). */
  async function named(
    userId: string,
    parentId: string,
    name: string,
    extra: Record<string, unknown>,
  ): Promise<FileRecord | undefined> {
    const filters = JSON.stringify({ ...extra, name: { eq: name } });
    const page = await files.list(userId, {
      parentId,
      filters,
      order: 'NAME_ASC',
      foldersFirst: false,
      limit: 1,
      pageToken: undefined,
    });
    const [record] = page.files;
    return record && record.phase === 'PHASE_TYPE_COMPLETE' ? record : undefined;
  }

  async function shareItems(userId: string, shareId: string): Promise<FileRecord[]> {
    const ids = await deps.shareItems.itemIds(shareId);
    const records = await files.findMany(userId, ids);
    return records.filter(
      (record) =>
        record.trashed === 0 &&
        record.phase === 'PHASE_TYPE_COMPLETE' &&
        !isHiddenName(record.name),
    );
  }

  return {
    /** A view's name in a language. */
    nameOf(area: DavArea, locale: Locale): string {
      return davFolderName(areaKeys[area], locale);
    },

    /** The folder a view shows as at the root, under the name the path gave it. */
    rootFolder(userId: string, area: DavArea, name: string): FileRecord {
      return viewFolder(userId, `${area}:`, name, new Date(0).toISOString());
    },

    /** Whether a record is the folder of a view itself. */
    isRootFolder(record: FileRecord, area: DavArea): boolean {
      return record.id === `${area}:`;
    },

    /**
     * The item `rest` names inside a view (`[]`: the view itself, answered as null); undefined
     * when nothing is there. Inside a trashed folder or a shared one, names are the drive's.
     */
    async resolve(
      userId: string,
      area: DavArea,
      rest: readonly string[],
    ): Promise<FileRecord | null | undefined> {
      const [first, ...deeper] = rest;
      if (first === undefined) {
        return null;
      }
      if (isHiddenName(first)) {
        return undefined;
      }
      let record: FileRecord | undefined;
      if (area === 'trash') {
        record = await named(userId, '*', first, { trashed: { eq: true } });
      } else {
        const shareId = shareIdOf(first);
        const [share] = shareId ? await deps.shareItems.findOwnedLive(userId, [shareId]) : [];
        if (!share || shareFolderName(share) !== first) {
          return undefined;
        }
        const [second, ...below] = deeper;
        if (second === undefined) {
          return viewFolder(userId, `${shareFolderPrefix}${share.id}`, first, share.createdAt);
        }
        const items = await shareItems(userId, share.id);
        record = items.find((item) => item.nameKey === foldName(second));
        deeper.splice(0, deeper.length, ...below);
      }
      for (const name of deeper) {
        if (!record || record.kind !== 'folder' || isHiddenName(name)) {
          return undefined;
        }
        record =
          area === 'trash'
            ? await named(userId, record.id, name, {})
            : await files.childNamed(userId, record.id, name);
      }
      return record;
    },

    /** The entries of a view, of a share link's folder, or of a folder inside either. */
    async *children(
      userId: string,
      area: DavArea,
      folder: FileRecord | null,
    ): AsyncGenerator<FileRecord[]> {
      if (folder === null && area === 'trash') {
        yield* listingPages(
          files,
          pageSize,
          userId,
          '*',
          JSON.stringify({ trashed: { eq: true } }),
        );
      } else if (folder === null) {
        let pageToken: string | undefined;
        do {
          const page = await deps.shares.list(userId, {
            limit: Math.min(pageSize, 1000),
            pageToken,
            filters: undefined,
          });
          yield page.shares
            .filter((share) => share.status === 'OK')
            .map((share) =>
              viewFolder(
                userId,
                `${shareFolderPrefix}${share.id}`,
                shareFolderName(share),
                share.createdAt,
              ),
            );
          pageToken = page.nextPageToken === '' ? undefined : page.nextPageToken;
        } while (pageToken !== undefined);
      } else if (folder.id.startsWith(shareFolderPrefix)) {
        yield await shareItems(userId, folder.id.slice(shareFolderPrefix.length));
      } else {
        yield* listingPages(files, pageSize, userId, folder.id);
      }
    },
  };
}

export type DavAreas = ReturnType<typeof createDavAreas>;
