import type { ComponentType, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { clsx } from 'clsx';

/*
 * What a listing shows instead of its rows (the drive's listings, the member's shared links):
 * gray rows while the first page loads, the error with a retry, what an empty listing says.
 */

/** Gray rows of an icon and a name of varying width; `widthOf` gives each name's width in %. */
export function SkeletonRows({
  count,
  testId,
  className,
  widthOf,
}: {
  count: number;
  testId: string;
  className: string;
  widthOf: (index: number) => number;
}) {
  return (
    <div aria-hidden data-testid={testId} className={className}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex h-12 items-center gap-3">
          <div className="size-6 animate-pulse rounded bg-muted" />
          <div
            className="h-4 flex-1 animate-pulse rounded bg-muted"
            style={{ maxWidth: `${widthOf(index)}%` }}
          />
        </div>
      ))}
    </div>
  );
}

/** The first page failed: why, a retry, and any other way out (`children`). */
export function ListError({
  message,
  retryLabel,
  onRetry,
  testId,
  children,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  const retry = (
    <Button variant="outline" onClick={onRetry}>
      {retryLabel}
    </Button>
  );
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 p-10 text-center"
      data-testid={testId}
    >
      <p className="text-muted-foreground">{message}</p>
      {children ? (
        <div className="flex gap-2">
          {retry}
          {children}
        </div>
      ) : (
        retry
      )}
    </div>
  );
}

/** An empty listing: its icon, what it holds once filled, and any action (`children`). */
export function ListEmpty({
  icon: Icon,
  title,
  description,
  testId,
  className,
  children,
}: {
  icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;
  title: string;
  description: string;
  testId: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={clsx('flex flex-col items-center gap-3 px-6 py-16 text-center', className)}
      data-testid={testId}
    >
      <Icon aria-hidden className="size-12 text-muted-foreground" />
      <p className="text-lg font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
      {children}
    </div>
  );
}
