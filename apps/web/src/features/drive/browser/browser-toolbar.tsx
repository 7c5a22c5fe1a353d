'use client';

import type { ReactNode } from 'react';
import { memo } from 'react';
import type { SortOrder } from '@nimbus/contracts';
import { ArrowUpDown, FolderPlus, LayoutGrid, List, Trash2, X } from 'lucide-react';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ErrorTexts } from '@/lib/api/error-text';
import { displayModeStore } from '@/features/preferences/display-mode';
import { maxKeywordLength } from '@/lib/dialog-action';
import { menuSortOrders, sortOrderLabelKeys } from '../display-order';
import type { FileSection } from '../drive-shell';
import { AddLinkButton, UploadButtons } from '../drive-slots';
import { viewOverridesStore } from '../view-overrides';
import { Breadcrumbs, SearchBox } from './browser-parts';

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
        <div className="flex min-w-0 flex-1 items-center gap-2">
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
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold">{t(`nav.${section}`)}</h1>
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
        {section !== 'recent' ? <SortMenu {...props} /> : null}
        {!isMobile ? <ViewMenu {...props} /> : null}
      </div>
    </div>
  );
});

function SortMenu({
  orderType,
  setOrder,
  pinFoldersTop,
  orderSettingGlobal,
  viewKey,
}: BrowserToolbarProps) {
  const t = useTranslations('drive');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('sort.label')}>
          <ArrowUpDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('sort.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={orderType}
          onValueChange={(value) => setOrder(value as SortOrder)}
        >
          {menuSortOrders.map((sortOrder) => (
            <DropdownMenuRadioItem key={sortOrder} value={sortOrder}>
              {t(`sort.${sortOrderLabelKeys[sortOrder]}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <CheckItem
          checked={pinFoldersTop}
          onChange={(pinFoldersTop) =>
            void displayModeStore.getState().updateGlobal({ pinFoldersTop })
          }
        >
          {t('sort.folders-first')}
        </CheckItem>
        <CheckItem
          checked={orderSettingGlobal}
          onChange={(orderSettingGlobal) => {
            if (!orderSettingGlobal) {
              void viewOverridesStore.getState().update(viewKey, { orderType: orderType });
            }
            void displayModeStore.getState().updateGlobal({ orderSettingGlobal });
          }}
        >
          {t('sort.apply-everywhere')}
        </CheckItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ViewMenu({ view, setView, viewSettingGlobal, viewKey, viewType }: BrowserToolbarProps) {
  const t = useTranslations('drive');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('view.label')}>
          {view === 'grid' ? <LayoutGrid aria-hidden /> : <List aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('view.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={view}
          onValueChange={(value) => setView(value as 'list' | 'grid')}
        >
          <DropdownMenuRadioItem value="list">
            <List aria-hidden className="size-4" />
            {t('view.list')}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="grid">
            <LayoutGrid aria-hidden className="size-4" />
            {t('view.grid')}
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <CheckItem
          checked={viewSettingGlobal}
          onChange={(viewSettingGlobal) => {
            if (!viewSettingGlobal) {
              void viewOverridesStore.getState().update(viewKey, { viewType: viewType });
            }
            void displayModeStore.getState().updateGlobal({ viewSettingGlobal });
          }}
        >
          {t('view.apply-everywhere')}
        </CheckItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A menu item with a check mark (Radix checkbox item). */
function CheckItem({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <MenuPrimitive.CheckboxItem
      checked={checked}
      onCheckedChange={(value) => onChange(value === true)}
      className="relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 pr-9 text-sm outline-none data-[highlighted]:bg-muted md:min-h-9"
    >
      {children}
      <MenuPrimitive.ItemIndicator className="absolute right-3 inline-flex">
        ✓
      </MenuPrimitive.ItemIndicator>
    </MenuPrimitive.CheckboxItem>
  );
}
