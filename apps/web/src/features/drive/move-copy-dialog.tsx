'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { DriveFile } from './drive-api';
import { FolderTree } from '@/features/folders/folder-tree';

export interface MoveCopyDialogProps {
  action: 'move' | 'copy';
  items: readonly DriveFile[];
  /** The folder the items are in now (a move there would change nothing). */
  currentParentId: string;
  onSubmit: (parentId: string) => Promise<boolean>;
  onClose: () => void;
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
        <FolderTree
          labels={{
            tree: t('move.tree'),
            root: t('nav.all'),
            expand: (name) => t('move.expand', { name }),
            collapse: (name) => t('move.collapse', { name }),
            loading: t('move.loading'),
            failed: t('error.generic'),
          }}
          testId="folder-tree-node"
          excluded={excluded}
          chosen={chosen}
          onChoose={setChosen}
          className="max-h-80"
        />
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
