'use client';

import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Loads the page the member asked for again: on a click, and by itself when the browser says it is
 * back online. The "No connection" shell stands in for that page under its address (public/sw.js).
 */
export function RetryButton({ label }: { label: string }) {
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return <Button onClick={() => window.location.reload()}>{label}</Button>;
}
