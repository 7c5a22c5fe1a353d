import { useCallback, useMemo } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useLayoutStore } from '@/lib/layout-store';
import { useHydrated } from '@/lib/use-hydrated';
import { useDisplayMode } from '@/features/preferences/display-mode';
import { maxKeywordLength } from '@/lib/dialog-action';
import type { DriveFile } from '../drive-api';
import { isFolder } from '../drive-api';
import type { FileSection } from '../drive-shell';
import { effectiveDisplay } from '../display-order';
import type { ListingInput } from '../use-listing';
import { useViewOverride } from '../view-overrides';

/**
 * What the address and the display preferences say a drive listing shows: the folder or the
 * search of `/drive/all`, the view (list or grid; always a list on a phone), the order, and the
 * listing asked of the server for them. `mobileHint`: the server rendered the listing for a
 * phone.
 */
export function useBrowserView(section: FileSection, mobileHint = false) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  /** The search text of `/drive/all?q=`: the listing is then the drive's items whose name holds it. */
  const keyword =
    section === 'all' ? (searchParams.get('q') ?? '').trim().slice(0, maxKeywordLength) : '';
  const folderId = section === 'all' && keyword === '' ? (searchParams.get('folder') ?? '') : '';
  const hydrated = useHydrated();
  const windowMobile = useLayoutStore((state) => state.isMobile);
  // The layout learns the window's width once the page runs; until then (the server's render
  // and its hydration) it is what the server guessed from the browser's user agent.
  const isMobile = hydrated ? windowMobile : mobileHint;
  const global = useDisplayMode((state) => state.global);
  const viewKey = section === 'all' ? (keyword === '' ? `folder:${folderId}` : 'search') : section;
  const override = useViewOverride(viewKey);
  const display = effectiveDisplay(global, override);
  const view = isMobile ? 'list' : display.viewType;

  const listingInput = useMemo((): ListingInput => {
    switch (section) {
      case 'all':
        if (keyword !== '') {
          return {
            parentId: '*',
            order: display.orderType,
            foldersFirst: display.pinFoldersTop,
            filters: { name: { contains: keyword } },
          };
        }
        return {
          parentId: folderId,
          order: display.orderType,
          foldersFirst: display.pinFoldersTop,
        };
      case 'trash':
        return {
          parentId: '*',
          order: display.orderType,
          foldersFirst: display.pinFoldersTop,
          filters: { trashed: { eq: true } },
        };
      case 'starred':
        return {
          parentId: '*',
          order: display.orderType,
          foldersFirst: display.pinFoldersTop,
          filters: { starred: { eq: true } },
        };
      case 'recent':
        return { source: 'events', parentId: '', order: 'MODIFY_TIME_DESC', foldersFirst: false };
    }
  }, [section, folderId, keyword, display.orderType, display.pinFoldersTop]);

  const openFolder = useCallback(
    (id: string) => {
      const params = new URLSearchParams(searchParams.toString());
      params.delete('q');
      if (id === '') {
        params.delete('folder');
      } else {
        params.set('folder', id);
      }
      const search = params.toString();
      router.push(search ? `${pathname}?${search}` : pathname);
    },
    [router, pathname, searchParams],
  );

  return {
    keyword,
    folderId,
    isMobile,
    global,
    viewKey,
    display,
    view,
    listingInput,
    openFolder,
  } as const;
}

/**
 * Opens a listed item: a folder in `/drive/all` (from the recent and starred lists too), a file
 * in the viewer at its place among the listing's files.
 */
export function useOpenItem(
  section: FileSection,
  openFolder: (id: string) => void,
  items: readonly DriveFile[],
  setPreview: (index: number) => void,
) {
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(
    (file: DriveFile) => {
      if (isFolder(file)) {
        if (section === 'all') {
          openFolder(file.id);
        } else if (section === 'recent' || section === 'starred') {
          router.push(
            `${pathname.replace(/\/(recent|starred)$/, '/all')}?${new URLSearchParams({ folder: file.id }).toString()}`,
          );
        }
        return;
      }
      setPreview(items.filter((item) => !isFolder(item)).indexOf(file));
    },
    [section, openFolder, items, router, pathname, setPreview],
  );
}
