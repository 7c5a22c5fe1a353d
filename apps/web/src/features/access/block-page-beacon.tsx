'use client';

import { useEffect } from 'react';
import { readPublicConfig } from '@/lib/public-config';
import { blockPageBeacon } from './block-page-event';

/** Sends the `block-page` analytics event once when the block page shows. Renders nothing. */
export function BlockPageBeacon() {
  useEffect(() => {
    const beacon = blockPageBeacon(readPublicConfig()?.apiOrigins, {
      language: document.documentElement.lang,
      path: window.location.pathname,
    });
    navigator.sendBeacon(beacon.url, new Blob([beacon.body], { type: 'application/json' }));
  }, []);
  return null;
}
