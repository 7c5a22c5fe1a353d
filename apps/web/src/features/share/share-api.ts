import type { CallOptions } from '@nimbus/client';
import type { AnswerOf, CallInput, DriveFile as ApiFile, shareApi } from '@nimbus/contracts';
import { driveRoutes, shareRoutes, taskRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The visitor's share calls (docs/api.md#shares) as the share page makes them, typed from the API
 * catalogue. Every function throws the client's `ApiError` on failure; an unreadable share is an
 * answer with its `share_status`, which the page shows.
 */

/** `GET /drive/v1/share`: the share's status, owner and first page of items. */
export type OpenShareAnswer = AnswerOf<typeof shareApi.open>;
/** `GET /drive/v1/share/detail`: a folder inside the share. */
export type ShareDetailAnswer = AnswerOf<typeof shareApi.detail>;
/** `POST /drive/v1/share:batch_file_info`. */
export type BatchFileInfoAnswer = AnswerOf<typeof shareApi.batchFileInfo>;

/** `POST /drive/v1/share/restore`. */
export type RestoreAnswer = AnswerOf<typeof shareApi.restore>;

/** A file or folder of a share, with the fields the share page reads. */
export type ShareFile = Pick<
  ApiFile,
  | 'kind'
  | 'id'
  | 'parent_id'
  | 'name'
  | 'size'
  | 'mime_type'
  | 'file_extension'
  | 'file_category'
  | 'thumbnail_link'
  | 'modified_time'
  | 'created_time'
  | 'web_content_link'
  | 'links'
  | 'audit'
>;

type RestoreBody = NonNullable<CallInput<typeof shareApi.restore>['body']>;
/** What a save sends (`POST /drive/v1/share/restore`), without the pass-code token. */
export type RestoreRequestBody = Required<Pick<RestoreBody, 'share_id' | 'file_ids'>> &
  Pick<RestoreBody, 'ancestor_ids' | 'parent_id' | 'specify_parent_id'>;

type ZipBody = NonNullable<CallInput<typeof shareApi.zip>['body']>;
/** What a share zip sends (`POST /drive/v1/share:zip`), without the pass-code token. */
export type ShareZipBody = Required<Pick<ZipBody, 'share_id' | 'file_ids'>> &
  Pick<ZipBody, 'ancestor_ids'>;

/** Opens a share (with a pass code, or its pass-code token) at its first page. */
export const openShare = (query: CallInput<typeof shareApi.open>['query'], options?: CallOptions) =>
  browserClient().call(shareRoutes.open, { query }, options);

/** A page of a folder inside a share. */
export const shareFolder = (query: CallInput<typeof shareApi.detail>['query']) =>
  browserClient().call(shareRoutes.detail, { query });

/** `GET /drive/v1/share/file_info`: one item of a share with its signed links. */
export type ShareFileInfoAnswer = Omit<AnswerOf<typeof shareApi.fileInfo>, 'file_info'> & {
  file_info: ShareFile | null;
};

/** One item of a share with its signed links. */
export const shareFileInfo = (
  query: CallInput<typeof shareApi.fileInfo>['query'],
): Promise<ShareFileInfoAnswer> => browserClient().call(shareRoutes.fileInfo, { query });

/** Saves a share, or items of it, into the member's drive. */
export const restoreShare = (body: CallInput<typeof shareApi.restore>['body']) =>
  browserClient().call(shareRoutes.restore, { body });

/** A signed link to a zip of items of a share. */
export const zipShare = (body: CallInput<typeof shareApi.zip>['body']) =>
  browserClient().call(shareRoutes.zip, { body });

/** Reports a share for review. */
export const reportShare = (body: CallInput<typeof shareApi.report>['body']) =>
  browserClient().call(shareRoutes.report, { body });

/** `GET /drive/v1/tasks/{id}`: a save running as a task. */
export const getTask = (id: string, signal?: AbortSignal) =>
  browserClient().call(taskRoutes.get, { params: { id } }, signal ? { signal } : {});

/** `GET /drive/v1/files/{id}`: an item a save put in the member's drive. */
export const getSavedFile = (id: string) =>
  browserClient().call(driveRoutes.getFile, { params: { id } });
