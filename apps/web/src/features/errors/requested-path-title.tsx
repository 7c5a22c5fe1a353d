'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';

/** "Page Not Found <path>": the heading of a route whose parameters failed validation. */
export function RequestedPathTitle() {
  const t = useTranslations('common');
  return <>{t('page-not-found-path', { path: usePathname() })}</>;
}
