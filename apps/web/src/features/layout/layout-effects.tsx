'use client';

import { useEffect } from 'react';
import { useTheme } from 'next-themes';
import { observeScrollLock } from '@/lib/body-scroll-lock';
import { isMobileWidth, useLayoutStore } from '@/lib/layout-store';

/**
 * Keeps the layout state in step with the page: the mobile flag on resize, the dark-mode flag
 * with the theme, and the body scroll lock while a modal is open. Renders nothing.
 */
export function LayoutEffects() {
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    const update = () => useLayoutStore.getState().setIsMobile(isMobileWidth(window.innerWidth));
    update();
    window.addEventListener('resize', update, { passive: true });
    return () => window.removeEventListener('resize', update);
  }, []);

  useEffect(() => observeScrollLock(document), []);

  useEffect(() => {
    useLayoutStore.getState().setDarkMode(resolvedTheme === 'dark');
  }, [resolvedTheme]);

  return null;
}
