'use client';

import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { FolderPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ItemAction } from './file-item';
import { focusRenameOnMenuClose } from './inline-rename';

export interface ItemMenuProps {
  /** Where it opens, in viewport pixels: the point right-clicked, or the "more" button's box. */
  at: { left: number; top: number; width: number; height: number };
  /**
   * `point`: right of and below the point, as a context menu opens; `button`: below the button,
   * their ends aligned.
   */
  placement: 'point' | 'button';
  actions: ItemAction[];
  /** Offered when there is no action: the listing's background, in a folder. */
  newFolder?: () => void;
  /** What gets the focus back when the menu closes. */
  returnFocus: Element | null;
  /** Whether it gets it back when a click elsewhere closed the menu too. */
  refocusAfterOutside: boolean;
  testId?: string;
  onClose: () => void;
}

/**
 * The menu of a drive listing's items, for its context menu (right click or long press) and its
 * "more" buttons alike: one Radix menu for the whole listing, loaded on first use. A Radix menu in
 * every row would cost each row a dozen components and effects while a folder of 100,000 items
 * scrolls; the rows carry plain buttons instead. The menu is placed by an invisible trigger laid
 * over the point or the button (the listing cannot scroll while the menu is open), and gives the
 * focus back when it closes.
 */
export function ItemMenu({
  at,
  placement,
  actions,
  newFolder,
  returnFocus,
  refocusAfterOutside,
  testId,
  onClose,
}: ItemMenuProps) {
  const t = useTranslations('drive');
  const interactedOutside = useRef(false);
  return createPortal(
    <DropdownMenu
      open
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
    >
      <DropdownMenuTrigger asChild>
        <span
          aria-hidden
          tabIndex={-1}
          style={{
            position: 'fixed',
            left: at.left,
            top: at.top,
            width: at.width,
            height: at.height,
            pointerEvents: 'none',
          }}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side={placement === 'point' ? 'right' : undefined}
        align={placement === 'point' ? 'start' : 'end'}
        sideOffset={placement === 'point' ? 2 : undefined}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
        onInteractOutside={() => {
          interactedOutside.current = true;
        }}
        onCloseAutoFocus={(event) => {
          const outside = interactedOutside.current;
          interactedOutside.current = false;
          focusRenameOnMenuClose(event);
          if (event.defaultPrevented) {
            return;
          }
          event.preventDefault();
          if (
            (refocusAfterOutside || !outside) &&
            returnFocus instanceof HTMLElement &&
            returnFocus.isConnected
          ) {
            returnFocus.focus({ preventScroll: true });
          }
        }}
      >
        {actions.length > 0 ? (
          actions.map((action) => (
            <DropdownMenuItem
              key={action.key}
              onSelect={action.run}
              className={action.danger ? 'text-danger' : undefined}
            >
              <action.icon aria-hidden className="size-4" />
              {action.label}
            </DropdownMenuItem>
          ))
        ) : newFolder ? (
          <DropdownMenuItem onSelect={newFolder}>
            <FolderPlus aria-hidden className="size-4" />
            {t('action.new-folder')}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>,
    document.body,
  );
}
