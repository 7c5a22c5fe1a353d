'use client';

import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { toast as showToast, type ToastOptions } from '@/components/ui/toast';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { DriveFile } from './drive-api';
import {
  batchIds,
  batchTo,
  createFolder,
  emptyTrash,
  getFileForDownload,
  isFolder,
  renameFile,
  setStarred,
  zipLink,
} from './drive-api';
import type { ListingChange } from './listing-updates';
import {
  copyInListings,
  createInListings,
  deleteInListings,
  emptyTrashInListings,
  moveInListings,
  renameInListings,
  restoreInListings,
  starInListings,
  trashInListings,
} from './listing-updates';
import { downloadPlan, maxBatchIds, maxZipItems } from './transfer-plan';
import { aboutQueryKey, fileQueryKey, folderChildrenQueryKey } from './query-keys';

/** The drive's notices follow one another: each takes the place of the one before. */
function toast(options: ToastOptions): number {
  return showToast({ ...options, group: 'drive-actions' });
}

/** The parents of the folders among `files` (the folder trees that list them). */
function folderParents(files: readonly DriveFile[]): string[] {
  return [...new Set(files.filter((file) => isFolder(file)).map((file) => file.parent_id))];
}

/** The link a download uses: the content link of `GET /drive/v1/files/{id}`, when it has one. */
export function downloadLinkOf(file: DriveFile): string | undefined {
  return (
    file.web_content_link ||
    file.links['application/octet-stream']?.url ||
    Object.values(file.links)[0]?.url ||
    undefined
  );
}

/** Starts the browser's download of a content link (an attachment, so the page stays). */
function saveLink(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The drive's changes as the pages make them: optimistic (the cached listings change at once,
 * in place: rows leave, change or come in where the sort puts them, and no loaded page is fetched
 * again), taken back with the error shown in the page's language when the server refuses, a
 * toast for each outcome, and "Undo" after a trash or a move.
 */
