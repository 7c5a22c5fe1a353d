'use client';

import { useEffect } from 'react';

/** The service worker's script (public/sw.js); its scope is the whole site. */
export const serviceWorkerUrl = '/sw.js';

/**
 * Registers the service worker of the installed app (public/sw.js: the "No connection" shell and
 * the static files) once the page is idle, so it never competes with the page's own first load.
 * Production builds only: in development the build's files change under their names.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) {
      return undefined;
    }
    const register = () => {
      navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(register, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(register, 1000);
    return () => window.clearTimeout(handle);
  }, []);
}
