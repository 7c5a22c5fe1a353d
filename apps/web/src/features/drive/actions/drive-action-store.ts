import { useEffect, useLayoutEffect, useRef } from 'react';
import { create } from 'zustand';
import type { DriveActionRequest } from '@/lib/dialog-action';

/*
 * The hand-over between the dialog-action host (which reads the address on arrival) and the
 * drive component that performs the action once it is on screen with its data (the file
 * listing, the task list, the shell). A request waits here until its owner takes it.
 */

export interface DriveActionState {
  pending: DriveActionRequest | undefined;
  /** Leaves a request for its owner, replacing any not yet taken. */
  put: (request: DriveActionRequest) => void;
  /** Takes the pending request when it is one of `actions`. */
  take: <A extends DriveActionRequest['action']>(
    actions: readonly A[],
  ) => Extract<DriveActionRequest, { action: A }> | undefined;
}

/** Creates a store; the app uses the one below, tests make their own. */
export function createDriveActionStore() {
  return create<DriveActionState>()((set, get) => ({
    pending: undefined,
    put: (request) => set({ pending: request }),
    take: <A extends DriveActionRequest['action']>(actions: readonly A[]) => {
      const { pending } = get();
      if (!pending || !(actions as readonly string[]).includes(pending.action)) {
        return undefined;
      }
      set({ pending: undefined });
      return pending as Extract<DriveActionRequest, { action: A }>;
    },
  }));
}

export const useDriveActionStore = createDriveActionStore();

/**
 * Takes the pending request when it is one of `actions` and hands it to `onTake`, as soon as
 * `enabled` (the owner is on screen with what it needs) and whenever one arrives later.
 */
export function useTakeDriveAction<A extends DriveActionRequest['action']>(
  actions: readonly A[],
  enabled: boolean,
  onTake: (request: Extract<DriveActionRequest, { action: A }>) => void,
): void {
  const handler = useRef(onTake);
  useLayoutEffect(() => {
    handler.current = onTake;
  });
  const key = actions.join(',');
  useEffect(() => {
    if (!enabled) {
      return;
    }
    const wanted = key.split(',') as A[];
    const check = () => {
      const request = useDriveActionStore.getState().take(wanted);
      if (request) {
        handler.current(request);
      }
    };
    check();
    return useDriveActionStore.subscribe(check);
  }, [enabled, key]);
}
