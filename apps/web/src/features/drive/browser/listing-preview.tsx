'use client';

import { useMemo } from 'react';
import { useTranslations } from 'next-intl';
import type { DriveFile } from '../drive-api';
import { isFolder } from '../drive-api';
import { PreviewSlot } from '../drive-slots';

/**
 * The viewer over a drive listing: it pages through the listing's files (folders left out) and,
 * outside the trash, offers Share for the file shown.
 */
export function ListingPreview({
  items,
  index,
  onIndexChange,
  share,
}: {
  items: readonly DriveFile[];
  index: number | undefined;
  onIndexChange: (index: number | undefined) => void;
  /** Shares the file shown; none in the trash. */
  share: ((file: DriveFile) => void) | undefined;
}) {
  const t = useTranslations('drive');
  // Worked out only while the viewer is open.
  const previewing = index !== undefined;
  const files = useMemo(
    () => (previewing ? items.filter((file) => !isFolder(file)) : []),
    [previewing, items],
  );
  if (index === undefined) {
    return null;
  }
  return (
    <PreviewSlot
      files={files}
      index={index}
      onClose={() => onIndexChange(undefined)}
      onIndexChange={onIndexChange}
      {...(share
        ? {
            share: {
              label: t('action.share'),
              run: (shown: { id: string }) => {
                const target = files.find((file) => file.id === shown.id);
                onIndexChange(undefined);
                if (target) {
                  share(target);
                }
              },
            },
          }
        : {})}
    />
  );
}
