import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useState } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { useTakeDriveAction } from '../actions/drive-action-store';
import type { DriveFile } from '../drive-api';
import { getFile, isFolder } from '../drive-api';
import type { FileSection } from '../drive-shell';
import type { ListedItems } from '../listed-items';
import { listedIndex } from '../listed-items';
import type { SelectionState } from '@/features/items/selection';
import type { DialogState } from './browser-dialogs';

/** The part of the listing's query a highlight follows (pages are fetched until it is found). */
interface HighlightQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The dialog actions of the address that `/drive/all` performs (handed over by the dialog-action
 * host): open a file in the viewer or a folder, move files, and highlight files — their folder is
 * opened, and they are selected and scrolled to once its listing holds them.
 */
export function useLinkedActions({
  section,
  keyword,
  folderId,
  listed,
  query,
  openFolder,
  setDialog,
  setSelection,
  bumpFocus,
}: {
  section: FileSection;
  keyword: string;
  folderId: string;
  listed: ListedItems;
  query: HighlightQuery;
  openFolder: (id: string) => void;
  setDialog: Dispatch<SetStateAction<DialogState>>;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
  bumpFocus: () => void;
}) {
  const t = useTranslations('drive');
  const router = useRouter();
  const pathname = usePathname();
  /** A file opened by `?action=open_file`, shown in the viewer on its own. */
  const [linkedPreview, setLinkedPreview] = useState<DriveFile>();
  /** Items `?action=highlight_files` asks to select once their folder's listing has them. */
  const [highlight, setHighlight] = useState<{ ids: string[]; parentId: string }>();

  useTakeDriveAction(
    ['open_file', 'highlight_files', 'move_files'],
    section === 'all',
    (request) => {
      const missing = () => toast({ title: t('action-link.file-missing') });
      const ids = request.action === 'open_file' ? [request.fileId] : request.fileIds;
      void Promise.allSettled(ids.map((id) => getFile(id))).then((answers) => {
        const files = answers.flatMap((answer) =>
          answer.status === 'fulfilled' && !answer.value.trashed ? [answer.value] : [],
        );
        const first = files[0];
        if (!first) {
          missing();
          return;
        }
        switch (request.action) {
          case 'open_file':
            if (isFolder(first)) {
              openFolder(first.id);
            } else {
              setLinkedPreview(first);
            }
            return;
          case 'move_files':
            setDialog({ type: 'move', files });
            return;
          case 'highlight_files': {
            const parentId = first.parent_id;
            const together = files
              .filter((file) => file.parent_id === parentId)
              .map((file) => file.id);
            if (keyword !== '' || folderId !== parentId) {
              router.replace(
                parentId === ''
                  ? pathname
                  : `${pathname}?${new URLSearchParams({ folder: parentId }).toString()}`,
              );
            }
            setHighlight({ ids: together, parentId });
          }
        }
      });
    },
  );

  // The highlighted items are selected and scrolled to once their folder's listing holds them
  // (pages are fetched until it does or the folder ends).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  let highlightNeedsMore = false;
  if (highlight && keyword === '' && folderId === highlight.parentId && !query.isPending) {
    const found = highlight.ids.filter((id) => listedIndex(listed, id) >= 0);
    highlightNeedsMore = !query.isError && found.length < highlight.ids.length && hasNextPage;
    const [first] = found;
    if (!highlightNeedsMore) {
      setHighlight(undefined);
      if (first !== undefined) {
        setSelection({ selected: new Set(found), anchor: first, focus: first });
        bumpFocus();
      }
    }
  }
  useEffect(() => {
    if (highlightNeedsMore && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [highlightNeedsMore, isFetchingNextPage, fetchNextPage]);

  return { linkedPreview, closeLinkedPreview: () => setLinkedPreview(undefined) } as const;
}
