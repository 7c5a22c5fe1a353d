'use client';

import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@nimbus/client';
import { errorKinds } from '@nimbus/contracts';
import { refreshProfile } from '@/lib/session/session';

/** What a signed-in view shows while it loads the member's data. */
export type MemberData<T> = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: T };

/**
 * Loads the member's data with `load` while `enabled` (signed in), again on `reload()` and when
 * the window regains focus. An ended session makes the stored one forgotten, so the view offers
 * to sign in again.
 */
export function useMemberData<T>(
  enabled: boolean,
  load: (signal: AbortSignal) => Promise<T>,
): { state: MemberData<T>; reload: () => void } {
  const [answer, setAnswer] = useState<{ generation: number; state: MemberData<T> }>();
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setAnswer({ generation, state: { kind: 'ready', data } }),
      (cause: unknown) => {
        if (controller.signal.aborted) {
          return;
        }
        setAnswer({ generation, state: { kind: 'error' } });
        if (cause instanceof ApiError && cause.error_code === errorKinds.unauthenticated) {
          void refreshProfile();
        }
      },
    );
    return () => controller.abort();
  }, [enabled, load, generation]);

  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [enabled, reload]);

  // Keep showing the last answer while a reload runs.
  return { state: answer?.state ?? { kind: 'loading' }, reload };
}
