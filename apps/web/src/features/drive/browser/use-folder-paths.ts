import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DriveFile, FolderLink } from '../drive-api';
import { folderChains } from '../drive-api';

/** Deeper than any real tree: a damaged chain that loops ends here. */
const maxDepth = 512;

/**
 * The folders from the root down to each listed item's folder, for the paths of search results:
 * one call for the folders of all loaded items and every folder above them (asked again, in one
 * call, as pages come in). Answers undefined when not `enabled`; for a folder whose chain is not
 * known yet, the function answers undefined.
 */
export function useFolderPaths(
  items: readonly DriveFile[],
  enabled: boolean,
): ((folderId: string) => FolderLink[] | undefined) | undefined {
  const ids = useMemo(
    () =>
      enabled
        ? [...new Set(items.map((file) => file.parent_id).filter((id) => id !== ''))].sort()
        : [],
    [items, enabled],
  );
  const query = useQuery({
    queryKey: ['drive', 'folder-chains', ids],
    queryFn: ({ signal }) => folderChains(ids, signal),
    enabled: ids.length > 0,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  const data = query.data;
  return useMemo(() => {
    if (!enabled) {
      return undefined;
    }
    const folders = new Map((data ?? []).map((folder) => [folder.id, folder]));
    return (folderId: string) => {
      const chain: FolderLink[] = [];
      for (let id = folderId; id !== '' && chain.length < maxDepth;) {
        const folder = folders.get(id);
        if (!folder) {
          return undefined;
        }
        chain.unshift(folder);
        id = folder.parent_id;
      }
      return chain;
    };
  }, [enabled, data]);
}
