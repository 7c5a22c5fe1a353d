'use client';

import dynamic from 'next/dynamic';
import type { KeyboardEvent } from 'react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { SelectionBar } from '@/components/selection-bar';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { useLayoutStore } from '@/lib/layout-store';
import { cn } from '@/lib/cn';
import { ItemCheckbox } from '@/features/items/item-checkbox';
import { ItemList } from '@/features/items/item-list';
import { useListSelection } from '@/features/items/use-list-selection';
import type { VirtualRowsHandle } from '@/features/items/virtual-rows';
import { VirtualRows } from '@/features/items/virtual-rows';
import { EditShareDialog } from './edit-share-dialog';
import type { ShareSummary } from './share-api';
import { listShares } from './share-api';
import type { ShareFilter } from './share-options';
import { expiryLeftOf, shareFilters, shareListFilters } from './share-options';
import { sharesQueryKey } from './share-query-keys';
import { desktopColumns, ShareRow } from './share-row';
import { SharesListStates } from './shares-list-states';
import { useExpiryText } from './use-expiry-text';
import { useShareChanges } from './use-share-changes';

// Loaded when a share is first deleted.
const ConfirmDialog = dynamic(
  () => import('@/components/confirm-dialog').then((module) => module.ConfirmDialog),
  { ssr: false },
);

export interface SharesBrowserProps {
  errorTexts: ErrorTexts;
  /** The locale-prefixed path of My files (the empty state's way out). */
  allHref: string;
}

type DialogState =
  { type: 'edit'; share: ShareSummary } | { type: 'cancel'; shares: ShareSummary[] } | undefined;

/** Links fetched per page as the member scrolls. */
const pageSize = 100;
const rowHeight = 64;
/** Four lines on a phone: the title, items and pass code, status and expiry, views and saves. */
const mobileRowHeight = 124;

/**
 * `/drive/shares`: the member's share links, newest first, in a virtualized list fetched page by
 * page, each with its status, views, saves, time left and actions (copy the link with or without
 * the pass code, edit, cancel); several can be selected and cancelled at once.
 */
