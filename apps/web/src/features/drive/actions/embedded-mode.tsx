'use client';

import { useEffect } from 'react';
import {
  embedOriginOf,
  embedOriginQueryParam,
  embedOriginStorageKey,
  embeddedClickOf,
} from './embedded-links';

function readEmbedOrigin(): string | undefined {
  const fromAddress = embedOriginOf(
    new URL(window.location.href).searchParams.get(embedOriginQueryParam),
  );
  try {
    if (fromAddress) {
      window.sessionStorage.setItem(embedOriginStorageKey, fromAddress);
      return fromAddress;
    }
    return embedOriginOf(window.sessionStorage.getItem(embedOriginStorageKey));
  } catch {
    // Storage refused (a sandboxed frame): the address alone decides.
    return fromAddress;
  }
}

/**
 * Embedded mode (docs/product.md#screens-and-routes): in a frame opened with `?origin=<parent origin>`, a click on a
 * link to a drive page whose action the parent handles, or on the feedback page's link, is
 * stopped before the page's own handlers and posted to the parent page, to that origin only
 * (`postMessage(message, origin)`). Links opening a new window, other links and the actions the
 * frame runs itself (open_file, show_task, highlight_files, search) are followed as usual. The
 * origin is kept for the tab's session, so it holds after the frame moves on.
 */
export function EmbeddedMode() {
  useEffect(() => {
    if (window.parent === window) {
      return;
    }
    const origin = readEmbedOrigin();
    if (!origin) {
      return;
    }
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) {
        return;
      }
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) {
        return;
      }
      const click = embeddedClickOf(link.href, window.location.href, link.target);
      if (click.kind === 'follow') {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      window.parent.postMessage(click.message, origin);
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
