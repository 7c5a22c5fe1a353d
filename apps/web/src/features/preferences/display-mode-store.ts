import type { DisplayMode, SharedDisplayMode } from '@nimbus/contracts';
import {
  defaultDisplayMode,
  defaultSharedDisplayMode,
  displayModeStateKeys,
  displayModeStorageKey,
  isEmptyDisplayMode,
  normalizeDisplayMode,
  normalizeSharedDisplayMode,
} from '@nimbus/contracts';
import { createStore } from 'zustand/vanilla';
import type { DisplayModeStorage } from './display-mode-storage';

/** The display modes held in state (docs/product.md#entities): the drive's and share pages'. */
export interface DisplayModeState {
  [displayModeStateKeys.global]: DisplayMode;
  [displayModeStateKeys.shared]: SharedDisplayMode;
  /** Whose preferences are loaded; changes are saved under this member's key. */
  userId: string | undefined;
  /** Loads the member's stored display mode, normalised; a corrected value is saved back. */
  restore: (userId: string) => Promise<void>;
  /** Changes the drive's display mode and saves it; an empty change does nothing. */
  updateGlobal: (change: Partial<DisplayMode>) => Promise<void>;
  /** Changes the share pages' display mode (kept in state only). */
  updateShared: (change: Partial<SharedDisplayMode>) => void;
}

function sameDisplayMode(stored: unknown, normalized: DisplayMode): boolean {
  if (typeof stored !== 'object' || stored === null) {
    return false;
  }
  const record = stored as Record<string, unknown>;
  const keys = Object.keys(record);
  return (
    keys.length === Object.keys(normalized).length &&
    (Object.keys(normalized) as (keyof DisplayMode)[]).every(
      (key) => record[key] === normalized[key],
    )
  );
}

/**
 * The display-mode store (docs/product.md #entities to #validation) over a storage. On start `restore(userId)` reads
 * `global_<userId>`: nothing or an empty object keeps the defaults (and saves nothing); anything
 * else is normalised by the contracts' rules (an unknown order type mapped or defaulted, a view
 * type other than list or grid stored as grid) and saved back when that changed it. Later
 * changes of the global display mode are saved.
 */
export function createDisplayModeStore(storage: DisplayModeStorage) {
  return createStore<DisplayModeState>()((set, get) => ({
    [displayModeStateKeys.global]: { ...defaultDisplayMode },
    [displayModeStateKeys.shared]: { ...defaultSharedDisplayMode },
    userId: undefined,

    async restore(userId) {
      set({ userId });
      const stored = await storage.read(displayModeStorageKey(userId));
      if (get().userId !== userId || isEmptyDisplayMode(stored)) {
        return;
      }
      const normalized = normalizeDisplayMode(stored);
      set({ [displayModeStateKeys.global]: normalized });
      if (!sameDisplayMode(stored, normalized)) {
        await storage.write(displayModeStorageKey(userId), normalized);
      }
    },

    async updateGlobal(change) {
      if (isEmptyDisplayMode(change)) {
        return;
      }
      const next = normalizeDisplayMode({ ...get()[displayModeStateKeys.global], ...change });
      set({ [displayModeStateKeys.global]: next });
      const { userId } = get();
      if (userId !== undefined) {
        await storage.write(displayModeStorageKey(userId), next);
      }
    },

    updateShared(change) {
      if (isEmptyDisplayMode(change)) {
        return;
      }
      set({
        [displayModeStateKeys.shared]: normalizeSharedDisplayMode({
          ...get()[displayModeStateKeys.shared],
          ...change,
        }),
      });
    },
  }));
}
