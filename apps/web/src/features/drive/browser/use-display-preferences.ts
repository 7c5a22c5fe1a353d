import { useCallback } from 'react';
import type { SortOrder } from '@nimbus/contracts';
import { displayModeStore } from '@/features/preferences/display-mode';
import { viewOverridesStore } from '../view-overrides';

/**
 * Sets a listing's order or view: for every listing when the member applies it everywhere, else
 * for this listing (`viewKey`) only.
 */
export function useDisplayPreferences(
  viewKey: string,
  global: { orderSettingGlobal: boolean; viewSettingGlobal: boolean },
) {
  const { orderSettingGlobal, viewSettingGlobal } = global;
  const setOrder = useCallback(
    (orderType: SortOrder) => {
      if (orderSettingGlobal) {
        void displayModeStore.getState().updateGlobal({ orderType });
      } else {
        void viewOverridesStore.getState().update(viewKey, { orderType });
      }
    },
    [orderSettingGlobal, viewKey],
  );
  const setView = useCallback(
    (viewType: 'list' | 'grid') => {
      if (viewSettingGlobal) {
        void displayModeStore.getState().updateGlobal({ viewType });
      } else {
        void viewOverridesStore.getState().update(viewKey, { viewType });
      }
    },
    [viewSettingGlobal, viewKey],
  );
  return { setOrder, setView } as const;
}
