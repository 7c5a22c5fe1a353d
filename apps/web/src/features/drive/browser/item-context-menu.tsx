'use client';

import type { ReactNode } from 'react';
import { FolderPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { ContextMenu as ContextMenuPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import type { ItemAction } from '../file-item';
import { focusRenameOnMenuClose } from '../inline-rename';

const itemClassName =
  'flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-muted md:min-h-9';

/**
 * The context menu of a drive listing (right click, not on phones): the actions of the item or
 * selection clicked, or New folder on the listing's background in a folder.
 */
export function ItemContextMenu({
  actions,
  newFolder,
  disabled,
  onClosed,
  children,
}: {
  /** The actions of what was clicked; none on the background. */
  actions: ItemAction[];
  /** Offered on the background, when the listing is a folder. */
  newFolder: (() => void) | undefined;
  disabled: boolean;
  onClosed: () => void;
  /** The listing. */
  children: ReactNode;
}) {
  const t = useTranslations('drive');
  return (
    <ContextMenuPrimitive.Root
      onOpenChange={(openMenu) => {
        if (!openMenu) {
          onClosed();
        }
      }}
    >
      <ContextMenuPrimitive.Trigger asChild disabled={disabled}>
        {children}
      </ContextMenuPrimitive.Trigger>
      <ContextMenuPrimitive.Portal>
        <ContextMenuPrimitive.Content
          className="z-[var(--z-overlay)] min-w-48 rounded-xl border border-border bg-background p-1 text-foreground shadow-[var(--shadow-popover)]"
          data-testid="item-menu"
          onCloseAutoFocus={focusRenameOnMenuClose}
        >
          {actions.length > 0 ? (
            actions.map((action) => (
              <ContextMenuPrimitive.Item
                key={action.key}
                onSelect={action.run}
                className={cn(itemClassName, action.danger ? 'text-danger' : '')}
              >
                <action.icon aria-hidden className="size-4" />
                {action.label}
              </ContextMenuPrimitive.Item>
            ))
          ) : newFolder ? (
            <ContextMenuPrimitive.Item onSelect={newFolder} className={itemClassName}>
              <FolderPlus aria-hidden className="size-4" />
              {t('action.new-folder')}
            </ContextMenuPrimitive.Item>
          ) : null}
        </ContextMenuPrimitive.Content>
      </ContextMenuPrimitive.Portal>
    </ContextMenuPrimitive.Root>
  );
}
