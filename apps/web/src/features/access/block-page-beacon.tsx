'use client';

import { useEffect } from 'react';
import { emitAppEvent } from '@/lib/app-events';

/**
 * Emits the `block-page` analytics event once when the block page shows (docs/product.md#screens-and-routes); the
 * analytics host sends it with the analytics context when analysis is allowed. Renders nothing.
 */
export function BlockPageBeacon() {
  useEffect(() => {
    emitAppEvent('block-page', {});
  }, []);
  return null;
}
