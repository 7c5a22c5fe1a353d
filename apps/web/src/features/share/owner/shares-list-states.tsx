'use client';

import type { ReactNode } from 'react';
import { Link2 } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ListEmpty, ListError, SkeletonRows } from '@/features/items/list-states';

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
      <SkeletonRows
        count={8}
        testId="shares-skeleton"
        className="flex flex-col gap-2 p-3"
        widthOf={(index) => 35 + ((index * 29) % 40)}
      />
    );
  } else if (query.isError) {
    return (
      <ListError
        message={describeError(query.error) ?? t('error.generic')}
        retryLabel={t('error.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (empty && filtered) {
    return (
      <ListEmpty
        icon={Link2}
        title={t('shares.filter.empty-title')}
        description={t('shares.filter.empty-description')}
        testId="shares-empty"
      />
    );
  } else if (empty) {
    return (
      <ListEmpty
        icon={Link2}
        title={t('shares.empty.title')}
        description={t('shares.empty.description')}
        testId="shares-empty"
      >
        <Button asChild variant="outline">
          <Link href={allHref}>{t('shares.empty.action')}</Link>
        </Button>
      </ListEmpty>
    );
  }
  return children;
}
