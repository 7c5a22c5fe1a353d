import { useCallback, useRef, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import type { SharedDisplayMode } from '@nimbus/contracts';
import { defaultSharedDisplayMode } from '@nimbus/contracts';
import { useLocale, useTranslations } from 'next-intl';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { storeSsrViewType, writeSharedDisplayMode } from './share-preferences';
import type { ShareFile } from './share-api';
import { openShare, shareFolder } from './share-api';
import { sharePageSize } from './share-types';

/** One page of the listed folder: the share's root or a folder inside it. */
async function fetchPage(
  shareId: string,
  parentId: string | undefined,
  token: string,
  pageToken: string,
  mode: SharedDisplayMode,
): Promise<{ files: ShareFile[]; next: string; status: string; text: string }> {
  const query = {
    share_id: shareId,
    pass_code_token: token,
    page_token: pageToken,
    limit: sharePageSize,
    order: mode.orderType,
    folders_first: mode.pinFoldersTop ? 'true' : 'false',
    thumbnail_size: 'SIZE_SMALL',
  } as const;
  const answer =
    parentId === undefined
      ? await openShare(query)
      : await shareFolder({ ...query, parent_id: parentId });
  return {
    files: answer.files,
    next: answer.next_page_token,
    status: answer.share_status,
    text: answer.share_status_text,
  };
}

/** Whether the server's first page was listed in this display mode. */
export function isDefaultOrder(mode: SharedDisplayMode): boolean {
  return (
    mode.orderType === defaultSharedDisplayMode.orderType &&
    mode.pinFoldersTop === defaultSharedDisplayMode.pinFoldersTop
  );
}

/**
 * The items of a shared folder, page by page, in the share display mode: the server's first page,
 * the next ones as the visitor scrolls, and the folder listed again when the order changes. A
 * listing started later wins over an earlier one still under way.
 */
export function useShareListing({
  shareId,
  parentIds,
  token,
  errorTexts,
  initialFiles,
  initialNextPageToken,
  initialViewType,
}: {
  shareId: string;
  parentIds: string[];
  token: string;
  errorTexts: ErrorTexts;
  initialFiles: ShareFile[];
  initialNextPageToken: string;
  initialViewType: SharedDisplayMode['viewType'];
}) {
  const t = useTranslations('share');
  const locale = useLocale();
  const [mode, setMode] = useState<SharedDisplayMode>({
    ...defaultSharedDisplayMode,
    viewType: initialViewType,
  });
  const [files, setFiles] = useState(initialFiles);
  const [next, setNext] = useState(initialNextPageToken);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const generation = useRef(0);

  /** Lists the folder again from its first page in a display mode. */
  const relist = useCallback(
    async (target: SharedDisplayMode) => {
      const run = ++generation.current;
      setLoading(true);
      setError('');
      try {
        const page = await fetchPage(shareId, parentIds.at(-1), token, '', target);
        if (run !== generation.current) {
          return;
        }
        if (page.status !== 'OK') {
          setError(page.text || t('list.error'));
          setNext('');
          return;
        }
        setFiles(page.files);
        setNext(page.next);
      } catch (cause) {
        if (run === generation.current) {
          setError(errorText(cause, locale, errorTexts) ?? t('list.error'));
        }
      } finally {
        if (run === generation.current) {
          setLoading(false);
        }
      }
    },
    [shareId, parentIds, token, t, locale, errorTexts],
  );

  const changeMode = (change: Partial<SharedDisplayMode>) => {
    const nextMode = writeSharedDisplayMode(defaultStorage(), change);
    const reorder =
      nextMode.orderType !== mode.orderType || nextMode.pinFoldersTop !== mode.pinFoldersTop;
    setMode(nextMode);
    storeSsrViewType(nextMode.viewType);
    if (reorder) {
      void relist(nextMode);
    }
  };

  const loadMore = useCallback(async () => {
    if (!next || loading) {
      return;
    }
    const run = generation.current;
    setLoading(true);
    try {
      const page = await fetchPage(shareId, parentIds.at(-1), token, next, mode);
      if (run !== generation.current) {
        return;
      }
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
      if (run === generation.current) {
        setLoading(false);
      }
    }
  }, [next, loading, shareId, parentIds, token, mode, t, locale, errorTexts]);

  return { mode, setMode, files, next, loading, error, relist, changeMode, loadMore } as const;
}
