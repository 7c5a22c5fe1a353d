import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';
import type { SelectionState } from '@/features/items/selection';
import { keepListed, toggleItem } from '@/features/items/selection';
import { extendTo } from './share-pick';

/**
 * The keys of a share page's items: arrows move between them (up and down by a row of the grid,
 * left and right by one), Home and End to the first and last loaded item, the list scrolling to
 * the item first; with Shift they pick the range they pass over. Space picks or unpicks the item.
 */
export function shareItemsKeyHandler({
  order,
  columns,
  grid,
  scrollElement,
  scrollToLine,
  setSelection,
}: {
  order: readonly string[];
  columns: number;
  grid: boolean;
  scrollElement: HTMLDivElement | null;
  scrollToLine: (line: number) => void;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
}) {
  const count = order.length;
  return (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const currentItem = target.closest<HTMLElement>('[data-index]');
    if (!currentItem || !scrollElement || event.altKey) {
      return;
    }
    const index = Number(currentItem.dataset.index);
    const id = order[index];
    if (id === undefined) {
      return;
    }
    if (event.key === ' ' && target.hasAttribute('data-primary')) {
      if (event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      event.preventDefault();
      setSelection((state) => toggleItem(state, id));
      return;
    }
    const step: Record<string, number> = {
      ArrowDown: columns,
      ArrowUp: -columns,
      ...(grid ? { ArrowRight: 1, ArrowLeft: -1 } : {}),
    };
    let targetIndex: number | undefined;
    if (event.key in step) {
      targetIndex = index + (step[event.key] ?? 0);
    } else if (event.key === 'Home') {
      targetIndex = 0;
    } else if (event.key === 'End') {
      targetIndex = count - 1;
    }
    if (targetIndex === undefined || targetIndex < 0 || targetIndex >= count) {
      return;
    }
    event.preventDefault();
    const targetId = order[targetIndex];
    if (event.shiftKey && targetId !== undefined) {
      setSelection((state) => extendTo(keepListed(state, order), order, id, targetId));
    }
    scrollToLine(Math.floor(targetIndex / columns));
    const focusTarget = (attempt: number) => {
      const element = scrollElement.querySelector<HTMLElement>(
        `[data-index="${targetIndex}"] [data-primary]`,
      );
      if (element) {
        element.focus();
      } else if (attempt < 5) {
        requestAnimationFrame(() => focusTarget(attempt + 1));
      }
    };
    focusTarget(0);
  };
}
