'use client';

import dynamic from 'next/dynamic';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import { useTranslations } from 'next-intl';
import type { DriveFile } from '../drive-api';
import type { SelectionState } from '@/features/items/selection';
import type { useDriveActions } from '../use-drive-actions';

// The dialogs load when one first opens: they are not part of the listing's first load.
const ConfirmDialog = dynamic(
  () => import('@/components/confirm-dialog').then((module) => module.ConfirmDialog),
  { ssr: false },
);
const MoveCopyDialog = dynamic(
  () => import('../move-copy-dialog').then((module) => module.MoveCopyDialog),
  { ssr: false },
);
const NameDialog = dynamic(() => import('../name-dialog').then((module) => module.NameDialog), {
  ssr: false,
});
const DetailsPanel = dynamic(
  () => import('../details/details-panel').then((module) => module.DetailsPanel),
  { ssr: false },
);
const CreateShareDialog = dynamic(
  () =>
    import('@/features/share/owner/create-share-dialog').then((module) => module.CreateShareDialog),
  { ssr: false },
);

/** The dialog a drive listing shows, if any. */
export type DialogState =
  | { type: 'rename'; file: DriveFile }
  | { type: 'new-folder' }
  | { type: 'move' | 'copy'; files: DriveFile[] }
  | { type: 'share'; files: DriveFile[] }
  | { type: 'delete'; files: DriveFile[] }
  | { type: 'empty-trash' }
  | { type: 'details'; file: DriveFile; withShares: boolean }
  | undefined;

/** The folder all `files` are in, when they share one (a move can then be undone). */
function sharedParent(files: readonly DriveFile[]): string | undefined {
  const parent = files[0]?.parent_id;
  return parent !== undefined && files.every((file) => file.parent_id === parent)
    ? parent
    : undefined;
}

/**
 * The dialogs of a drive listing: rename, new folder, move or copy, share, delete, empty trash,
 * and an item's details.
 */
export function BrowserDialogs({
  dialog,
  setDialog,
  actions,
  folderId,
  describeError,
  setSelection,
  scrollRef,
}: {
  dialog: DialogState;
  setDialog: Dispatch<SetStateAction<DialogState>>;
  actions: ReturnType<typeof useDriveActions>;
  folderId: string;
  describeError: (cause: unknown) => string | undefined;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
  /** The listing, focused again when a dialog opened from it closes. */
  scrollRef: RefObject<HTMLDivElement | null>;
}) {
  const t = useTranslations('drive');
  switch (dialog?.type) {
    case 'rename':
      return (
        <NameDialog
          key="rename"
          title={t('rename.title')}
          label={t('rename.label')}
          submitLabel={t('rename.submit')}
          initialName={dialog.file.name}
          describeError={describeError}
          onSubmit={async (name) => {
            await actions.rename(dialog.file, name);
          }}
          onClose={() => {
            setDialog(undefined);
            scrollRef.current?.focus();
          }}
        />
      );
    case 'new-folder':
      return (
        <NameDialog
          key="new-folder"
          title={t('new-folder.title')}
          label={t('new-folder.label')}
          submitLabel={t('new-folder.submit')}
          initialName={t('new-folder.default-name')}
          describeError={describeError}
          onSubmit={async (name) => {
            const folder = await actions.createFolder(name, folderId);
            setSelection({ selected: new Set(), anchor: folder.id, focus: folder.id });
          }}
          onClose={() => setDialog(undefined)}
        />
      );
    case 'move':
    case 'copy':
      return (
        <MoveCopyDialog
          action={dialog.type}
          items={dialog.files}
          currentParentId={dialog.files[0]?.parent_id ?? ''}
          onSubmit={(parentId) =>
            actions.moveOrCopy(
              dialog.type === 'move' ? 'move' : 'copy',
              dialog.files,
              parentId,
              sharedParent(dialog.files),
            )
          }
          onClose={() => setDialog(undefined)}
        />
      );
    case 'share':
      return (
        <CreateShareDialog
          items={dialog.files}
          describeError={describeError}
          onClose={() => {
            setDialog(undefined);
            scrollRef.current?.focus();
          }}
        />
      );
    case 'delete':
      return (
        <ConfirmDialog
          title={t('delete.title', { count: dialog.files.length })}
          description={t('delete.description', {
            count: dialog.files.length,
            name: dialog.files[0]?.name ?? '',
          })}
          confirmLabel={t('delete.confirm')}
          onConfirm={() => actions.deleteForever(dialog.files.map((file) => file.id))}
          onClose={() => setDialog(undefined)}
        />
      );
    case 'empty-trash':
      return (
        <ConfirmDialog
          title={t('empty-trash.title')}
          description={t('empty-trash.description')}
          confirmLabel={t('empty-trash.confirm')}
          onConfirm={() => actions.emptyTrash()}
          onClose={() => setDialog(undefined)}
        />
      );
    case 'details':
      return (
        <DetailsPanel
          key={dialog.file.id}
          file={dialog.file}
          withShares={dialog.withShares}
          onClose={() => setDialog(undefined)}
          onClosed={() => scrollRef.current?.focus()}
        />
      );
    case undefined:
      return null;
  }
}
