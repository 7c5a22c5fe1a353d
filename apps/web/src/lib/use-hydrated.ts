import { useSyncExternalStore } from 'react';

function subscribe(): () => void {
  return () => {};
}

/**
 * False during server rendering and hydration, true once React runs the page in the browser:
 * forms keep their buttons disabled until then, so nothing is submitted natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
