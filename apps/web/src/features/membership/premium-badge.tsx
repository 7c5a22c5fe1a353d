import { Crown } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface PremiumBadgeProps {
  premium: boolean;
  label: string;
  className?: string;
}

/** The member's plan as a small pill: a crown for premium, a plain pill for the free plan. */
export function PremiumBadge({ premium, label, className }: PremiumBadgeProps) {
  return (
    <span
      data-testid="membership-badge"
      data-premium={premium ? 'true' : 'false'}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        premium
          ? 'bg-amber-400/20 text-amber-800 dark:text-amber-300'
          : 'bg-muted text-muted-foreground',
        className,
      )}
    >
      {premium ? <Crown aria-hidden className="size-3.5" /> : null}
      {label}
    </span>
  );
}
