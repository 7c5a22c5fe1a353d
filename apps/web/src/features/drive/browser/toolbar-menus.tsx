'use client';

import type { ReactNode } from 'react';
import type { SortOrder } from '@nimbus/contracts';
import { LayoutGrid, List } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { LazyMenuState } from '@/components/ui/lazy-menu';
import { displayModeStore } from '@/features/preferences/display-mode';
import { menuSortOrders, sortOrderLabelKeys } from '../display-order';
import { viewOverridesStore } from '../view-overrides';

/*
 * The menus of a listing's toolbar (sort, layout, the folded breadcrumbs), loaded on first use
 * through `LazyMenu`: the first screen of the drive does without their code.
 */

export interface SortMenuProps {
  orderType: SortOrder;
  setOrder: (order: SortOrder) => void;
  pinFoldersTop: boolean;
  orderSettingGlobal: boolean;
  viewKey: string;
}

/** The sort menu: the order, folders first, and whether the order applies everywhere. */
export function SortMenu({
  orderType,
  setOrder,
  pinFoldersTop,
  orderSettingGlobal,
  viewKey,
  open,
  onOpenChange,
  trigger,
}: SortMenuProps & LazyMenuState) {
  const t = useTranslations('drive');
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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

export interface ViewMenuProps {
  view: 'list' | 'grid';
  setView: (view: 'list' | 'grid') => void;
  viewSettingGlobal: boolean;
  viewKey: string;
  viewType: 'list' | 'grid';
}

/** The layout menu: list or grid, and whether the layout applies everywhere. */
export function ViewMenu({
  view,
  setView,
  viewSettingGlobal,
  viewKey,
  viewType,
  open,
  onOpenChange,
  trigger,
}: ViewMenuProps & LazyMenuState) {
  const t = useTranslations('drive');
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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

export interface CrumbsMenuProps {
  /** The folders between the drive and the last shown ones. */
  hidden: readonly { id: string; name: string }[];
  onOpen: (id: string) => void;
}

/** The folded middle of long breadcrumbs: the folders left out, as a menu. */
export function CrumbsMenu({
  hidden,
  onOpen,
  open,
  onOpenChange,
  trigger,
}: CrumbsMenuProps & LazyMenuState) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        {hidden.map((crumb) => (
          <DropdownMenuItem key={crumb.id} onSelect={() => onOpen(crumb.id)}>
            {crumb.name}
          </DropdownMenuItem>
        ))}
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
