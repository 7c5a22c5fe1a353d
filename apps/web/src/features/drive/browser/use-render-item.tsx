'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { DriveFile, FolderLink } from '../drive-api';
import { FileItem } from '../file-item';
import { InlineRename } from '../inline-rename';
import { FolderPath } from './folder-path';
import type { SelectionState } from '@/features/items/selection';
import type { useItemActions } from './use-item-actions';
import type { useItemPointer } from './use-item-pointer';

/**
 * The row (or tile) of each listed item, for the virtual list. Memoized: a listing of 100,000
 * items re-renders for every page it fetches, the rows only when what they show changes.
 */
export function useRenderItem({
  items,
  current,
  view,
  listFocused,
  selecting,
  trash,
  modifiedText,
  pointer,
  itemActions,
  dropTargetId,
  draggedIds,
  renaming,
  describeError,
  location,
}: {
  items: readonly DriveFile[];
  current: SelectionState;
  view: 'list' | 'grid';
  listFocused: boolean;
  selecting: boolean;
  /** Whether the listing is the trash (its dates are when items were deleted). */
  trash: boolean;
  modifiedText: (time: string) => string;
  pointer: ReturnType<typeof useItemPointer>;
  itemActions: ReturnType<typeof useItemActions>;
  dropTargetId: string | undefined;
  draggedIds: ReadonlySet<string>;
  renaming: string | undefined;
  describeError: (cause: unknown) => string | undefined;
  /** Search results: each row's folder path, which opens the folder. */
  location?:
    | {
        pathOf: (folderId: string) => FolderLink[] | undefined;
        rootName: string;
        openFolder: (folderId: string) => void;
      }
    | undefined;
}) {
  const t = useTranslations('drive');
  const starredLabel = t('starred');
  const renameLabel = t('rename.label');
  const moreOpenId = pointer.moreTarget?.file.id;
  const { onItemClick, onItemDoubleClick, onItemCheck, onItemContextMenu } = pointer;
  const { onPointerDown, onPointerEnd, onItemMore } = pointer;
  const { moreLabel, quickShare, saveRename, endRename } = itemActions;
  return useCallback(
    (index: number, slot: number) => {
      const file = items[index];
      if (!file) {
        return null;
      }
      const focused = current.focus === file.id;
      return (
        <FileItem
          key={slot}
          file={file}
          view={view}
          selected={current.selected.has(file.id)}
          focused={focused}
          showFocus={focused && listFocused}
          selecting={selecting}
          modified={modifiedText(trash && file.delete_time ? file.delete_time : file.modified_time)}
          starredLabel={starredLabel}
          onClick={onItemClick}
          onDoubleClick={onItemDoubleClick}
          onCheck={onItemCheck}
          onContextMenu={onItemContextMenu}
          onPointerDown={onPointerDown}
          onPointerEnd={onPointerEnd}
          moreLabel={moreLabel}
          onMore={onItemMore}
          moreOpen={moreOpenId === file.id}
          {...(quickShare ? { quickShare } : {})}
          dropTarget={dropTargetId === file.id}
          dragged={draggedIds.has(file.id)}
          {...(location
            ? {
                location: (
                  <FolderPath
                    folderId={file.parent_id}
                    chain={location.pathOf(file.parent_id)}
                    rootName={location.rootName}
                    onOpen={location.openFolder}
                  />
                ),
              }
            : {})}
          {...(renaming === file.id
            ? {
                rename: (
                  <InlineRename
                    file={file}
                    label={renameLabel}
                    onSave={saveRename}
                    onDone={endRename}
                    describeError={describeError}
                  />
                ),
              }
            : {})}
        />
      );
    },
    [
      items,
      current,
      view,
      listFocused,
      selecting,
      modifiedText,
      trash,
      starredLabel,
      onItemClick,
      onItemDoubleClick,
      onItemCheck,
      onItemContextMenu,
      onPointerDown,
      onPointerEnd,
      moreLabel,
      onItemMore,
      moreOpenId,
      quickShare,
      dropTargetId,
      draggedIds,
      renaming,
      renameLabel,
      saveRename,
      endRename,
      describeError,
      location,
    ],
  );
}
