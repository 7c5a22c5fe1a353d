'use client';

import { useEffect } from 'react';
import { defaultStorage } from '@nimbus/client';
import type { ApiClient, CallArgs, CallTarget } from '@nimbus/client';
import { readUserId } from '@/lib/session/credentials';
import type { DebugConsoleTexts } from './debug-console';
import { createClickRun, createDebugConfig, isDebugFlagOn } from './debug-console-rules';

/** The API client, loaded with the first debug-options call: most pages never make one. */
const lazyClient: Pick<ApiClient, 'call'> = {
  call: async <T extends CallTarget>(endpoint: T, ...args: CallArgs<T>) => {
    const { browserClient } = await import('@/lib/api/browser-client');
    return browserClient().call(endpoint, ...args);
  },
};

/**
 * Watches the page's clicks for the debug console's trigger (docs/product.md#states): five rapid
 * clicks where the debug flag is on and the server allows it open the console; triggers are
 * ignored while it opens or is open. Renders nothing.
 */
export function DebugHost({ texts }: { texts: DebugConsoleTexts }) {
  const { toggle, close, panel, command } = texts;
  useEffect(() => {
    const run = createClickRun();
    const isAllowed = createDebugConfig(lazyClient, readUserId);
    let busy = false;

    async function open(): Promise<void> {
      busy = true;
      try {
        if (!(await isAllowed())) {
          busy = false;
          return;
        }
        const { openDebugConsole } = await import('./debug-console');
        await openDebugConsole({ toggle, close, panel, command }, () => {
          busy = false;
        });
      } catch {
        busy = false;
      }
    }

    function onClick(event: MouseEvent): void {
      if (busy || !run.click(event.timeStamp)) {
        return;
      }
      run.reset();
      if (isDebugFlagOn(new URL(window.location.href), defaultStorage())) {
        void open();
      }
    }

    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [toggle, close, panel, command]);
  return null;
}
