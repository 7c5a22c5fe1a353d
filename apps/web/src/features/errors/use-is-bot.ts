'use client';

import { useSyncExternalStore } from 'react';
import { isBotUserAgent } from '@/lib/bot';

const subscribe = () => () => undefined;

/**
 * Whether the visitor is a crawler. The server cannot tell, so it answers true and renders
 * nothing; a human's browser renders the error page once it runs.
 */
export function useIsBot(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isBotUserAgent(navigator.userAgent),
    () => true,
  );
}
