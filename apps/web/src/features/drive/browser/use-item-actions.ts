import type { Dispatch, RefObject, SetStateAction } from 'react';
import { useCallback, useMemo } from 'react';
import {
  Copy,
  Download,
  FolderInput,
  FolderOpen,
  FolderSearch,
  Info,
  Pencil,
  RotateCcw,
  Share2,
  Star,
  StarOff,
  Trash2,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { DriveFile } from '../drive-api';
import { isFolder } from '../drive-api';
import type { FileSection } from '../drive-shell';
import type { ItemAction } from '../file-item';
import type { SelectionState } from '@/features/items/selection';
import type { useDriveActions } from '../use-drive-actions';
import type { DialogState } from './browser-dialogs';
import type { ItemContext } from './use-item-pointer';

/** Stands for an item's name in a message formatted once for all items. */
const nameMark = '\uE000';

/**
 * The text of a message whose `name` argument is an item's name, for every row of a listing:
 * the message is formatted once, with a mark where the name goes (the messages put the name in
 * as it is), and each row's name is put in its place. Formats each time when the mark is not
 * found once in it.
 */
function nameLabel(formatted: string, format: (name: string) => string): (name: string) => string {
  const parts = formatted.split(nameMark);
  if (parts.length !== 2) {
    return format;
  }
  const [before = '', after = ''] = parts;
  return (name) => before + name + after;
}

/** The items a context menu opened on `target` acts on: the selection when it holds the target. */
export function menuFilesOf(
  target: DriveFile | undefined,
  selected: ReadonlySet<string>,
  selectedFiles: DriveFile[],
): DriveFile[] {
  if (!target) {
    return [];
  }
  return selected.has(target.id) ? selectedFiles : [target];
}

/**
 * What can be done to a listing's items: the actions of the context menu, the "more" menu, the
 * selection bar and the hover share button, and renaming in place.
 */
export function useItemActions({
  section,
  actions,
  open,
  isMobile,
  setDialog,
  setSelection,
  setRenaming,
  scrollRef,
  itemContext,
  current,
  selectedFiles,
  openLocation,
}: {
  section: FileSection;
  actions: ReturnType<typeof useDriveActions>;
  open: (file: DriveFile) => void;
  isMobile: boolean;
  setDialog: Dispatch<SetStateAction<DialogState>>;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
  setRenaming: Dispatch<SetStateAction<string | undefined>>;
  scrollRef: RefObject<HTMLDivElement | null>;
  itemContext: RefObject<ItemContext>;
  current: SelectionState;
  selectedFiles: DriveFile[];
  /** Opens the folder an item is in (search results' "Show in folder"). */
  openLocation?: ((folderId: string) => void) | undefined;
}) {
  const t = useTranslations('drive');
  const detailsLabel = useTranslations('preview.details');
  const editable = section !== 'trash';
  /** Renames in place on a computer, in a dialog on a phone. */
  const startRename = useCallback(
    (file: DriveFile) => {
      if (isMobile) {
        setDialog({ type: 'rename', file });
        return;
      }
      setSelection({ selected: new Set([file.id]), anchor: file.id, focus: file.id });
      setRenaming(file.id);
    },
    [isMobile, setDialog, setSelection, setRenaming],
  );
  const saveRename = useCallback(
    async (file: DriveFile, name: string) => {
      await actions.rename(file, name);
    },
    [actions],
  );
  const endRename = useCallback(() => {
    setRenaming(undefined);
    scrollRef.current?.focus({ preventScroll: true });
  }, [setRenaming, scrollRef]);
  const runTrash = useCallback(
    (files: readonly DriveFile[]) => {
      if (files.length > 0) {
        void actions.trash(files);
      }
    },
    [actions],
  );

  const actionsFor = useCallback(
    (files: DriveFile[]): ItemAction[] => {
      if (files.length === 0) {
        return [];
      }
      const ids = files.map((file) => file.id);
      const single = files.length === 1 ? files[0] : undefined;
      const details: ItemAction[] = single
        ? [
            {
              key: 'details',
              label: detailsLabel('title'),
              icon: Info,
              run: () => setDialog({ type: 'details', file: single, withShares: editable }),
            },
          ]
        : [];
      if (section === 'trash') {
        return [
          {
            key: 'restore',
            label: t('action.restore'),
            icon: RotateCcw,
            run: () => void actions.restore(files),
          },
          {
            key: 'delete',
            label: t('action.delete-forever'),
            icon: Trash2,
            danger: true,
            run: () => setDialog({ type: 'delete', files }),
          },
          ...details,
        ];
      }
      const list: ItemAction[] = [];
      if (single) {
        list.push({
          key: 'open',
          label: t('action.open'),
          icon: FolderOpen,
          run: () => open(single),
        });
      }
      if (single && openLocation) {
        list.push({
          key: 'locate',
          label: t('action.locate'),
          icon: FolderSearch,
          run: () => openLocation(single.parent_id),
        });
      }
      list.push({
        key: 'share',
        label: t('action.share'),
        icon: Share2,
        run: () => setDialog({ type: 'share', files }),
      });
      list.push({
        key: 'download',
        label:
          files.length > 1 || isFolder(files[0] as DriveFile)
            ? t('action.download-zip')
            : t('action.download'),
        icon: Download,
        run: () => void actions.download(files),
      });
      if (single) {
        list.push({
          key: 'rename',
          label: t('action.rename'),
          icon: Pencil,
          run: () => startRename(single),
        });
      }
      list.push(
        {
          key: 'move',
          label: t('action.move'),
          icon: FolderInput,
          run: () => setDialog({ type: 'move', files }),
        },
        {
          key: 'copy',
          label: t('action.copy'),
          icon: Copy,
          run: () => setDialog({ type: 'copy', files }),
        },
      );
      const allStarred = files.every((file) => file.starred);
      list.push({
        key: 'star',
        label: allStarred ? t('action.unstar') : t('action.star'),
        icon: allStarred ? StarOff : Star,
        run: () => void actions.star(ids, !allStarred),
      });
      list.push(...details);
      list.push({
        key: 'trash',
        label: t('action.trash'),
        icon: Trash2,
        danger: true,
        run: () => runTrash(files),
      });
      return list;
    },
    [
      section,
      editable,
      t,
      detailsLabel,
      actions,
      open,
      runTrash,
      startRename,
      setDialog,
      openLocation,
    ],
  );

  /** The actions of an item's "more" menu: the selection's when the item is in it. */
  const actionsOf = useCallback(
    (file: DriveFile) =>
      actionsFor(
        current.selected.has(file.id) && selectedFiles.length > 1 ? selectedFiles : [file],
      ),
    [actionsFor, current.selected, selectedFiles],
  );
  const moreLabel = useMemo(
    () => nameLabel(t('action.more', { name: nameMark }), (name) => t('action.more', { name })),
    [t],
  );
  /** The hover share button of list rows: the selection's when the row is in it. */
  const quickShare = useMemo(
    () =>
      editable
        ? {
            label: nameLabel(t('action.share-item', { name: nameMark }), (name) =>
              t('action.share-item', { name }),
            ),
            run: (file: DriveFile) => {
              const { current: shown, selectedFiles: files } = itemContext.current;
              setDialog({
                type: 'share',
                files: shown.selected.has(file.id) && files.length > 1 ? files : [file],
              });
            },
          }
        : undefined,
    [editable, t, itemContext, setDialog],
  );

  return {
    startRename,
    saveRename,
    endRename,
    runTrash,
    actionsFor,
    actionsOf,
    moreLabel,
    quickShare,
  } as const;
}
