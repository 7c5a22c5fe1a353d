'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import type { DriveFile } from '../drive-api';
import { fileQueryKey } from '../query-keys';
import { useBreadcrumbs } from '../use-listing';
import { getFileDetails, listItemShares } from './details-api';
import { DetailsFacts, ItemShares } from './details-facts';

/**
 * The details of one item: its picture, type, size, place (each folder of the path opens it),
 * dates, content hash, media facts and the member's active links to it. A side panel on a
 * computer, a bottom sheet on a phone; it loads when first opened, with what it reads.
 */
export function DetailsPanel({
  file,
  withShares,
  onClose,
  onClosed,
}: {
  file: DriveFile;
  /** Whether the item's links are asked for (not in the trash, where links do not open). */
  withShares: boolean;
  onClose: () => void;
  /** Gives the focus back once the panel is gone (it has no trigger to return it to). */
  onClosed: () => void;
}) {
  const t = useTranslations('drive');
  const label = useTranslations('preview.details');
  const details = useQuery({
    queryKey: [...fileQueryKey(file.id), 'details'],
    queryFn: ({ signal }) => getFileDetails(file.id, signal),
    staleTime: 30_000,
  });
  const shares = useQuery({
    queryKey: ['drive', 'item-shares', file.id],
    queryFn: ({ signal }) => listItemShares(file.id, signal),
    enabled: withShares,
    staleTime: 30_000,
  });
  const crumbs = useBreadcrumbs(file.parent_id, t('nav.all'));
  const picture = details.data?.thumbnail_link;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) {
          onClose();
        }
      }}
    >
      <DialogContent
        placement="sheet"
        closeLabel={t('dialog.close')}
        data-testid="details-panel"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {label('title')}
          </p>
          <DialogTitle className="break-words [overflow-wrap:anywhere]">{file.name}</DialogTitle>
        </div>
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- signed thumbnail URLs on the content origin
          <img
            src={picture}
            alt=""
            data-testid="details-picture"
            className="max-h-48 w-full rounded-lg bg-muted object-contain"
          />
        ) : null}
        <DetailsFacts
          file={details.data ?? file}
          loaded={details.data !== undefined}
          failed={details.isError}
          crumbs={crumbs.data}
          onNavigate={onClose}
        />
        {withShares ? <ItemShares shares={shares.data} failed={shares.isError} /> : null}
      </DialogContent>
    </Dialog>
  );
}
