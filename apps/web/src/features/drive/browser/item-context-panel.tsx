'use client';

import { FolderPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import type { ItemAction } from '../file-item';
import { focusRenameOnMenuClose } from '../inline-rename';

export interface ItemContextPanelProps {
  /** Where the listing was right-clicked (or long-pressed), in viewport pixels. */
  point: { x: number; y: number };
  /** What had the focus when the menu was asked for: it gets it back when the menu closes. */
  returnFocus: Element | null;
  actions: ItemAction[];
  newFolder: (() => void) | undefined;
  onClose: () => void;
}

/**
 * The context menu of a listing itself (`ItemContextMenu` loads it on first use): a Radix menu
 * placed at the point clicked by an invisible trigger there, right of and below the pointer as a
 * context menu opens, with the focus back where it was when it closes.
 */
export function ItemContextPanel({
  point,
  returnFocus,
  actions,
  newFolder,
  onClose,
}: ItemContextPanelProps) {
  const t = useTranslations('drive');
  return (
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
          style={{ position: 'fixed', left: point.x, top: point.y, pointerEvents: 'none' }}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="right"
        align="start"
        sideOffset={2}
        data-testid="item-menu"
        onCloseAutoFocus={(event) => {
          focusRenameOnMenuClose(event);
          if (event.defaultPrevented) {
            return;
          }
          event.preventDefault();
          if (returnFocus instanceof HTMLElement && returnFocus.isConnected) {
            returnFocus.focus({ preventScroll: true });
          }
        }}
      >
        {actions.length > 0 ? (
          actions.map((action) => (
            <DropdownMenuItem
              key={action.key}
              onSelect={action.run}
              className={cn(action.danger ? 'text-danger' : '')}
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
    </DropdownMenu>
  );
}
