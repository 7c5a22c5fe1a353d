'use client';

import { useRef } from 'react';
import { createPortal } from 'react-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { DriveFile } from './drive-api';
import type { ItemAction, MoreMenuTarget } from './file-item';
import { focusRenameOnMenuClose } from './inline-rename';

/**
 * The "more actions" menu of a listing: one menu for all items, opened next to the button of the
 * item it was asked for. A Radix menu in every row would cost each row a dozen components and
 * effects while a folder of 100,000 items scrolls; the rows carry plain buttons instead. The menu
 * is placed by an invisible trigger laid over the item's button (the listing cannot scroll while
 * the menu is open), and gives the focus back to that button when it closes.
 */
export function ItemMoreMenu({
  target,
  actionsOf,
  onClose,
}: {
  target: MoreMenuTarget;
  actionsOf: (file: DriveFile) => ItemAction[];
  onClose: () => void;
}) {
  const interactedOutside = useRef(false);
  const { anchor, rect } = target;
  return createPortal(
    <DropdownMenu
      key={target.file.id}
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
            left: rect.left,
            top: rect.top,
            width: rect.width,
            height: rect.height,
            pointerEvents: 'none',
          }}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
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
          if (!outside && anchor.isConnected) {
            anchor.focus();
          }
        }}
      >
        {actionsOf(target.file).map((action) => (
          <DropdownMenuItem
            key={action.key}
            onSelect={action.run}
            className={action.danger ? 'text-danger' : undefined}
          >
            <action.icon aria-hidden className="size-4" />
            {action.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>,
    document.body,
  );
}
