import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { DisplayModeStorage } from '../preferences/display-mode-storage';
import { indexedDbDisplayModeStorage } from '../preferences/display-mode-storage';
import type { ViewOverride } from './display-order';
import { normalizeViewOverrides } from './display-order';

/*
 * The per-view sort orders and view types a member chose while the display mode's settings are
 * not global. They live beside the global display mode in the `display_mode` IndexedDB store,
 * under `views_<userId>`.
 */

/** The store key of a member's per-view overrides. */
export function viewOverridesKey(userId: string): string {
  return `views_${userId}`;
}

interface ViewOverridesState {
  userId: string | undefined;
  views: Record<string, ViewOverride>;
  restore: (userId: string) => Promise<void>;
  update: (view: string, change: ViewOverride) => Promise<void>;
}

/** The per-view overrides over a storage. */
export function createViewOverridesStore(storage: DisplayModeStorage) {
  return createStore<ViewOverridesState>()((set, get) => ({
    userId: undefined,
    views: {},
    async restore(userId) {
      set({ userId });
      const stored = await storage.read(viewOverridesKey(userId));
      if (get().userId === userId) {
        set({ views: normalizeViewOverrides(stored) });
      }
    },
    async update(view, change) {
      const views = { ...get().views, [view]: { ...get().views[view], ...change } };
      set({ views });
      const { userId } = get();
      if (userId !== undefined) {
        await storage.write(viewOverridesKey(userId), views);
      }
    },
  }));
}

/** The page's per-view overrides, backed by IndexedDB. */
export const viewOverridesStore = createViewOverridesStore(indexedDbDisplayModeStorage());

/** The override of one view. */
export function useViewOverride(view: string): ViewOverride | undefined {
  return useStore(viewOverridesStore, (state) => state.views[view]);
}
