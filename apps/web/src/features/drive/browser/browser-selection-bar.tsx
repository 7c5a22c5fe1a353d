'use client';

import { useTranslations } from 'next-intl';
import { SelectionBar } from '@/components/selection-bar';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { DriveFile } from '../drive-api';
import type { ItemAction } from '../file-item';

/**
 * The drive's selection bar: the count (or "selecting all…" while the rest of the folder is
 * fetched, with no action so none applies to a part only) and the selection's actions.
 */
export function BrowserSelectionBar({
  selectedFiles,
  selectingAll,
  listedCount,
  isMobile,
  actionsFor,
  onClear,
}: {
  selectedFiles: DriveFile[];
  selectingAll: boolean;
  listedCount: number;
  isMobile: boolean;
  actionsFor: (files: DriveFile[]) => ItemAction[];
  onClear: () => void;
}) {
  const t = useTranslations('drive');
  return (
    <SelectionBar
      label={t('selection.label')}
      testId="selection-bar"
      countTestId="selection-count"
      clearLabel={t('selection.clear')}
      onClear={onClear}
      busy={selectingAll}
      count={
        selectingAll
          ? t('selection.selecting-all', { count: listedCount })
          : t('selection.count', { count: selectedFiles.length })
      }
      isMobile={isMobile}
      className={cn('gap-1', isMobile ? 'justify-around' : '')}
    >
      {(selectingAll ? [] : actionsFor(selectedFiles))
        // A phone's bar has room for icons only: the details stay in the item's menu there.
        .filter((action) => action.key !== 'open' && !(isMobile && action.key === 'details'))
        .map((action) => (
          <Button
            key={action.key}
            variant="ghost"
            size={isMobile ? 'icon' : 'sm'}
            aria-label={isMobile ? action.label : undefined}
            className={action.danger ? 'text-danger' : undefined}
            onClick={action.run}
          >
            <action.icon aria-hidden />
            {isMobile ? null : <span>{action.label}</span>}
          </Button>
        ))}
    </SelectionBar>
  );
}
