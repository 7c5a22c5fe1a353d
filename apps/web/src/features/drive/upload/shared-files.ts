/*
 * Files shared into Nimbus from a phone's share sheet (docs/web-app.md#installable-app). The
 * manifest's share target posts them to `/share-target`; the service worker (public/sw.js) takes
 * the post, keeps the files in the browser's Cache Storage under the names below and opens the
 * drive, which asks the member before uploading them (shared-files-dialog.tsx). Nothing reaches
 * the server until the member says so: a page elsewhere that posts a form to `/share-target`
 * cannot put files into a drive.
 */

/** The Cache Storage cache that holds the shared files (public/sw.js: `sharedFilesCache`). */
export const sharedFilesCacheName = 'nimbus-shared-files';
/** The path each file is kept under, followed by its index (public/sw.js: `sharedFilesPath`). */
export const sharedFilesPath = '/share-target/files/';
/** The entry kept instead of the files when there were too many or too large ones. */
export const sharedFilesRefusedPath = '/share-target/refused';
/** The headers of a kept file that carry its name and modification time. */
export const sharedFileHeaders = { name: 'x-nimbus-name', modified: 'x-nimbus-modified' } as const;
/** The most files one share may bring (public/sw.js: `maxSharedFiles`). */
export const maxSharedFiles = 100;
/** The most bytes one share may bring, all files together (public/sw.js: `maxSharedBytes`). */
export const maxSharedBytes = 2 * 1024 * 1024 * 1024;

/** What a share left for the drive: its files, or that it was refused for its size. */
export type SharedFiles = { kind: 'files'; files: File[] } | { kind: 'refused' };

/** The part of the browser's `CacheStorage` the drive uses. */
export type SharedFilesStorage = Pick<CacheStorage, 'has' | 'open' | 'delete'>;

/** The browser's Cache Storage, where it has one (secure contexts only). */
export function browserCacheStorage(): SharedFilesStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches;
}

/** A kept file's name, from the header the worker encoded it in. */
function decodedName(header: string | null): string {
  try {
    return decodeURIComponent(header ?? '');
  } catch {
    return '';
  }
}

/** Whether a share left anything for the drive. */
export function hasSharedFiles(storage: SharedFilesStorage): Promise<boolean> {
  return storage.has(sharedFilesCacheName);
}

/** The files a share left, in the order they were shared; undefined when none waits. */
export async function readSharedFiles(
  storage: SharedFilesStorage,
): Promise<SharedFiles | undefined> {
  if (!(await storage.has(sharedFilesCacheName))) {
    return undefined;
  }
  const cache = await storage.open(sharedFilesCacheName);
  if (await cache.match(sharedFilesRefusedPath)) {
    return { kind: 'refused' };
  }
  const files: File[] = [];
  for (let index = 0; index < maxSharedFiles; index += 1) {
    const kept = await cache.match(`${sharedFilesPath}${index}`);
    if (!kept) {
      break;
    }
    const name = decodedName(kept.headers.get(sharedFileHeaders.name)) || 'file';
    files.push(
      new File([await kept.blob()], name, {
        type: kept.headers.get('content-type') ?? '',
        lastModified: Number(kept.headers.get(sharedFileHeaders.modified)) || Date.now(),
      }),
    );
  }
  return files.length > 0 ? { kind: 'files', files } : undefined;
}

/** Forgets what a share left (after the upload started, or when the member declines). */
export async function clearSharedFiles(storage: SharedFilesStorage): Promise<void> {
  await storage.delete(sharedFilesCacheName);
}
