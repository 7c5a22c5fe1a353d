'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import type { ErrorTexts } from '@/features/auth/error-text';
import { errorText } from '@/features/auth/error-text';
import { browserClient } from '@/features/auth/browser-client';
import type { DriveFile } from '@/features/drive/drive-api';
import { FileIcon } from '@/features/drive/file-item';
import type { PreviewFile } from '@/features/drive/preview';
import { FilePreview } from '@/features/drive/preview';
import { shareFolderPath } from './share-route';
import type { OpenShareAnswer, ShareDetailAnswer, ShareFile } from './share-types';
import { sharePageSize } from './share-types';

const rowHeight = 56;

export interface ShareFileListProps {
  shareId: string;
  /** The folders from the share's root to the one listed; empty at the root. */
  parentIds: string[];
  token: string;
  initialFiles: ShareFile[];
  initialNextPageToken: string;
  errorTexts: ErrorTexts;
}

/** One page of the listed folder: the share's root or a folder inside it. */
async function fetchPage(
  shareId: string,
  parentId: string | undefined,
  token: string,
  pageToken: string,
): Promise<{ files: ShareFile[]; next: string; status: string; text: string }> {
  const query = {
    share_id: shareId,
    pass_code_token: token,
    page_token: pageToken,
    limit: sharePageSize,
    folders_first: 'true',
    thumbnail_size: 'SIZE_SMALL',
  };
  const answer =
    parentId === undefined
      ? await browserClient().get<OpenShareAnswer>('/drive/v1/share', { query })
      : await browserClient().get<ShareDetailAnswer>('/drive/v1/share/detail', {
          query: { ...query, parent_id: parentId },
        });
  return {
    files: answer.files,
    next: answer.next_page_token,
    status: answer.share_status,
    text: answer.share_status_text,
  };
}

/**
 * The files of a shared folder: a virtualized list (a thousand items stay fast) that loads the
 * next pages as it scrolls; a folder opens its own page `/s/{shareId}/.../{folderId}`.
 */
export function ShareFileList(props: ShareFileListProps) {
  const { shareId, parentIds, token, errorTexts } = props;
  const t = useTranslations('share');
  const locale = useLocale();
  const [files, setFiles] = useState(props.initialFiles);
  const [next, setNext] = useState(props.initialNextPageToken);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [previewId, setPreviewId] = useState<string | undefined>(undefined);
  const previewable = files.filter((file) => file.kind !== 'drive#folder');
  const previewIndex = previewable.findIndex((file) => file.id === previewId);
  const loadFile = useCallback(
    async (id: string): Promise<PreviewFile> => {
      const answer = await browserClient().get<{
        share_status: string;
        file_info: PreviewFile | null;
      }>('/drive/v1/share/file_info', {
        query: {
          share_id: shareId,
          file_id: id,
          pass_code_token: token,
          thumbnail_size: 'SIZE_LARGE',
        },
      });
      if (answer.share_status !== 'OK' || !answer.file_info) {
        throw new Error(answer.share_status);
      }
      return answer.file_info;
    },
    [shareId, token],
  );

  const count = files.length + (next ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? -1;

  const loadMore = useCallback(async () => {
    if (!next || loading) {
      return;
    }
    setLoading(true);
    try {
      const page = await fetchPage(shareId, parentIds.at(-1), token, next);
      if (page.status !== 'OK') {
        setError(page.text || t('list.error'));
        setNext('');
      } else {
        setFiles((current) => [...current, ...page.files]);
        setNext(page.next);
      }
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts) ?? t('list.error'));
    } finally {
      setLoading(false);
    }
  }, [next, loading, shareId, parentIds, token, t, locale, errorTexts]);

  useEffect(() => {
    if (next && !error && lastRow >= files.length - 10) {
      void loadMore();
    }
  }, [next, error, lastRow, files.length, loadMore]);

  if (files.length === 0 && !next) {
    return (
      <p className="py-16 text-center text-muted-foreground" data-testid="share-empty">
        {t('list.empty')}
      </p>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex border-b px-3 py-2 text-xs font-medium text-muted-foreground">
        <span className="flex-1">{t('list.name')}</span>
        <span className="w-28 text-right">{t('list.size')}</span>
      </div>
      <div
        ref={scrollRef}
        role="list"
        aria-label={t('list.label')}
        data-testid="share-list"
        className="h-[min(70vh,calc(100dvh-16rem))] min-h-64 overflow-auto"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const file = files[row.index];
            const style = {
              height: row.size,
              transform: `translateY(${row.start}px)`,
            };
            if (!file) {
              return (
                <div
                  key="more"
                  role="listitem"
                  style={style}
                  className="absolute left-0 top-0 flex w-full items-center justify-center text-sm text-muted-foreground"
                >
                  {error || t('list.loading')}
                </div>
              );
            }
            const folder = file.kind === 'drive#folder';
            const content = (
              <>
                <FileIcon file={file as unknown as DriveFile} className="size-6" />
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <span className="w-28 shrink-0 text-right text-sm text-muted-foreground">
                  {folder || file.size === '' ? '—' : formatBytes(file.size, { locale })}
                </span>
              </>
            );
            return (
              <div
                key={file.id}
                role="listitem"
                style={style}
                data-testid="share-item"
                data-name={file.name}
                data-kind={folder ? 'folder' : 'file'}
                className="absolute left-0 top-0 w-full border-b"
              >
                {folder ? (
                  <Link
                    href={shareFolderPath(shareId, [...parentIds, file.id])}
                    className="flex h-full items-center gap-3 px-3 hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                  >
                    {content}
                  </Link>
                ) : (
                  <button
                    type="button"
                    onClick={() => setPreviewId(file.id)}
                    className="flex h-full w-full items-center gap-3 px-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                  >
                    {content}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {previewIndex >= 0 ? (
        <FilePreview
          files={previewable}
          index={previewIndex}
          onClose={() => setPreviewId(undefined)}
          onIndexChange={(index) => setPreviewId(previewable[index]?.id)}
          loadFile={loadFile}
        />
      ) : null}
    </div>
  );
}
