'use client';

import type { ReactNode } from 'react';
import { memo, useState } from 'react';
import type { SortOrder } from '@nimbus/contracts';
import { FolderInput, FolderOpen, RotateCcw, Search, Star, Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { LazyMenu } from '@/components/ui/lazy-menu';
import { cn } from '@/lib/cn';
import { maxKeywordLength } from '@/lib/dialog-action';
import { ListEmpty, ListError, SkeletonRows } from '@/features/items/list-states';
import { foldBreadcrumbs } from '../breadcrumbs';
import { columnDirection, toggledColumnOrder } from '../display-order';
import type { DriveFile } from '../drive-api';
import type { FileSection } from '../drive-shell';

const loadCrumbsMenu = () => import('./toolbar-menus').then((module) => module.CrumbsMenu);

/** The path of the folder shown; the middle of a long path folds into a menu. */
export function Breadcrumbs({
  crumbs,
  label,
  moreLabel,
  onOpen,
  dropTarget,
  dragging,
}: {
  crumbs: readonly { id: string; name: string }[];
  label: string;
  moreLabel: string;
  onOpen: (id: string) => void;
  /** The segment dragged items would be moved into if dropped now. */
  dropTarget: string | undefined;
  /** Whether items are being dragged (the segments take them). */
  dragging: boolean;
}) {
  const entries = foldBreadcrumbs(crumbs);
  return (
    // Its own width first (up to the whole row): the toolbar wraps before the heading is cut.
    <nav aria-label={label} className="min-w-0 max-w-full shrink-0 grow">
      <ol className="flex min-w-0 items-center gap-1 text-sm" data-testid="breadcrumbs">
        {entries.map((entry, index) => {
          const last = index === entries.length - 1;
          return (
            <li
              key={entry.kind === 'gap' ? 'gap' : entry.id || 'root'}
              className="flex min-w-0 items-center gap-1"
            >
              {index > 0 ? (
                <span aria-hidden className="text-muted-foreground">
                  /
                </span>
              ) : null}
              {entry.kind === 'gap' ? (
                <LazyMenu
                  load={loadCrumbsMenu}
                  props={{ hidden: entry.hidden, onOpen }}
                  trigger={
                    <Button variant="ghost" size="sm" aria-label={moreLabel}>
                      …
                    </Button>
                  }
                />
              ) : last ? (
                <h1 aria-current="page" className="truncate px-2 text-lg font-semibold">
                  {entry.name}
                </h1>
              ) : (
                <button
                  type="button"
                  onClick={() => onOpen(entry.id)}
                  data-drop-id={entry.id}
                  data-drop-target={dropTarget === entry.id ? 'true' : undefined}
                  className={cn(
                    'min-h-11 truncate rounded-md px-2 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring md:min-h-9',
                    dragging ? 'outline-1 outline-dashed outline-border' : '',
                    dropTarget === entry.id
                      ? 'bg-primary/15 text-foreground outline-2 outline-solid outline-primary'
                      : '',
                  )}
                >
                  {entry.name}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The column headers of the list view; a click sorts by the column. */
export const ListHeader = memo(function ListHeader({
  order,
  section,
  quickShare,
  onSort,
}: {
  order: SortOrder;
  /** The listing: the recent list is not sorted, its columns are when and what happened. */
  section: FileSection;
  /** Whether rows carry the quick share button (a column of its own on wide screens). */
  quickShare: boolean;
  onSort: (order: SortOrder) => void;
}) {
  const t = useTranslations('drive');
  const sortable = section !== 'recent';
  const dateLabel =
    section === 'trash'
      ? t('column.deleted')
      : section === 'recent'
        ? t('column.when')
        : t('column.modified');
  const sizeLabel = section === 'recent' ? t('column.activity') : t('column.size');
  const header = (column: 'name' | 'modified' | 'size', text: string, className: string) => {
    const direction = columnDirection(order, column);
    return (
      <span className={className}>
        {sortable ? (
          <button
            type="button"
            className="rounded px-1 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onSort(toggledColumnOrder(order, column))}
          >
            {text}
            {direction === 'ascending' ? ' ↑' : direction === 'descending' ? ' ↓' : ''}
          </button>
        ) : (
          text
        )}
      </span>
    );
  };
  return (
    <div
      role="presentation"
      className="flex h-9 shrink-0 items-center gap-3 border-b border-border px-4 text-xs md:px-6 font-medium text-muted-foreground"
    >
      <span className="w-5" />
      <span className="w-6" />
      {header('name', t('column.name'), 'flex-1')}
      {header('modified', dateLabel, 'hidden w-40 sm:block')}
      {header('size', sizeLabel, 'w-24 text-right')}
      {quickShare ? <span className="hidden w-8 md:block" /> : null}
      <span className="w-8" />
    </div>
  );
});

/** Gray rows or tiles while the first page loads. */
export function ListingSkeleton({ view }: { view: 'list' | 'grid' }) {
  if (view === 'list') {
    return (
      <SkeletonRows
        count={12}
        testId="drive-skeleton"
        className="flex flex-col gap-1 px-3"
        widthOf={(index) => 40 + ((index * 37) % 45)}
      />
    );
  }
  return (
    <div
      aria-hidden
      data-testid="drive-skeleton"
      className="grid grid-cols-[repeat(auto-fill,minmax(160px,1fr))] gap-3 px-2"
    >
      {Array.from({ length: 12 }, (_, index) => (
        <div key={index} className="h-48 animate-pulse rounded-xl bg-muted" />
      ))}
    </div>
  );
}

const emptyIcons = { all: FolderOpen, recent: RotateCcw, starred: Star, trash: Trash2 } as const;

/** What an empty folder, drive, trash, recent or starred list says. */
export function EmptyState({ section, inFolder }: { section: FileSection; inFolder: boolean }) {
  const t = useTranslations('drive');
  const key = section === 'all' ? (inFolder ? 'folder' : 'drive') : section;
  return (
    <ListEmpty
      icon={emptyIcons[section]}
      title={t(`empty.${key}.title`)}
      description={t(`empty.${key}.description`)}
      testId="drive-empty"
    />
  );
}

/** The drive's search field: the text is searched in every folder's names (`?q=`). */
export function SearchBox({
  keyword,
  label,
  placeholder,
  onSearch,
}: {
  keyword: string;
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(keyword);
  return (
    <form
      role="search"
      className="relative order-last w-full sm:order-none sm:w-auto"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <Search
        aria-hidden
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        name="q"
        value={text}
        maxLength={maxKeywordLength}
        onChange={(event) => setText(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        data-testid="drive-search"
        className="h-11 w-full rounded-lg border border-border bg-background pl-8 pr-2 text-sm focus-visible:outline-2 focus-visible:outline-ring sm:w-52 md:h-9"
      />
    </form>
  );
}

/**
 * A listing's body: gray rows while the first page loads, the error with retry (and a way back
 * to the drive's root from a folder), what an empty listing or search says, else the rows.
 */
export function ListingStates({
  query,
  empty,
  section,
  keyword,
  folderId,
  view,
  describeError,
  openFolder,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: boolean;
  section: FileSection;
  keyword: string;
  folderId: string;
  view: 'list' | 'grid';
  describeError: (cause: unknown) => string | undefined;
  openFolder: (id: string) => void;
  /** The rows. */
  children: ReactNode;
}) {
  const t = useTranslations('drive');
  if (query.isPending) {
    return <ListingSkeleton view={view} />;
  }
  if (query.isError) {
    return (
      <ListError
        message={describeError(query.error) ?? t('error.generic')}
        retryLabel={t('error.retry')}
        onRetry={() => void query.refetch()}
        testId="drive-error"
      >
        {folderId !== '' ? (
          <Button onClick={() => openFolder('')}>{t('error.back-to-root')}</Button>
        ) : null}
      </ListError>
    );
  }
  if (empty) {
    return keyword !== '' ? (
      <p className="p-10 text-center text-muted-foreground" data-testid="search-empty">
        {t('search.empty', { keyword })}
      </p>
    ) : (
      <EmptyState section={section} inFolder={folderId !== ''} />
    );
  }
  return children;
}

/** What follows the pointer while items are dragged to be moved: the name, or how many. */
export function DragGhost({ files, x, y }: { files: readonly DriveFile[]; x: number; y: number }) {
  const t = useTranslations('drive');
  return (
    <div
      aria-hidden
      data-testid="drag-ghost"
      className="pointer-events-none fixed left-0 top-0 z-[var(--z-overlay)] flex items-center gap-2 rounded-lg border border-border bg-background px-3 py-2 text-sm font-medium shadow-[var(--shadow-popover)]"
      style={{ transform: `translate(${x + 14}px, ${y + 10}px)` }}
    >
      <FolderInput aria-hidden className="size-4 text-primary" />
      {files.length === 1 ? files[0]?.name : t('move.title-move', { count: files.length })}
    </div>
  );
}
