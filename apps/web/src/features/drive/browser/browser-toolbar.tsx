'use client';

import { memo } from 'react';
import type { SortOrder } from '@nimbus/contracts';
import { ArrowUpDown, FolderPlus, LayoutGrid, List, Trash2, X } from 'lucide-react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { LazyMenu } from '@/components/ui/lazy-menu';
import type { ErrorTexts } from '@/lib/api/error-text';
import { maxKeywordLength } from '@/lib/dialog-action';
import type { FileSection } from '../drive-shell';
import { AddLinkButton, UploadButtons } from '../drive-slots';
import { Breadcrumbs, SearchBox } from './browser-parts';

const loadSortMenu = () => import('./toolbar-menus').then((module) => module.SortMenu);
const loadViewMenu = () => import('./toolbar-menus').then((module) => module.ViewMenu);

export interface BrowserToolbarProps {
  section: FileSection;
  keyword: string;
  crumbs: readonly { id: string; name: string }[] | undefined;
  openFolder: (id: string) => void;
  /** The breadcrumb dragged items would be moved into if dropped now. */
  dropTarget: string | undefined;
  dragging: boolean;
  folderId: string;
  errorTexts: ErrorTexts;
  empty: boolean;
  viewKey: string;
  isMobile: boolean;
  view: 'list' | 'grid';
  orderType: SortOrder;
  pinFoldersTop: boolean;
  viewType: 'list' | 'grid';
  orderSettingGlobal: boolean;
  viewSettingGlobal: boolean;
  setOrder: (order: SortOrder) => void;
  setView: (view: 'list' | 'grid') => void;
  onNewFolder: () => void;
  onEmptyTrash: () => void;
}

/**
 * The toolbar above a drive listing: the breadcrumbs (or the search's or section's title), the
 * search field, new folder, uploads and Add link, empty trash, and the sort and view menus.
 * Memoized: the page re-renders for every page of the listing it fetches, the toolbar only when
 * what it shows changes.
 */
export const BrowserToolbar = memo(function BrowserToolbar(props: BrowserToolbarProps) {
  const { section, keyword, crumbs, openFolder, folderId, isMobile } = props;
  const t = useTranslations('drive');
  const router = useRouter();
  const pathname = usePathname();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2 md:px-4">
      {section === 'all' && keyword !== '' ? (
        <div className="flex min-w-0 max-w-full shrink-0 grow items-center gap-2">
          <h1 className="min-w-0 truncate text-lg font-semibold" data-testid="search-title">
            {t('search.results', { keyword })}
          </h1>
          <Button variant="ghost" size="sm" onClick={() => openFolder('')}>
            <X aria-hidden />
            {t('search.clear')}
          </Button>
        </div>
      ) : section === 'all' ? (
        <Breadcrumbs
          crumbs={crumbs ?? [{ id: '', name: t('nav.all') }]}
          label={t('breadcrumbs')}
          moreLabel={t('breadcrumbs-more')}
          onOpen={openFolder}
          dropTarget={props.dropTarget}
          dragging={props.dragging}
        />
      ) : (
        <h1 className="min-w-0 max-w-full shrink-0 grow truncate text-lg font-semibold">
          {t(`nav.${section}`)}
        </h1>
      )}
      {section === 'all' ? (
        <SearchBox
          key={keyword}
          keyword={keyword}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          onSearch={(text) => {
            const trimmed = text.trim().slice(0, maxKeywordLength);
            router.push(
              trimmed === ''
                ? pathname
                : `${pathname}?${new URLSearchParams({ q: trimmed }).toString()}`,
            );
          }}
        />
      ) : null}
      <div className="ml-auto flex items-center gap-1">
        {section === 'all' && keyword === '' ? (
          <>
            <Button variant="outline" size="sm" onClick={props.onNewFolder}>
              <FolderPlus aria-hidden />
              <span className="hidden sm:inline">{t('action.new-folder')}</span>
              <span className="sr-only sm:hidden">{t('action.new-folder')}</span>
            </Button>
            <UploadButtons parentId={folderId} />
            <AddLinkButton
              folderId={folderId}
              folderName={crumbs?.at(-1)?.name}
              errorTexts={props.errorTexts}
            />
          </>
        ) : null}
        {section === 'trash' ? (
          <Button variant="outline" size="sm" disabled={props.empty} onClick={props.onEmptyTrash}>
            <Trash2 aria-hidden />
            {t('action.empty-trash')}
          </Button>
        ) : null}
        {section !== 'recent' ? (
          <LazyMenu
            load={loadSortMenu}
            props={props}
            trigger={
              <Button variant="ghost" size="icon" aria-label={t('sort.label')}>
                <ArrowUpDown aria-hidden />
              </Button>
            }
          />
        ) : null}
        {!isMobile ? (
          <LazyMenu
            load={loadViewMenu}
            props={props}
            trigger={
              <Button variant="ghost" size="icon" aria-label={t('view.label')}>
                {props.view === 'grid' ? <LayoutGrid aria-hidden /> : <List aria-hidden />}
              </Button>
            }
          />
        ) : null}
      </div>
    </div>
  );
});
