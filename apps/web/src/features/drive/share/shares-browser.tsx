'use client';

import type { KeyboardEvent } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Copy,
  EllipsisVertical,
  File,
  Folder,
  KeyRound,
  Link2,
  Link2Off,
  Pencil,
  X,
} from 'lucide-react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { useLayoutStore } from '@/lib/layout-store';
import { cn } from '@/lib/cn';
import { ConfirmDialog } from '../confirm-dialog';
import { copyWithToast } from '@/lib/clipboard';
import { EditShareDialog } from './edit-share-dialog';
import type { ShareChanges, SharePage, ShareSummary } from './share-api';
import { cancelShares, listShares, updateShare } from './share-api';
import type { ExpiryLeft, ShareFilter, StatusTone } from './share-options';
import {
  expiryLeftOf,
  linkWithPassCode,
  shareFilters,
  shareListFilters,
  statusTone,
} from './share-options';
import { sharesQueryKey } from './share-query-keys';

export interface SharesBrowserProps {
  errorTexts: ErrorTexts;
  /** The locale-prefixed path of My files (the empty state's way out). */
  allHref: string;
}

type Pages = InfiniteData<SharePage, string | undefined>;

type DialogState =
  { type: 'edit'; share: ShareSummary } | { type: 'cancel'; shares: ShareSummary[] } | undefined;

/** Links fetched per page as the member scrolls. */
const pageSize = 100;
const rowHeight = 64;
/** Four lines on a phone: the title, items and pass code, status and expiry, views and saves. */
const mobileRowHeight = 124;

const toneClasses: Record<StatusTone, string> = {
  active: 'bg-primary/10 text-foreground',
  ended: 'bg-muted text-muted-foreground',
  held: 'bg-danger/10 text-danger',
};

/** The time a share has left, in words. */
function useExpiryText() {
  const t = useTranslations('drive.shares.expiry');
  return useCallback(
    (left: ExpiryLeft): string => {
      switch (left.kind) {
        case 'never':
          return t('never');
        case 'expired':
          return t('expired');
        case 'hours':
          return t('hours', { hours: left.hours });
        case 'days':
          return t('days', { days: left.days });
      }
    },
    [t],
  );
}

/**
 * `/drive/shares`: the member's share links, newest first, in a virtualized list fetched page by
 * page, each with its status, views, saves, time left and actions (copy the link with or without
 * the pass code, edit, cancel); several can be selected and cancelled at once.
 */