export function SharesBrowser({ errorTexts, allHref }: SharesBrowserProps) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const isMobile = useLayoutStore((state) => state.isMobile);
  const describeError = useCallback(
    (cause: unknown) => errorText(cause, locale, errorTexts),
    [locale, errorTexts],
  );
  const expiryText = useExpiryText();

  const [filter, setFilter] = useState<ShareFilter>('all');
  const query = useInfiniteQuery({
    queryKey: [...sharesQueryKey, filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      listShares(pageParam, pageSize, shareListFilters(filter), signal),
    getNextPageParam: (last) => last.next_page_token || undefined,
  });
  const shares = useMemo(() => {
    const seen = new Set<string>();
    const list: ShareSummary[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const share of page.data) {
        if (!seen.has(share.share_id)) {
          seen.add(share.share_id);
          list.push(share);
        }
      }
    }
    return list;
  }, [query.data]);

  const order = useMemo(() => shares.map((share) => share.share_id), [shares]);
  const selection = useListSelection({ scope: filter, order });
  const { current, setSelection, selectedIds } = selection;
  const [dialog, setDialog] = useState<DialogState>();
  const selectedShares = useMemo(() => {
    const picked = new Set(selectedIds);
    return shares.filter((share) => picked.has(share.share_id));
  }, [shares, selectedIds]);
  const allSelected = shares.length > 0 && selectedShares.length === shares.length;

  const { cancel, edit, copy } = useShareChanges({ describeError, setSelection });

  const scrollRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<VirtualRowsHandle>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  /**
   * Up and down move between the rows' check boxes (Space ticks them), Esc clears the selection,
   * Ctrl/Cmd+A selects every loaded link, Delete asks to cancel the selected ones.
   */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const typing = target instanceof HTMLInputElement && target.type !== 'checkbox';
    if (typing || event.altKey || event.defaultPrevented) {
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const row = target.closest<HTMLElement>('[data-testid=share-row]');
      const next = Number(row?.dataset.index ?? NaN) + (event.key === 'ArrowDown' ? 1 : -1);
      if (Number.isNaN(next) || next < 0 || next >= shares.length) {
        return;
      }
      event.preventDefault();
      rowsRef.current?.scrollToRow(next);
      requestAnimationFrame(() => {
        scrollRef.current
          ?.querySelector<HTMLElement>(
            `[data-testid=share-row][data-index="${next}"] input[type=checkbox]`,
          )
          ?.focus();
      });
    } else if (event.key === 'Escape' && selection.selecting) {
      event.preventDefault();
      selection.clear();
    } else if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      selection.selectAll();
    } else if (event.key === 'Delete' && selectedShares.length > 0) {
      event.preventDefault();
      setDialog({ type: 'cancel', shares: selectedShares });
    }
  };

  const now = new Date();
  const selectionBar =
    selectedShares.length > 0 ? (
      <SelectionBar
        label={t('selection.label')}
        testId="shares-selection-bar"
        countTestId="shares-selection-count"
        clearLabel={t('shares.clear')}
        onClear={selection.clear}
        count={t('shares.selected', { count: selectedShares.length })}
        isMobile={isMobile}
        className="gap-1"
      >
        <Button
          variant="ghost"
          size="sm"
          className="text-danger"
          onClick={() => setDialog({ type: 'cancel', shares: selectedShares })}
        >
          <Link2Off aria-hidden />
          {t('shares.cancel-selected')}
        </Button>
      </SelectionBar>
    ) : null;

  const header = isMobile ? null : (
    <div
      role="row"
      className="grid h-10 shrink-0 items-center gap-3 border-b border-border px-3 text-xs font-medium text-muted-foreground md:px-5"
      style={{ gridTemplateColumns: desktopColumns }}
    >
      <span role="columnheader" className="flex justify-center">
        <ItemCheckbox
          checked={allSelected}
          indeterminate={!allSelected && selectedShares.length > 0}
          label={t('shares.select-all')}
          onToggle={() => (allSelected ? selection.clear() : selection.selectAll())}
        />
      </span>
      <span role="columnheader">{t('shares.column.item')}</span>
      <span role="columnheader">{t('shares.column.status')}</span>
      <span role="columnheader">{t('shares.column.views')}</span>
      <span role="columnheader">{t('shares.column.saves')}</span>
      <span role="columnheader">{t('shares.column.expires')}</span>
      <span aria-hidden />
    </div>
  );
  const renderShare = (index: number) => {
    const share = shares[index];
    return share ? (
      <ShareRow
        key={share.share_id}
        share={share}
        index={index}
        isMobile={isMobile}
        selected={current.selected.has(share.share_id)}
        expiry={expiryText(expiryLeftOf(share.expiration_at, now))}
        onToggle={selection.check}
        onCopy={copy}
        onEdit={() => setDialog({ type: 'edit', share })}
        onCancel={() => setDialog({ type: 'cancel', shares: [share] })}
      />
    ) : null;
  };
  const rows = (
    <ItemList
      header={header}
      scrollRef={scrollRef}
      className={cn(
        'min-h-0 flex-1 overflow-y-auto overscroll-contain',
        isMobile && selectedShares.length > 0 ? 'pb-20' : '',
      )}
      Rows={VirtualRows}
      rows={{
        handle: rowsRef,
        role: 'rowgroup',
        count: shares.length,
        columns: 1,
        rowHeight: isMobile ? mobileRowHeight : rowHeight,
        overscan: 8,
        hasNextPage,
        isFetchingNextPage,
        fetchNextPage,
        renderMore: () => (
          <div className="flex h-full items-center px-5 text-sm text-muted-foreground">
            {t('shares.loading-more')}
          </div>
        ),
        renderItem: renderShare,
      }}
    />
  );

  return (
    <Tabs
      value={filter}
      onValueChange={(value) => {
        setFilter(value as ShareFilter);
      }}
      className="flex min-h-0 flex-1 flex-col"
      data-testid="drive-shares"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2 md:px-4">
        <h1 className="min-h-11 min-w-0 flex-1 truncate text-lg font-semibold leading-[2.75rem] md:min-h-9 md:leading-9">
          {t('nav.shares')}
        </h1>
        <TabsList
          aria-label={t('shares.filter.label')}
          data-testid="shares-filter"
          className="max-w-full overflow-x-auto"
        >
          {shareFilters.map((each) => (
            <TabsTrigger key={each} value={each} className="whitespace-nowrap px-3">
              {t(`shares.filter.${each}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {isMobile ? null : selectionBar}
      <TabsContent
        value={filter}
        tabIndex={-1}
        className="mt-0 flex min-h-0 flex-1 flex-col focus-visible:outline-none"
      >
        <div
          role={shares.length > 0 ? 'table' : undefined}
          aria-label={shares.length > 0 ? t('shares.label') : undefined}
          aria-busy={query.isFetching}
          data-testid="shares-list"
          className="flex min-h-0 flex-1 flex-col"
          onKeyDown={onKeyDown}
        >
          <SharesListStates
            query={query}
            empty={shares.length === 0}
            filtered={filter !== 'all'}
            allHref={allHref}
            describeError={describeError}
          >
            {rows}
          </SharesListStates>
        </div>
      </TabsContent>
      {isMobile ? selectionBar : null}
      {dialog?.type === 'edit' ? (
        <EditShareDialog
          share={dialog.share}
          expiryText={expiryText(expiryLeftOf(dialog.share.expiration_at, new Date()))}
          describeError={describeError}
          onSubmit={(changes) => edit(dialog.share, changes)}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {dialog?.type === 'cancel' ? (
        <ConfirmDialog
          title={t('shares.confirm.title', { count: dialog.shares.length })}
          description={t('shares.confirm.description', {
            count: dialog.shares.length,
            title: dialog.shares[0]?.title ?? '',
          })}
          confirmLabel={t('shares.confirm.confirm', { count: dialog.shares.length })}
          cancelLabel={t('shares.confirm.keep')}
          onConfirm={() => cancel(dialog.shares)}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
    </Tabs>
  );
}
