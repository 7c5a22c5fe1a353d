'use client';

import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@nimbus/client';
import { errorKinds } from '@nimbus/contracts';
import { refreshProfile } from '@/lib/session/session';
import type { InvitePage } from './referral-api';
import { loadInvitePage } from './referral-api';

/** The referral data as a page shows it. */
export type InvitePageState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; cause: unknown }
  | { kind: 'ready'; page: InvitePage };

type Answer = { key: string; state: Extract<InvitePageState, { kind: 'error' | 'ready' }> };

/**
 * Loads the member's referral data while `enabled` (signed in), again on `reload()`, and when
 * the window regains focus (a friend may have joined meanwhile), keeping what it shows until the
 * new answer arrives.
 */
export function useInvitePage(
  enabled: boolean,
  limit: number,
): { state: InvitePageState; reload: () => void } {
  const [answer, setAnswer] = useState<Answer>();
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const key = `${limit}:${generation}`;

  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    const controller = new AbortController();
    loadInvitePage(limit, controller.signal).then(
      (page) => setAnswer({ key, state: { kind: 'ready', page } }),
      (cause: unknown) => {
        if (controller.signal.aborted) {
          return;
        }
        setAnswer({ key, state: { kind: 'error', cause } });
        if (cause instanceof ApiError && cause.error_code === errorKinds.unauthenticated) {
          // The session ended: the refresh forgets it, and the page offers to sign in again.
          void refreshProfile();
        }
      },
    );
    return () => controller.abort();
  }, [enabled, limit, key]);

  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [enabled, reload]);

  let state: InvitePageState;
  if (!enabled) {
    state = { kind: 'idle' };
  } else if (answer && (answer.key === key || answer.state.kind === 'ready')) {
    state = answer.state;
  } else {
    state = { kind: 'loading' };
  }
  return { state, reload };
}
