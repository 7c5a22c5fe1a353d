import { useEffect, useRef } from 'react';

/**
 * Calls `onLeave` once when the component goes (a client navigation) or the page is left
 * (`pagehide`), with the seconds it was shown; a page restored from the back-forward cache
 * counts anew. Its `pagehide` listener captures, so it runs before the analytics host sends
 * what waits.
 */
export function useLeaveEvent(onLeave: (seconds: number) => void): void {
  const latest = useRef(onLeave);
  useEffect(() => {
    latest.current = onLeave;
  }, [onLeave]);
  useEffect(() => {
    let shownAt = Date.now();
    let left = false;
    const leave = () => {
      if (!left) {
        left = true;
        latest.current(Math.round((Date.now() - shownAt) / 1000));
      }
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        left = false;
        shownAt = Date.now();
      }
    };
    window.addEventListener('pagehide', leave, true);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', leave, true);
      window.removeEventListener('pageshow', onShow);
      leave();
    };
  }, []);
}
