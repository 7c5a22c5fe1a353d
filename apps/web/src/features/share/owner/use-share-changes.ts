import type { Dispatch, SetStateAction } from 'react';
import { useCallback } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import { copyWithToast } from '@/lib/clipboard';
import type { SelectionState } from '@/features/items/selection';
import { keepListed } from '@/features/items/selection';
import type { ShareChanges, SharePage, ShareSummary } from './share-api';
import { cancelShares, updateShare } from './share-api';
import { sharesQueryKey } from './share-query-keys';

type Pages = InfiniteData<SharePage, string | undefined>;

/**
 * What the member does to share links from the list: cancel them (gone from the list at once),
 * edit one (changed in place), copy a link. The listing is fetched again after each change.
 */
export function useShareChanges({
  describeError,
  setSelection,
}: {
  describeError: (cause: unknown) => string | undefined;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
}) {
  const t = useTranslations('drive');
  const queryClient = useQueryClient();
  const patchCache = useCallback(
    (map: (list: ShareSummary[]) => ShareSummary[]) => {
      queryClient.setQueriesData<Pages>({ queryKey: sharesQueryKey }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, data: map(page.data) })) }
          : data,
      );
    },
    [queryClient],
  );

  const cancel = useCallback(
    async (targets: readonly ShareSummary[]) => {
      const ids = targets.map((share) => share.share_id);
      const gone = new Set(ids);
      await queryClient.cancelQueries({ queryKey: sharesQueryKey });
      patchCache((list) => list.filter((share) => !gone.has(share.share_id)));
      setSelection((state) => keepListed(state, (id) => !gone.has(id)));
      try {
        await cancelShares(ids);
        toast({ title: t('shares.toast.cancelled', { count: ids.length }) });
      } catch (cause) {
        const message = describeError(cause);
        if (message) {
          toast({ title: message });
        }
      } finally {
        void queryClient.invalidateQueries({ queryKey: sharesQueryKey });
      }
    },
    [queryClient, patchCache, describeError, t, setSelection],
  );

  const edit = useCallback(
    async (share: ShareSummary, changes: ShareChanges) => {
      const updated = await updateShare(share.share_id, changes);
      patchCache((list) =>
        list.map((each) => (each.share_id === updated.share_id ? updated : each)),
      );
      toast({ title: t('shares.toast.updated') });
      void queryClient.invalidateQueries({ queryKey: sharesQueryKey });
    },
    [patchCache, queryClient, t],
  );

  const copy = useCallback(
    (text: string) =>
      void copyWithToast(text, {
        copied: t('share.created.copied'),
        failed: t('share.created.copy-failed'),
      }),
    [t],
  );

  return { cancel, edit, copy } as const;
}
