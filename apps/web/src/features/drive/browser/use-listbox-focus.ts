import type { Dispatch, FocusEvent, SetStateAction } from 'react';
import { useRef, useState } from 'react';
import type { SelectionState } from '@/features/items/selection';

/**
 * The listing's own focus (the grid, whose focused item is `aria-activedescendant`): whether
 * it has it, and, when it gets it from the keyboard with no item focused, the first item.
 */
export function useListboxFocus(
  focus: string | undefined,
  order: readonly string[],
  setSelection: Dispatch<SetStateAction<SelectionState>>,
) {
  const [focused, setFocused] = useState(false);
  /** Whether a pointer is pressed on the listing (the focus that follows is the pointer's). */
  const pointerFocus = useRef(false);
  return {
    focused,
    handlers: {
      onPointerDown: () => {
        pointerFocus.current = true;
      },
      onPointerUp: () => {
        pointerFocus.current = false;
      },
      onFocus: (event: FocusEvent<HTMLDivElement>) => {
        // Focused by a press on an item: the click selects that item. Focusing the first item
        // instead would scroll the list to its top under the pointer.
        const byPointer = pointerFocus.current;
        pointerFocus.current = false;
        if (event.target === event.currentTarget) {
          setFocused(true);
          if (!byPointer && focus === undefined && order.length > 0) {
            setSelection((state) => ({ ...state, focus: order[0] }));
          }
        }
      },
      onBlur: () => setFocused(false),
    },
  } as const;
}
