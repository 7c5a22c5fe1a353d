import {
  type DriveAbout as ApiAbout,
  type DriveEvent,
  type DriveFile as ApiFile,
  type DriveFileList,
  type FolderLink,
} from '@nimbus/contracts';
import { contentRoutes, driveRoutes, eventRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';
import { chunked } from './transfer-plan';

/*
 * The drive's calls (docs/api.md#files and #account-and-membership) as the web app makes them. Every function throws the
 * client's `ApiError` on failure; the pages turn it into a localized message.
 */

/**
 * The File of docs/api.md#files (the catalogue's), with the fields the drive pages read; items
 * of the recent page also carry what happened to them, in the page's language (`type_name`).
 */
export type DriveFile = Pick<
  ApiFile,
  | 'kind'
  | 'id'
  | 'parent_id'
  | 'name'
  | 'size'
  | 'mime_type'
  | 'file_extension'
  | 'file_category'
  | 'phase'
  | 'trashed'
  | 'delete_time'
  | 'starred'
  | 'created_time'
  | 'modified_time'
  | 'thumbnail_link'
  | 'web_content_link'
  | 'links'
  | 'params'
> & { event_type_name?: string };

/** One page of a listing. */
export type DriveFilePage = { files: DriveFile[] } & Pick<DriveFileList, 'next_page_token'>;

/** The quota part of `GET /drive/v1/about`. */
export type DriveAbout = Pick<ApiAbout, 'quota'> &
  Partial<Pick<ApiAbout, 'over_storage_limit' | 'over_free_task_limit' | 'quotas'>>;

/** Whether an item is a folder. */
export function isFolder(file: Pick<DriveFile, 'kind'>): boolean {
  return file.kind === 'drive#folder';
}

/** `GET /drive/v1/files/{id}`: the file with its links (for looking at it or opening it). */
export async function getFile(id: string, signal?: AbortSignal): Promise<DriveFile> {
  return browserClient().call(driveRoutes.getFile, { params: { id } }, signal ? { signal } : {});
}

/** `GET /drive/v1/files/{id}` as a listing row (its small thumbnail), to put a new item in. */
export async function getListedFile(id: string): Promise<DriveFile> {
  return browserClient().call(driveRoutes.getFile, {
    params: { id },
    query: { thumbnail_size: 'SIZE_SMALL' },
  });
}

/**
 * `GET /drive/v1/files/{id}?usage=FETCH`: the file's links for a download, which the server
 * refuses (`download_traffic_exhausted`) once the month's download traffic is used up.
 */
export async function getFileForDownload(id: string): Promise<DriveFile> {
  return browserClient().call(driveRoutes.getFile, { params: { id }, query: { usage: 'FETCH' } });
}

/** Creates a folder; a taken name becomes `name(1)`. */
export async function createFolder(name: string, parentId: string): Promise<DriveFile> {
  const answer = await browserClient().call(driveRoutes.createFile, {
    body: { kind: 'drive#folder', name, parent_id: parentId },
  });
  if (answer.upload_type !== 'UPLOAD_TYPE_UNKNOWN') {
    throw new TypeError('A folder was asked for and something else was made');
  }
  return answer.file;
}

/** Renames an item; a name taken in its folder fails with `file_duplicated_name`. */
export async function renameFile(id: string, name: string): Promise<DriveFile> {
  return browserClient().call(driveRoutes.renameFile, { params: { id }, body: { name } });
}

export type { FolderLink };

/**
 * The folders above items, for their paths: each folder among `ids` and every folder above it
 * (1,000 ids a call, the calls side by side).
 */
export async function folderChains(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<FolderLink[]> {
  const answers = await Promise.all(
    chunked(ids).map((chunk) =>
      browserClient().call(
        driveRoutes.folderChains,
        { body: { ids: [...chunk] } },
        signal ? { signal } : {},
      ),
    ),
  );
  return answers.flatMap((answer) => answer.folders);
}

/** Stars or unstars items (1,000 ids a call). */
export async function setStarred(ids: readonly string[], starred: boolean): Promise<void> {
  for (const chunk of chunked(ids)) {
    await browserClient().call(starred ? driveRoutes.star : driveRoutes.unstar, {
      body: { ids: chunk },
    });
  }
}

/** The batch calls that take ids only. */
export type IdBatch = 'batchTrash' | 'batchUntrash' | 'batchDelete';

/**
 * Trashes, restores or deletes items for good. A selection of a whole large folder goes in
 * calls of 1,000 ids (each call is atomic on the server).
 */
export async function batchIds(action: IdBatch, ids: readonly string[]): Promise<void> {
  for (const chunk of chunked(ids)) {
    await browserClient().call(driveRoutes[action], { body: { ids: [...chunk] } });
  }
}

/** Moves or copies items into a folder (1,000 ids a call). */
export async function batchTo(
  action: 'batchMove' | 'batchCopy',
  ids: readonly string[],
  parentId: string,
): Promise<void> {
  for (const chunk of chunked(ids)) {
    await browserClient().call(driveRoutes[action], {
      body: { ids: [...chunk], to: { parent_id: parentId } },
    });
  }
}

/** A signed link to a zip of the selection (`POST /drive/v1/files:zip`, at most 100 ids). */
export async function zipLink(ids: readonly string[]): Promise<{ name: string; url: string }> {
  return browserClient().call(contentRoutes.zip, { body: { ids: [...ids] } });
}

/** Deletes everything in the trash for good. */
export async function emptyTrash(): Promise<void> {
  await browserClient().call(driveRoutes.emptyTrash);
}

/** The member's storage quota and usage. */
export async function getAbout(signal?: AbortSignal): Promise<DriveAbout> {
  return browserClient().call(driveRoutes.about, {}, signal ? { signal } : {});
}

/** An event as a listing item: the file as the event shows it, dated by the event. */
export function fileOfEvent(event: DriveEvent): DriveFile {
  return {
    kind: event.file_kind,
    id: event.file_id,
    parent_id: '',
    name: event.file_name,
    size: '',
    mime_type: event.mime_type,
    file_extension: '',
    file_category: event.file_category,
    phase: 'PHASE_TYPE_COMPLETE',
    trashed: false,
    delete_time: '',
    starred: false,
    created_time: event.created_time,
    modified_time: event.created_time,
    thumbnail_link: event.thumbnail_link,
    web_content_link: '',
    links: {},
    params: event.params,
    event_type_name: event.type_name,
  };
}

/** One page of `GET /drive/v1/events` (newest first) as listing items. */
export async function listRecent(
  pageToken: string | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<DriveFilePage> {
  const answer = await browserClient().call(
    eventRoutes.list,
    {
      query: {
        limit,
        thumbnail_size: 'SIZE_SMALL',
        ...(pageToken ? { page_token: pageToken } : {}),
      },
    },
    signal ? { signal } : {},
  );
  return { files: answer.events.map(fileOfEvent), next_page_token: answer.next_page_token };
}
