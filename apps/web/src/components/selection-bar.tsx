import type { ReactNode } from 'react';
import { LoaderCircle, X } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { clsx } from 'clsx';

export interface SelectionBarProps {
  /** The toolbar's accessible name. */
  label: string;
  testId: string;
  countTestId: string;
  clearLabel: string;
  onClear: () => void;
  /** "3 selected", or what is going on while `busy`. */
  count: ReactNode;
  /** Whether the selection is still being made (all of a listing not fully loaded). */
  busy?: boolean;
  /** Whether the count is a live region even when not busy. */
  announceCount?: boolean;
  isMobile: boolean;
  /** How the bar sits above a listing on a computer; on a phone it is pinned to the bottom. */
  desktopClassName?: string;
  className?: string;
  /** The actions on the selection. */
  children: ReactNode;
}

/**
 * The bar of what is selected in a listing (the drive's files, the owner's shares, a share page's
 * files): clear, the count, then the actions. Above the listing on a computer, pinned to the
 * bottom of the screen on a phone.
 */
export function SelectionBar({
  label,
  testId,
  countTestId,
  clearLabel,
  onClear,
  count,
  busy = false,
  announceCount = false,
  isMobile,
  desktopClassName = 'border-b border-border',
  className,
  children,
}: SelectionBarProps) {
  return (
    <div
      role="toolbar"
      aria-label={label}
      data-testid={testId}
      className={clsx(
        'flex items-center bg-background px-2 py-1',
        isMobile
          ? 'fixed inset-x-0 bottom-0 z-30 border-t border-border pb-[max(0.25rem,env(safe-area-inset-bottom))] shadow-[var(--shadow-popover)]'
          : desktopClassName,
        className,
      )}
    >
      <button
        type="button"
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        aria-label={clearLabel}
        onClick={onClear}
      >
        <X aria-hidden />
      </button>
      <span
        role={busy || announceCount ? 'status' : undefined}
        className="mr-auto flex min-w-0 items-center gap-2 truncate text-sm font-medium"
        data-testid={countTestId}
        data-state={busy ? 'loading' : undefined}
      >
        {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
        {count}
      </span>
      {children}
    </div>
  );
}
