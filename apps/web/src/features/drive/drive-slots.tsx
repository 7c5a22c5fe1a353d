'use client';

import type { ReactNode } from 'react';
import { memo, useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FolderUp, Link2, Upload } from 'lucide-react';
import dynamic from 'next/dynamic';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import type { DriveFile } from './drive-api';
import { getListedFile } from './drive-api';
import { createInListings, refreshFolderListings } from './listing-updates';
import { aboutQueryKey, folderChildrenQueryKey } from './query-keys';
import { UploadButton } from './upload/upload-button';
import { UploadDropZone } from './upload/upload-drop-zone';
import { UploadProvider, useUploads } from './upload/upload-provider';

/*
 * Where the upload queue (`./upload`) and the previews (`./preview`) plug into the file browser.
 * The viewer is loaded only when a file is first opened.
 */

/** New items fetched one by one into the listings; more at once refresh their folders' first page. */
const maxFetchedUploads = 20;
/** How long finished uploads are gathered before the listings are told of them. */
const uploadGatherMs = 250;

/**
 * The member's upload queue. Finished uploads come into the cached listings of their folders
 * where the sort puts them (each fetched once; a large batch refreshes those folders' first
 * pages instead), the recent events and the quota catch up.
 */
export function DriveUploads({
  owner,
  errorTexts,
  children,
}: {
  owner: string;
  errorTexts: ErrorTexts;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const gatheredRef = useRef({
    parents: new Set<string>(),
    items: new Set<string>(),
    timer: undefined as number | undefined,
  });
  const flush = useCallback(async () => {
    const gathered = gatheredRef.current;
    const parents = [...gathered.parents];
    const items = [...gathered.items];
    gathered.parents.clear();
    gathered.items.clear();
    gathered.timer = undefined;
    void queryClient.invalidateQueries({ queryKey: aboutQueryKey });
    for (const parentId of parents) {
      void queryClient.invalidateQueries({ queryKey: folderChildrenQueryKey(parentId) });
    }
    if (items.length > maxFetchedUploads) {
      (await refreshFolderListings(queryClient, parents)).settle();
      return;
    }
    const files = await Promise.allSettled(items.map((id) => getListedFile(id)));
    const listed = files.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    (await createInListings(queryClient, listed, { event: true })).settle();
  }, [queryClient]);
  const onUploaded = useCallback(
    (parentIds: string[], itemIds: string[]) => {
      const gathered = gatheredRef.current;
      for (const id of parentIds) {
        gathered.parents.add(id);
      }
      for (const id of itemIds) {
        gathered.items.add(id);
      }
      if (gathered.timer === undefined) {
        gathered.timer = window.setTimeout(() => void flush(), uploadGatherMs);
      }
    },
    [flush],
  );
  return (
    <UploadProvider owner={owner} onUploaded={onUploaded} errorTexts={errorTexts}>
      {children}
    </UploadProvider>
  );
}

/** The toolbar's buttons to upload files and a folder into the folder shown. */
export function UploadButtons({ parentId }: { parentId: string }) {
  const t = useTranslations('drive');
  return (
    <>
      <UploadButton parentId={parentId} variant="outline" size="sm">
        <Upload aria-hidden />
        <span className="hidden sm:inline">{t('action.upload-files')}</span>
        <span className="sr-only sm:hidden">{t('action.upload-files')}</span>
      </UploadButton>
      <UploadButton parentId={parentId} folder variant="outline" size="sm">
        <FolderUp aria-hidden />
        <span className="hidden lg:inline">{t('action.upload-folder')}</span>
        <span className="sr-only lg:hidden">{t('action.upload-folder')}</span>
      </UploadButton>
    </>
  );
}

const AddLinkDialog = dynamic(
  () => import('@/features/drive/offline/add-link-dialog').then((module) => module.AddLinkDialog),
  { ssr: false },
);

/**
 * The toolbar's "Add link" button: the offline download dialog (links, magnets, torrents), with
 * the folder shown offered as the destination besides My Downloads.
 */
export function AddLinkButton({
  folderId,
  folderName,
  errorTexts,
}: {
  folderId: string;
  folderName: string | undefined;
  errorTexts: ErrorTexts;
}) {
  const t = useTranslations('offline');
  const router = useRouter();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="add-link-button"
      >
        <Link2 aria-hidden />
        <span className="hidden sm:inline">{t('add.button')}</span>
        <span className="sr-only sm:hidden">{t('add.button')}</span>
      </Button>
      {open ? (
        <AddLinkDialog
          folder={folderId !== '' && folderName ? { id: folderId, name: folderName } : undefined}
          errorTexts={errorTexts}
          onOpenTasks={() => router.push(pathname.replace(/\/drive\/[^/]+$/, '/drive/tasks'))}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** The floating upload button of phones. */
export function FloatingUploadButton({ parentId }: { parentId: string }) {
  const t = useTranslations('drive');
  return (
    <UploadButton
      parentId={parentId}
      size="icon"
      aria-label={t('action.upload-files')}
      className="fixed bottom-6 right-6 z-20 size-14 rounded-full shadow-[var(--shadow-popover)]"
    >
      <Upload aria-hidden />
    </UploadButton>
  );
}

/** The drop zone over the listing for the folder shown. */
export function DropZone({
  parentId,
  folderName,
  children,
}: {
  parentId: string;
  folderName: string | undefined;
  children: ReactNode;
}) {
  return (
    <UploadDropZone
      parentId={parentId}
      {...(folderName ? { folderName } : {})}
      className="flex min-h-0 flex-1 flex-col"
    >
      {children}
    </UploadDropZone>
  );
}

/**
 * The transfers panel (bottom right); its own state, so the listing's renders pass it by. Its
 * code loads with the first upload (or a restored one): the first screen of most visits shows none.
 */
export const TransfersPanel = memo(function TransfersPanel() {
  const { entries, preparing, failure } = useUploads();
  return entries.length > 0 || preparing > 0 || failure !== undefined ? <UploadQueuePanel /> : null;
});

const UploadQueuePanel = dynamic(
  () => import('./upload/upload-queue-panel').then((module) => module.UploadQueuePanel),
  { ssr: false },
);

const FilePreview = dynamic(
  () => import('@/features/preview').then((module) => module.FilePreview),
  {
    ssr: false,
  },
);

/** The full-screen viewer over the listing. */
export function PreviewSlot(props: {
  files: readonly DriveFile[];
  index: number;
  onClose: () => void;
  onIndexChange: (index: number) => void;
  /** The viewer's share button. */
  share?: { label: string; run: (file: { id: string }) => void };
}) {
  return <FilePreview {...props} />;
}
