'use client';

import { useCallback, useMemo } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/features/auth/error-text';
import { errorText } from '@/features/auth/error-text';
import type { DriveFile, DriveFilePage } from './drive-api';
import {
  batchIds,
  batchTo,
  createFolder,
  emptyTrash,
  getFileForDownload,
  renameFile,
  setStarred,
  zipLink,
} from './drive-api';
import { downloadPlan, maxZipItems } from './transfer-plan';
import { aboutQueryKey, fileQueryKey, listingsQueryKey } from './query-keys';

type Listing = InfiniteData<DriveFilePage, string | undefined>;

function mapListings(
  data: Listing | undefined,
  map: (files: DriveFile[]) => DriveFile[],
): Listing | undefined {
  if (!data) {
    return data;
  }
  return { ...data, pages: data.pages.map((page) => ({ ...page, files: map(page.files) })) };
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
 * The drive's changes as the pages make them: optimistic (the listing changes at once and is
 * fetched again afterwards), a toast for each outcome, "Undo" after a trash, and every failure
 * shown in the page's language.
 */
export function useDriveActions(errorTexts: ErrorTexts) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listingsQueryKey }),
      queryClient.invalidateQueries({ queryKey: aboutQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['drive', 'folders'] }),
    ]);
  }, [queryClient]);

  const removeLocally = useCallback(
    (ids: readonly string[]) => {
      const gone = new Set(ids);
      queryClient.setQueriesData<Listing>({ queryKey: listingsQueryKey }, (data) =>
        mapListings(data, (files) => files.filter((file) => !gone.has(file.id))),
      );
    },
    [queryClient],
  );

  const patchLocally = useCallback(
    (ids: readonly string[], patch: Partial<DriveFile>) => {
      const changed = new Set(ids);
      queryClient.setQueriesData<Listing>({ queryKey: listingsQueryKey }, (data) =>
        mapListings(data, (files) =>
          files.map((file) => (changed.has(file.id) ? { ...file, ...patch } : file)),
        ),
      );
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

  /** Runs a change optimistically; on failure the listing is fetched again and the error shown. */
  const run = useCallback(
    async (work: () => Promise<void>, optimistic?: () => void): Promise<boolean> => {
      await queryClient.cancelQueries({ queryKey: listingsQueryKey });
      optimistic?.();
      try {
        await work();
        return true;
      } catch (cause) {
        fail(cause);
        return false;
      } finally {
        void refresh();
      }
    },
    [queryClient, fail, refresh],
  );

  return useMemo(
    () => ({
      refresh,
      fail,

      async restore(ids: readonly string[], quiet = false): Promise<boolean> {
        const done = await run(
          () => batchIds('batchUntrash', ids),
          () => removeLocally(ids),
        );
        if (done && !quiet) {
          toast({ title: t('toast.restored', { count: ids.length }) });
        }
        return done;
      },

      async trash(ids: readonly string[]): Promise<boolean> {
        const done = await run(
          () => batchIds('batchTrash', ids),
          () => removeLocally(ids),
        );
        if (done) {
          toast({
            title: t('toast.trashed', { count: ids.length }),
            action: {
              label: t('toast.undo'),
              altText: t('toast.undo-alt'),
              onAction: () => {
                void (async () => {
                  if (await run(() => batchIds('batchUntrash', ids))) {
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
          () => removeLocally(ids),
        );
        if (done) {
          toast({ title: t('toast.deleted', { count: ids.length }) });
        }
        return done;
      },

      async emptyTrash(): Promise<boolean> {
        const done = await run(
          () => emptyTrash(),
          () =>
            queryClient.setQueriesData<Listing>({ queryKey: [...listingsQueryKey, '*'] }, (data) =>
              mapListings(data, (files) => files.filter((file) => !file.trashed)),
            ),
        );
        if (done) {
          toast({ title: t('toast.trash-emptied') });
        }
        return done;
      },

      async star(ids: readonly string[], starred: boolean): Promise<boolean> {
        const done = await run(
          () => setStarred(ids, starred),
          () => patchLocally(ids, { starred }),
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
        ids: readonly string[],
        parentId: string,
        from?: string,
      ): Promise<boolean> {
        const done = await run(
          () => batchTo(action === 'move' ? 'batchMove' : 'batchCopy', ids, parentId),
          action === 'move' ? () => removeLocally(ids) : undefined,
        );
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
                  if (await run(() => batchTo('batchMove', ids, from))) {
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
        patchLocally([file.id], { name: renamed.name, modified_time: renamed.modified_time });
        queryClient.setQueryData(fileQueryKey(file.id), renamed);
        void refresh();
      },

      /** Creates a folder; throws the API error for the dialog. */
      async createFolder(name: string, parentId: string): Promise<DriveFile> {
        const folder = await createFolder(name, parentId);
        queryClient.setQueryData(fileQueryKey(folder.id), folder);
        void refresh();
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
    [t, run, removeLocally, patchLocally, queryClient, refresh, fail],
  );
}

export type DriveActions = ReturnType<typeof useDriveActions>;
