import { useStore } from 'zustand';
import type { DisplayModeState } from './display-mode-store';
import { createDisplayModeStore } from './display-mode-store';
import { indexedDbDisplayModeStorage } from './display-mode-storage';

/**
 * The page's display-mode store, backed by IndexedDB. Creating it touches no browser API; the
 * database opens when the drive calls `restore(userId)` after sign-in.
 */
export const displayModeStore = createDisplayModeStore(indexedDbDisplayModeStorage());

/** Reads from the display-mode store in a client component. */
export function useDisplayMode<T>(selector: (state: DisplayModeState) => T): T {
  return useStore(displayModeStore, selector);
}
