'use client';

import type { ReactNode } from 'react';
import type { SharedDisplayMode, SortOrder } from '@nimbus/contracts';
import { LayoutGrid, List } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { clsx } from 'clsx';
import { ItemCheckbox } from '@/features/items/item-checkbox';

/** The sort orders the share page offers. */
const sortChoices = [
  'MODIFY_TIME_DESC',
  'MODIFY_TIME_ASC',
  'NAME_ASC',
  'NAME_DESC',
  'SIZE_DESC',
  'SIZE_ASC',
] as const satisfies readonly SortOrder[];

/** The check box that picks every item of the folder, or lets go of them. */
export function SelectAllBox({
  allPicked,
  partly,
  onToggle,
}: {
  allPicked: boolean;
  /** Some items are picked, or all are being picked: the box shows a dash. */
  partly: boolean;
  onToggle: () => void;
}) {
  const t = useTranslations('share');
  return (
    <ItemCheckbox
      checked={allPicked}
      indeterminate={partly}
      label={t('selection.select-all')}
      onToggle={onToggle}
      testId="share-check-all"
      compact
    />
  );
}

/** Above a share page's listing: the sort order and the list or grid view. */
export function ShareListToolbar({
  mode,
  changeMode,
  selectAllBox,
}: {
  mode: SharedDisplayMode;
  changeMode: (change: Partial<SharedDisplayMode>) => void;
  /** Shown first in the grid view, which has no header row to hold it. */
  selectAllBox: ReactNode;
}) {
  const t = useTranslations('share');
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {selectAllBox}
      {/* May shrink below its longest choice on a phone: the select cuts it short instead. */}
      <label className="mr-auto flex min-w-0 max-w-full items-center gap-2 text-sm text-muted-foreground">
        {t('view.sort')}
        <select
          value={mode.orderType}
          onChange={(event) => changeMode({ orderType: event.target.value as SortOrder })}
          className="min-h-11 min-w-0 rounded-lg border border-border bg-background px-2 text-sm text-foreground md:min-h-9"
          data-testid="share-sort"
        >
          {sortChoices.map((order) => (
            <option key={order} value={order}>
              {t(`view.orders.${order}`)}
            </option>
          ))}
        </select>
      </label>
      <div
        role="group"
        aria-label={t('view.label')}
        className="flex rounded-lg border border-border"
      >
        {(['list', 'grid'] as const).map((viewType) => {
          const Icon = viewType === 'list' ? List : LayoutGrid;
          return (
            <button
              key={viewType}
              type="button"
              aria-pressed={mode.viewType === viewType}
              aria-label={t(`view.${viewType}`)}
              title={t(`view.${viewType}`)}
              data-testid={`share-view-${viewType}`}
              onClick={() => changeMode({ viewType })}
              className={clsx(
                'inline-flex size-11 items-center justify-center first:rounded-l-lg last:rounded-r-lg focus-visible:outline-2 focus-visible:outline-ring md:size-9',
                mode.viewType === viewType ? 'bg-primary/10 text-primary' : 'hover:bg-muted',
              )}
            >
              <Icon aria-hidden className="size-4" />
            </button>
          );
        })}
      </div>
    </div>
  );
}