export function useDriveActions(errorTexts: ErrorTexts) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const queryClient = useQueryClient();

  /** What no listing shows but a change may alter: the quota and the folder trees. */
  const refreshAround = useCallback(
    (options: { quota?: boolean; folderTrees?: readonly string[] }) => {
      if (options.quota) {
        void queryClient.invalidateQueries({ queryKey: aboutQueryKey });
      }
      for (const parentId of options.folderTrees ?? []) {
        void queryClient.invalidateQueries({ queryKey: folderChildrenQueryKey(parentId) });
      }
    },
    [queryClient],
  );

  const fail = useCallback(
    (cause: unknown) => {
      const message = errorText(cause, locale, errorTexts);
      if (message) {
        toast({ title: message });
      }
    },
    [locale, errorTexts],
  );

  /**
   * Changes the listings at once, then asks the server; a refusal takes the change back and
   * shows the error. A change of more items than one batch call takes may have been made in
   * part: the listings it touched then fetch their first page again.
   */
  const run = useCallback(
    async (
      work: () => Promise<void>,
      change: () => Promise<ListingChange>,
      count: number,
    ): Promise<boolean> => {
      const changed = await change();
      try {
        await work();
        changed.settle();
        return true;
      } catch (cause) {
        changed.undo();
        if (count > maxBatchIds) {
          changed.refresh();
        }
        fail(cause);
        return false;
      }
    },
    [fail],
  );

  return useMemo(
    () => ({
      fail,

      /** Restores trashed items into their folders. */
      async restore(files: readonly DriveFile[], quiet = false): Promise<boolean> {
        const ids = files.map((file) => file.id);
        const done = await run(
          () => batchIds('batchUntrash', ids),
          () => restoreInListings(queryClient, files),
          ids.length,
        );
        refreshAround({ quota: true, folderTrees: folderParents(files) });
        if (done && !quiet) {
          toast({ title: t('toast.restored', { count: ids.length }) });
        }
        return done;
      },

      /** Moves items to the trash; the toast offers "Undo", which restores them. */
      async trash(files: readonly DriveFile[]): Promise<boolean> {
        const ids = files.map((file) => file.id);
        const done = await run(
          () => batchIds('batchTrash', ids),
          () => trashInListings(queryClient, ids),
          ids.length,
        );
        refreshAround({ quota: true, folderTrees: folderParents(files) });
        if (done) {
          toast({
            title: t('toast.trashed', { count: ids.length }),
            action: {
              label: t('toast.undo'),
              altText: t('toast.undo-alt'),
              onAction: () => {
                void (async () => {
                  const back = await run(
                    () => batchIds('batchUntrash', ids),
                    () => restoreInListings(queryClient, files),
                    ids.length,
                  );
                  refreshAround({ quota: true, folderTrees: folderParents(files) });
                  if (back) {
                    toast({ title: t('toast.restored', { count: ids.length }) });
                  }
                })();
              },
            },
            durationMs: 8_000,
          });
        }
        return done;
      },

      async deleteForever(ids: readonly string[]): Promise<boolean> {
        const done = await run(
          () => batchIds('batchDelete', ids),
          () => deleteInListings(queryClient, ids),
          ids.length,
        );
        refreshAround({ quota: true });
        if (done) {
          toast({ title: t('toast.deleted', { count: ids.length }) });
        }
        return done;
      },

      async emptyTrash(): Promise<boolean> {
        const done = await run(
          () => emptyTrash(),
          () => emptyTrashInListings(queryClient),
          0,
        );
        refreshAround({ quota: true });
        if (done) {
          toast({ title: t('toast.trash-emptied') });
        }
        return done;
      },

      async star(ids: readonly string[], starred: boolean): Promise<boolean> {
        const done = await run(
          () => setStarred(ids, starred),
          () => starInListings(queryClient, ids, starred),
          ids.length,
        );
        if (done) {
          toast({ title: t(starred ? 'toast.starred' : 'toast.unstarred', { count: ids.length }) });
        }
        return done;
      },

      /**
       * Moves or copies items into a folder. A move of items that were all in one folder
       * (`from`) offers "Undo", which moves them back.
       */
      async moveOrCopy(
        action: 'move' | 'copy',
        files: readonly DriveFile[],
        parentId: string,
        from?: string,
      ): Promise<boolean> {
        const ids = files.map((file) => file.id);
        const move = async (to: string, moved: readonly DriveFile[]) => {
          const done = await run(
            () => batchTo('batchMove', ids, to),
            () => moveInListings(queryClient, moved, to),
            ids.length,
          );
          if (done) {
            for (const file of moved) {
              if (isFolder(file)) {
                queryClient.setQueryData<DriveFile>(
                  fileQueryKey(file.id),
                  (cached) => cached && { ...cached, parent_id: to },
                );
              }
            }
            void queryClient.invalidateQueries({ queryKey: ['drive', 'path'] });
          }
          refreshAround({
            folderTrees: [
              ...folderParents(moved),
              ...(folderParents(moved).length > 0 ? [to] : []),
            ],
          });
          return done;
        };
        const done =
          action === 'move'
            ? await move(parentId, files)
            : await run(
                () => batchTo('batchCopy', ids, parentId),
                () => copyInListings(queryClient, parentId),
                ids.length,
              );
        if (action === 'copy') {
          refreshAround({
            quota: true,
            folderTrees: folderParents(files).length > 0 ? [parentId] : [],
          });
        }
        if (!done) {
          return done;
        }
        const title = t(action === 'move' ? 'toast.moved' : 'toast.copied', { count: ids.length });
        if (action === 'move' && from !== undefined && from !== parentId) {
          toast({
            title,
            action: {
              label: t('toast.undo'),
              altText: t('toast.undo-move-alt'),
              onAction: () => {
                void (async () => {
                  const back = files.map((file) => ({ ...file, parent_id: parentId }));
                  if (await move(from, back)) {
                    toast({ title: t('toast.moved-back', { count: ids.length }) });
                  }
                })();
              },
            },
            durationMs: 8_000,
          });
        } else {
          toast({ title });
        }
        return done;
      },

      /** Renames; throws the API error (the dialog shows it) and changes nothing on failure. */
      async rename(file: DriveFile, name: string): Promise<void> {
        const renamed = await renameFile(file.id, name);
        (await renameInListings(queryClient, renamed)).settle();
        queryClient.setQueryData(fileQueryKey(file.id), renamed);
        if (isFolder(renamed)) {
          refreshAround({ folderTrees: [renamed.parent_id] });
          void queryClient.invalidateQueries({ queryKey: ['drive', 'path'] });
        }
      },

      /** Creates a folder; throws the API error for the dialog. */
      async createFolder(name: string, parentId: string): Promise<DriveFile> {
        const folder = await createFolder(name, parentId);
        queryClient.setQueryData(fileQueryKey(folder.id), folder);
        (await createInListings(queryClient, [folder])).settle();
        refreshAround({ folderTrees: [parentId] });
        return folder;
      },

      /**
       * Downloads the selection: one file through its own content link, several items or a
       * folder as one zip (folders with everything inside).
       */
      async download(files: readonly DriveFile[]): Promise<void> {
        const plan = downloadPlan(files);
        try {
          switch (plan.type) {
            case 'none':
              return;
            case 'too-many':
              toast({ title: t('toast.zip-too-many', { count: plan.count, max: maxZipItems }) });
              return;
            case 'direct': {
              const full = await getFileForDownload(plan.file.id);
              const link = downloadLinkOf(full);
              if (!link) {
                toast({ title: t('toast.download-unavailable', { count: 1 }) });
                return;
              }
              saveLink(link, full.name);
              return;
            }
            case 'zip': {
              const zip = await zipLink(plan.ids);
              saveLink(zip.url, zip.name);
              toast({ title: t('toast.zip-started', { count: plan.ids.length }) });
              return;
            }
          }
        } catch (cause) {
          fail(cause);
        }
      },
    }),
    [t, run, queryClient, refreshAround, fail],
  );
}

export type DriveActions = ReturnType<typeof useDriveActions>;