export function SharesBrowser({ errorTexts, allHref }: SharesBrowserProps) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const isMobile = useLayoutStore((state) => state.isMobile);
  const queryClient = useQueryClient();
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

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>();
  const selectedShares = useMemo(
    () => shares.filter((share) => selected.has(share.share_id)),
    [shares, selected],
  );
  const toggle = useCallback((id: string) => {
    setSelected((state) => {
      const next = new Set(state);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });
  }, []);
  const allSelected = shares.length > 0 && selectedShares.length === shares.length;

  // ---- Changes --------------------------------------------------------------------------
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
      setSelected((state) => new Set([...state].filter((id) => !gone.has(id))));
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
    [queryClient, patchCache, describeError, t],
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

  // ---- Virtualized list -----------------------------------------------------------------
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = isMobile ? mobileRowHeight : rowHeight;
  const rowCount = shares.length + (query.hasNextPage ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => height,
    overscan: 8,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, height]);
  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRow >= shares.length - 10) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastRow, shares.length]);

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
      virtualizer.scrollToIndex(next, { align: 'auto' });
      requestAnimationFrame(() => {
        scrollRef.current
          ?.querySelector<HTMLElement>(
            `[data-testid=share-row][data-index="${next}"] input[type=checkbox]`,
          )
          ?.focus();
      });
    } else if (event.key === 'Escape' && selected.size > 0) {
      event.preventDefault();
      setSelected(new Set());
    } else if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      setSelected(new Set(shares.map((share) => share.share_id)));
    } else if (event.key === 'Delete' && selectedShares.length > 0) {
      event.preventDefault();
      setDialog({ type: 'cancel', shares: selectedShares });
    }
  };

  const now = new Date();
  const selectionBar =
    selectedShares.length > 0 ? (
      <div
        role="toolbar"
        aria-label={t('selection.label')}
        data-testid="shares-selection-bar"
        className={cn(
          'flex items-center gap-1 bg-background px-2 py-1',
          isMobile
            ? 'fixed inset-x-0 bottom-0 z-30 border-t border-border pb-[max(0.25rem,env(safe-area-inset-bottom))] shadow-[var(--shadow-popover)]'
            : 'border-b border-border',
        )}
      >
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('shares.clear')}
          onClick={() => setSelected(new Set())}
        >
          <X aria-hidden />
        </Button>
        <span className="mr-auto text-sm font-medium" data-testid="shares-selection-count">
          {t('shares.selected', { count: selectedShares.length })}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="text-danger"
          onClick={() => setDialog({ type: 'cancel', shares: selectedShares })}
        >
          <Link2Off aria-hidden />
          {t('shares.cancel-selected')}
        </Button>
      </div>
    ) : null;

  let body;
  if (query.isPending) {
    body = (
      <div aria-hidden data-testid="shares-skeleton" className="flex flex-col gap-2 p-3">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="flex h-12 items-center gap-3">
            <div className="size-6 animate-pulse rounded bg-muted" />
            <div
              className="h-4 flex-1 animate-pulse rounded bg-muted"
              style={{ maxWidth: `${35 + ((index * 29) % 40)}%` }}
            />
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted-foreground">{describeError(query.error) ?? t('error.generic')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('error.retry')}
        </Button>
      </div>
    );
  } else if (shares.length === 0 && filter !== 'all') {
    body = (
      <div
        className="flex flex-col items-center gap-3 px-6 py-16 text-center"
        data-testid="shares-empty"
      >
        <Link2 aria-hidden className="size-12 text-muted-foreground" />
        <p className="text-lg font-medium">{t('shares.filter.empty-title')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {t('shares.filter.empty-description')}
        </p>
      </div>
    );
  } else if (shares.length === 0) {
    body = (
      <div
        className="flex flex-col items-center gap-3 px-6 py-16 text-center"
        data-testid="shares-empty"
      >
        <Link2 aria-hidden className="size-12 text-muted-foreground" />
        <p className="text-lg font-medium">{t('shares.empty.title')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t('shares.empty.description')}</p>
        <Button asChild variant="outline">
          <Link href={allHref}>{t('shares.empty.action')}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        {isMobile ? null : (
          <div
            role="row"
            className="grid h-10 shrink-0 items-center gap-3 border-b border-border px-3 text-xs font-medium text-muted-foreground md:px-5"
            style={{ gridTemplateColumns: desktopColumns }}
          >
            <span role="columnheader" className="flex justify-center">
              <Checkbox
                checked={allSelected}
                indeterminate={!allSelected && selectedShares.length > 0}
                label={t('shares.select-all')}
                onChange={() =>
                  setSelected(
                    allSelected ? new Set() : new Set(shares.map((share) => share.share_id)),
                  )
                }
              />
            </span>
            <span role="columnheader">{t('shares.column.item')}</span>
            <span role="columnheader">{t('shares.column.status')}</span>
            <span role="columnheader">{t('shares.column.views')}</span>
            <span role="columnheader">{t('shares.column.saves')}</span>
            <span role="columnheader">{t('shares.column.expires')}</span>
            <span aria-hidden />
          </div>
        )}
        <div
          ref={scrollRef}
          className={cn(
            'min-h-0 flex-1 overflow-y-auto overscroll-contain',
            isMobile && selectedShares.length > 0 ? 'pb-20' : '',
          )}
        >
          <div
            role="rowgroup"
            style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
          >
            {virtualRows.map((row) => {
              const share = shares[row.index];
              return (
                <div
                  key={row.key}
                  className="absolute left-0 top-0 w-full"
                  style={{ height: row.size, transform: `translateY(${row.start}px)` }}
                >
                  {share ? (
                    <ShareRow
                      share={share}
                      index={row.index}
                      isMobile={isMobile}
                      selected={selected.has(share.share_id)}
                      expiry={expiryText(expiryLeftOf(share.expiration_at, now))}
                      onToggle={toggle}
                      onCopy={copy}
                      onEdit={() => setDialog({ type: 'edit', share })}
                      onCancel={() => setDialog({ type: 'cancel', shares: [share] })}
                    />
                  ) : (
                    <div className="flex h-full items-center px-5 text-sm text-muted-foreground">
                      {t('shares.loading-more')}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </>
    );
  }

  return (
    <Tabs
      value={filter}
      onValueChange={(value) => {
        setFilter(value as ShareFilter);
        setSelected(new Set());
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
          {body}
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

/** Check box, item, status, views, saves, expiry and three 40 px buttons. */
const desktopColumns = '2.75rem minmax(12rem,1fr) 8.5rem 6.5rem 9.5rem 7rem 8rem';

/** A check box with a 44 px target and an accessible name. */
function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: () => void;
}) {
  return (
    <label className="flex size-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        ref={(input) => {
          if (input) {
            input.indeterminate = indeterminate;
          }
        }}
        onChange={onChange}
        className="size-4 cursor-pointer accent-[var(--color-primary)]"
      />
    </label>
  );
}

function ShareRow({
  share,
  index,
  isMobile,
  selected,
  expiry,
  onToggle,
  onCopy,
  onEdit,
  onCancel,
}: {
  share: ShareSummary;
  /** The row's place in the list (arrow keys move by it). */
  index: number;
  isMobile: boolean;
  selected: boolean;
  expiry: string;
  onToggle: (id: string) => void;
  onCopy: (text: string) => void;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('drive.shares');
  const Icon = share.file_kind === 'drive#folder' ? Folder : File;
  const count = Number(share.restore_count);
  const limit = Number(share.restore_limit);
  const saves = limit >= 0 ? t('saves-limited', { count, limit }) : t('saves-unlimited', { count });
  const views = t('views', { count: Number(share.view_count) });
  const tone = statusTone(share.share_status);
  const withCode = linkWithPassCode(share.share_url, share.pass_code);
  const status = (
    <span
      data-testid="share-status"
      data-status={share.share_status}
      className={cn(
        'inline-flex max-w-full items-center truncate rounded-full px-2 py-0.5 text-xs font-medium',
        toneClasses[tone],
      )}
    >
      {t(`status.${share.share_status}`)}
    </span>
  );
  const menu = (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('actions', { title: share.title })}
          data-testid="share-more"
        >
          <EllipsisVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {isMobile ? (
          <>
            <DropdownMenuItem onSelect={() => onCopy(share.share_url)}>
              <Copy aria-hidden className="size-4" />
              {t('copy-link')}
            </DropdownMenuItem>
            {share.pass_code ? (
              <DropdownMenuItem onSelect={() => onCopy(withCode)}>
                <KeyRound aria-hidden className="size-4" />
                {t('copy-with-code')}
              </DropdownMenuItem>
            ) : null}
          </>
        ) : null}
        <DropdownMenuItem onSelect={onEdit}>
          <Pencil aria-hidden className="size-4" />
          {t('edit')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onCancel} className="text-danger">
          <Link2Off aria-hidden className="size-4" />
          {t('cancel')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
  const name = (
    <div className="min-w-0">
      <p className="truncate text-sm font-medium" data-testid="share-title">
        {share.title}
      </p>
      <p className="truncate text-xs text-muted-foreground">
        {t('items', { count: Number(share.file_num) })}
        {' · '}
        <span data-testid="share-row-pass-code">
          {share.pass_code ? t('pass-code', { code: share.pass_code }) : t('no-pass-code')}
        </span>
      </p>
    </div>
  );

  const common = {
    role: 'row',
    'data-testid': 'share-row',
    'data-share-id': share.share_id,
    'data-index': index,
    'aria-selected': selected,
  } as const;
  const checkbox = (
    <Checkbox
      checked={selected}
      label={t('select', { title: share.title })}
      onChange={() => onToggle(share.share_id)}
    />
  );

  if (isMobile) {
    return (
      <div
        {...common}
        className={cn(
          'flex h-full items-start gap-1 border-b border-border px-1 py-2',
          selected ? 'bg-primary/5' : '',
        )}
      >
        <span role="cell">{checkbox}</span>
        <div role="cell" className="flex min-w-0 flex-1 flex-col gap-1 pt-2">
          <div className="flex min-w-0 items-center gap-2">
            <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
            {name}
          </div>
          <div className="flex min-w-0 items-center gap-2 pl-7 text-xs text-muted-foreground">
            {status}
            <span className="truncate" data-testid="share-expiry">
              {expiry}
            </span>
          </div>
          <p className="truncate pl-7 text-xs text-muted-foreground">
            <span data-testid="share-views">{views}</span>
            <span aria-hidden> · </span>
            <span data-testid="share-saves">{saves}</span>
          </p>
        </div>
        <span role="cell">{menu}</span>
      </div>
    );
  }

  return (
    <div
      {...common}
      className={cn(
        'grid h-full items-center gap-3 border-b border-border px-3 text-sm hover:bg-muted/50 md:px-5',
        selected ? 'bg-primary/5' : '',
      )}
      style={{ gridTemplateColumns: desktopColumns }}
    >
      <span role="cell" className="flex justify-center">
        {checkbox}
      </span>
      <span role="cell" className="flex min-w-0 items-center gap-3">
        <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
        {name}
      </span>
      <span role="cell" className="min-w-0">
        {status}
      </span>
      <span role="cell" className="text-muted-foreground" data-testid="share-views">
        {views}
      </span>
      <span role="cell" className="text-muted-foreground" data-testid="share-saves">
        {saves}
      </span>
      <span role="cell" className="text-muted-foreground" data-testid="share-expiry">
        {expiry}
      </span>
      <span role="cell" className="flex items-center justify-end gap-0.5">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('copy-link')}
          title={t('copy-link')}
          onClick={() => onCopy(share.share_url)}
        >
          <Copy aria-hidden />
        </Button>
        {share.pass_code ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('copy-with-code')}
            title={t('copy-with-code')}
            onClick={() => onCopy(withCode)}
          >
            <KeyRound aria-hidden />
          </Button>
        ) : null}
        {menu}
      </span>
    </div>
  );
}
