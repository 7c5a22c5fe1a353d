'use client';

import type { FolderLink } from '../drive-api';

/**
 * Where a search result is: the folders from the drive's root down to the item's folder
 * ("My files › Photos › 2024"). A click opens that folder; from the keyboard the item's
 * "Show in folder" action does.
 */
export function FolderPath({
  folderId,
  chain,
  rootName,
  onOpen,
}: {
  folderId: string;
  /** The folders from the root down to `folderId`; undefined while they are fetched. */
  chain: readonly FolderLink[] | undefined;
  rootName: string;
  onOpen: (folderId: string) => void;
}) {
  if (!chain) {
    return <span aria-hidden className="h-4" data-testid="item-path-loading" />;
  }
  const text = [rootName, ...chain.map((folder) => folder.name)].join(' › ');
  return (
    <span
      data-testid="item-path"
      title={text}
      className="min-w-0 cursor-pointer truncate text-xs text-muted-foreground hover:text-foreground hover:underline"
      onPointerDown={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(folderId);
      }}
    >
      {text}
    </span>
  );
}
