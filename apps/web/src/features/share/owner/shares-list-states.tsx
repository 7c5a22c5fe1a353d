'use client';

import type { ReactNode } from 'react';
import { Link2 } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/**
 * The shares list's body before it has rows: gray rows while the first page loads, the error
 * with retry, or what an empty list (or an empty filter) says; else the rows.
 */
export function SharesListStates({
  query,
  empty,
  filtered,
  allHref,
  describeError,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: boolean;
  /** Whether a filter other than all is chosen. */
  filtered: boolean;
  allHref: string;
  describeError: (cause: unknown) => string | undefined;
  /** The rows. */
  children: ReactNode;
}) {
  const t = useTranslations('drive');
  if (query.isPending) {
    return (
      <div aria-hidden data-testid="shares-skeleton" className="flex flex-col gap-2 p-3">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="flex h-12 items-center gap-3">
            <div className="size-6 animate-pulse rounded bg-muted" />
            <div
              className="h-4 flex-1 animate-pulse rounded bg-muted"
              style={{ maxWidth: `${35 + ((index * 29) % 40)}%` }}
            />
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted-foreground">{describeError(query.error) ?? t('error.generic')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('error.retry')}
        </Button>
      </div>
    );
  } else if (empty && filtered) {
    return (
      <div
        className="flex flex-col items-center gap-3 px-6 py-16 text-center"
        data-testid="shares-empty"
      >
        <Link2 aria-hidden className="size-12 text-muted-foreground" />
        <p className="text-lg font-medium">{t('shares.filter.empty-title')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {t('shares.filter.empty-description')}
        </p>
      </div>
    );
  } else if (empty) {
    return (
      <div
        className="flex flex-col items-center gap-3 px-6 py-16 text-center"
        data-testid="shares-empty"
      >
        <Link2 aria-hidden className="size-12 text-muted-foreground" />
        <p className="text-lg font-medium">{t('shares.empty.title')}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t('shares.empty.description')}</p>
        <Button asChild variant="outline">
          <Link href={allHref}>{t('shares.empty.action')}</Link>
        </Button>
      </div>
    );
  }
  return children;
}
