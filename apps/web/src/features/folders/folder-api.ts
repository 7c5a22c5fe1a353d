import type { SortOrder } from '@nimbus/contracts';
import { driveRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The items of a folder, `GET /drive/v1/files` of docs/api.md#files: the drive's listings and,
 * folders only, the destination trees (move and copy, offline downloads, saves from a share).
 */

/** What a listing asks for. */
export interface ListFilesParams {
  /** `""` the root, `*` every folder. */
  parentId: string;
  order: SortOrder;
  foldersFirst: boolean;
  filters?: Record<string, Record<string, string | boolean>>;
  pageToken?: string;
  limit?: number;
}

/** One page of `GET /drive/v1/files`. */
export function listFiles(params: ListFilesParams, signal?: AbortSignal) {
  return browserClient().call(
    driveRoutes.listFiles,
    {
      query: {
        parent_id: params.parentId,
        order: params.order,
        folders_first: params.foldersFirst ? 'true' : 'false',
        limit: params.limit ?? 200,
        thumbnail_size: 'SIZE_SMALL',
        ...(params.filters ? { filters: JSON.stringify(params.filters) } : {}),
        ...(params.pageToken ? { page_token: params.pageToken } : {}),
      },
    },
    signal ? { signal } : {},
  );
}

/** The cache key of the folders inside one folder; the drive's changes invalidate it. */
export function folderChildrenQueryKey(parentId: string) {
  return ['drive', 'folders', parentId] as const;
}

/** One page of the live folders inside a folder, by name. */
export function listFolders(
  parentId: string,
  limit: number,
  pageToken: string | undefined,
  signal?: AbortSignal,
) {
  return listFiles(
    {
      parentId,
      order: 'NAME_ASC',
      foldersFirst: true,
      limit,
      filters: { kind: { eq: 'drive#folder' }, trashed: { eq: false } },
      ...(pageToken ? { pageToken } : {}),
    },
    signal,
  );
}
