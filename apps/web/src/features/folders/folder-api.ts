import type { DriveFile } from '@nimbus/contracts';
import { driveRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The member's folders as the destination trees list them (move and copy, offline downloads,
 * saves from a share): `GET /drive/v1/files` of docs/api.md#files, folders only.
 */

/** The cache key of the folders inside one folder; the drive's changes invalidate it. */
export function folderChildrenQueryKey(parentId: string) {
  return ['drive', 'folders', parentId] as const;
}

/** One page of the live folders inside a folder, by name. */
export async function listFolders(
  parentId: string,
  limit: number,
  pageToken: string | undefined,
  signal?: AbortSignal,
): Promise<{ files: DriveFile[]; next_page_token: string }> {
  return browserClient().call(
    driveRoutes.listFiles,
    {
      query: {
        parent_id: parentId,
        order: 'NAME_ASC',
        folders_first: 'true',
        limit,
        thumbnail_size: 'SIZE_SMALL',
        filters: JSON.stringify({ kind: { eq: 'drive#folder' }, trashed: { eq: false } }),
        ...(pageToken ? { page_token: pageToken } : {}),
      },
    },
    signal ? { signal } : {},
  );
}
