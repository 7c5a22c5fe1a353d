'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Folder, HardDrive } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import type { DriveFile } from './drive-api';
import { listFiles } from './drive-api';
import { folderChildrenQueryKey } from './query-keys';

export interface MoveCopyDialogProps {
  action: 'move' | 'copy';
  items: readonly DriveFile[];
  /** The folder the items are in now (a move there would change nothing). */
  currentParentId: string;
  onSubmit: (parentId: string) => Promise<boolean>;
  onClose: () => void;
}

/** The folders inside one folder, by name; fetched when the node is first opened. */
function useChildFolders(parentId: string, enabled: boolean) {
  return useQuery({
    queryKey: folderChildrenQueryKey(parentId),
    enabled,
    queryFn: async ({ signal }) => {
      const folders: DriveFile[] = [];
      let pageToken: string | undefined;
      do {
        const page = await listFiles(
          {
            parentId,
            order: 'NAME_ASC',
            foldersFirst: true,
            filters: { kind: { eq: 'drive#folder' } },
            limit: 500,
            ...(pageToken ? { pageToken } : {}),
          },
          signal,
        );
        folders.push(...page.files);
        pageToken = page.next_page_token || undefined;
      } while (pageToken && folders.length < 5000);
      return folders;
    },
  });
}

interface NodeProps {
  id: string;
  name: string;
  depth: number;
  excluded: ReadonlySet<string>;
  chosen: string;
  onChoose: (id: string, name: string) => void;
  initiallyOpen?: boolean;
}

/** One folder of the tree; its children load when it opens. */
export function FolderNode({
  id,
  name,
  depth,
  excluded,
  chosen,
  onChoose,
  initiallyOpen,
}: NodeProps) {
  const t = useTranslations('drive');
  const [open, setOpen] = useState(initiallyOpen ?? false);
  const children = useChildFolders(id, open);
  const disabled = excluded.has(id);
  const Icon = id === '' ? HardDrive : Folder;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={chosen === id} aria-disabled={disabled}>
      <div
        className={cn(
          'flex min-h-11 items-center gap-1 rounded-lg pr-2 md:min-h-9',
          chosen === id ? 'bg-primary/10 text-foreground' : 'hover:bg-muted',
        )}
        style={{ paddingLeft: `${depth * 1.25}rem` }}
      >
        <button
          type="button"
          className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={open ? t('move.collapse', { name }) : t('move.expand', { name })}
          onClick={() => setOpen(!open)}
        >
          <Chevron aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          disabled={disabled}
          data-testid="folder-tree-node"
          className="flex flex-1 items-center gap-2 truncate rounded-md py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
          onClick={() => onChoose(id, name)}
          onDoubleClick={() => setOpen(true)}
        >
          <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{name}</span>
        </button>
      </div>
      {open ? (
        <ul role="group">
          {children.isPending ? (
            <li
              className="py-2 text-sm text-muted-foreground"
              style={{ paddingLeft: `${(depth + 1) * 1.25 + 2.5}rem` }}
            >
              {t('move.loading')}
            </li>
          ) : null}
          {children.data?.map((folder) => (
            <FolderNode
              key={folder.id}
              id={folder.id}
              name={folder.name}
              depth={depth + 1}
              excluded={excluded}
              chosen={chosen}
              onChoose={onChoose}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Chooses a destination folder in a tree that loads one level at a time. The folders being moved
 * cannot be chosen (nor, since they cannot be opened, anything inside them).
 */
export function MoveCopyDialog({
  action,
  items,
  currentParentId,
  onSubmit,
  onClose,
}: MoveCopyDialogProps) {
  const t = useTranslations('drive');
  const [chosen, setChosen] = useState(currentParentId);
  const [busy, setBusy] = useState(false);
  const excluded = new Set(
    items.filter((item) => item.kind === 'drive#folder').map((item) => item.id),
  );
  const unchanged = action === 'move' && chosen === currentParentId;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('dialog.close')} data-testid="move-copy-dialog">
        <DialogTitle>
          {t(action === 'move' ? 'move.title-move' : 'move.title-copy', { count: items.length })}
        </DialogTitle>
        <DialogDescription>{t('move.description')}</DialogDescription>
        <ul
          role="tree"
          aria-label={t('move.tree')}
          className="max-h-80 overflow-y-auto rounded-lg border border-border p-1"
        >
          <FolderNode
            id=""
            name={t('nav.all')}
            depth={0}
            excluded={excluded}
            chosen={chosen}
            onChoose={setChosen}
            initiallyOpen
          />
        </ul>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="button"
            disabled={busy || unchanged}
            onClick={() => {
              setBusy(true);
              void onSubmit(chosen).then((done) => {
                setBusy(false);
                if (done) {
                  onClose();
                }
              });
            }}
          >
            {t(action === 'move' ? 'move.submit-move' : 'move.submit-copy')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
