import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { LongPress } from '@/features/items/long-press';
import { clickItem, keepListed, toggleItem } from '@/features/items/selection';
import { useListSelection } from '@/features/items/use-list-selection';
import type { useShareActions } from './share-actions';
import {
  downloadOf,
  gestureOf,
  maxPickedItems,
  maxZipItems,
  pickedRestoreBody,
} from './share-pick';
import type { ShareFile } from './share-api';

/**
 * Picking a share page's items: check boxes, Ctrl/Cmd-click, Shift-click (a range), a long press
 * then taps on a phone, Ctrl/Cmd+A (the whole folder, its other pages fetched first) and Esc; and
 * what the selection bar does with the picked items (save them, download their files).
 */
export function useSharePick({
  shareId,
  parentIds,
  files,
  next,
  loading,
  error,
  loadMore,
  shareActions,
}: {
  shareId: string;
  parentIds: string[];
  files: ShareFile[];
  next: string;
  loading: boolean;
  error: string;
  loadMore: () => Promise<void>;
  shareActions: Pick<
    ReturnType<typeof useShareActions>,
    'requestDownload' | 'requestZip' | 'requestSave'
  >;
}) {
  const t = useTranslations('share');
  const { requestDownload, requestZip, requestSave } = shareActions;
  const order = useMemo(() => files.map((file) => file.id), [files]);
  const byId = useMemo(() => new Map(files.map((file) => [file.id, file])), [files]);
  // Ctrl+A picks the whole folder: the pages not loaded yet are fetched first; meanwhile the
  // selection bar says so and offers no action, so none applies to a part only.
  const selection = useListSelection({
    scope: shareId,
    order,
    paging: {
      hasNextPage: next !== '',
      fetching: loading,
      failed: error !== '',
      fetchNextPage: loadMore,
    },
  });
  const { setSelection, current, selectedIds: pickedIds, selectingAll } = selection;
  const picking = pickedIds.length > 0;
  const allPicked = picking && !next && pickedIds.length === files.length;
  const lastPointer = useRef('mouse');
  const [longPress] = useState(() => new LongPress());
  const pickAll = selection.selectAll;
  const clearPick = selection.clear;

  /** A click on an item's name: opens it, or picks with Ctrl/Cmd, Shift, or a tap while picking. */
  const onNameClick = (file: ShareFile, event: MouseEvent) => {
    if (longPress.takeFired()) {
      event.preventDefault();
      return false;
    }
    const gesture = gestureOf(event, { picking, touch: lastPointer.current === 'touch' });
    if (gesture === 'open') {
      return true;
    }
    event.preventDefault();
    setSelection((state) => clickItem(keepListed(state, order), order, file.id, gesture.modifiers));
    return false;
  };

  /** A click on an item's check box: toggles it, or adds the range from the anchor with Shift. */
  const onCheckClick = (file: ShareFile, event: MouseEvent) => {
    event.stopPropagation();
    if (longPress.takeFired()) {
      // The long press picked the item already.
      return;
    }
    selection.check(file.id, event.shiftKey);
  };

  /** A finger resting on an item picks it (phones), as in a phone's gallery. */
  const onItemPointerDown = (file: ShareFile, event: PointerEvent) => {
    lastPointer.current = event.pointerType;
    longPress.start(event.pointerType, () => setSelection((state) => toggleItem(state, file.id)));
  };
  const onItemPointerEnd = () => longPress.cancel();

  const savePicked = () => {
    const body = pickedRestoreBody(shareId, parentIds, pickedIds, allPicked);
    if (!body) {
      toast({ title: t('selection.too-many', { max: maxPickedItems }) });
      return;
    }
    requestSave(body);
  };

  const downloadPicked = () => {
    const picked = pickedIds.map((id) => byId.get(id)).filter((file) => file !== undefined);
    const plan = downloadOf(shareId, parentIds, picked, allPicked);
    if (!plan) {
      toast({ title: t('selection.too-many-download', { max: maxZipItems }) });
      return;
    }
    if (plan.kind === 'file') {
      const file = byId.get(plan.fileId);
      if (file) {
        requestDownload(file);
      }
      return;
    }
    requestZip(plan.body);
  };

  /** Ctrl/Cmd+A picks every item of the folder, Esc lets go of the pick. */
  const onPickKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('select, textarea, input:not([type=checkbox])')) {
      return;
    }
    const command = event.ctrlKey || event.metaKey;
    if (command && !event.shiftKey && !event.altKey && (event.key === 'a' || event.key === 'A')) {
      event.preventDefault();
      pickAll();
      return;
    }
    if (event.key === 'Escape' && (picking || selectingAll)) {
      event.preventDefault();
      clearPick();
    }
  };

  return {
    order,
    setSelection,
    current,
    pickedIds,
    picking,
    allPicked,
    selectingAll,
    lastPointer,
    pickAll,
    clearPick,
    onNameClick,
    onCheckClick,
    onItemPointerDown,
    onItemPointerEnd,
    savePicked,
    downloadPicked,
    onPickKeys,
  } as const;
}
