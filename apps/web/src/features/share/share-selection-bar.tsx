'use client';

import { Download, HardDriveDownload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { SelectionBar } from '@/components/selection-bar';
import { buttonVariants } from '@/components/ui/button-variants';

/**
 * A share page's selection bar: "N selected" (or "selecting all…" while the folder's other pages
 * are fetched, with no action so none applies to a part only), download and save.
 */
export function ShareSelectionBar({
  selectingAll,
  count,
  isMobile,
  saving,
  onClear,
  onDownload,
  onSave,
}: {
  selectingAll: boolean;
  /** How many items are picked. */
  count: number;
  isMobile: boolean;
  /** Whether a save is on its way (it is not asked twice). */
  saving: boolean;
  onClear: () => void;
  onDownload: () => void;
  onSave: () => void;
}) {
  const t = useTranslations('share');
  return (
    <SelectionBar
      label={t('selection.label')}
      testId="share-selection-bar"
      countTestId="share-selection-count"
      clearLabel={t('selection.clear')}
      onClear={onClear}
      busy={selectingAll}
      announceCount
      count={selectingAll ? t('selection.selecting-all') : t('selection.count', { count })}
      isMobile={isMobile}
      desktopClassName="rounded-lg border border-border"
      className="gap-2"
    >
      <button
        type="button"
        className={buttonVariants({ variant: 'outline', size: isMobile ? 'icon' : 'sm' })}
        aria-label={isMobile ? t('selection.download') : undefined}
        disabled={selectingAll}
        onClick={onDownload}
        data-testid="share-selection-download"
      >
        <Download aria-hidden />
        {isMobile ? null : t('selection.download')}
      </button>
      <button
        type="button"
        className={buttonVariants({ size: 'sm' })}
        disabled={selectingAll || saving}
        onClick={onSave}
        data-testid="share-selection-save"
      >
        <HardDriveDownload aria-hidden />
        {t('selection.save')}
      </button>
    </SelectionBar>
  );
}
