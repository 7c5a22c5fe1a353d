'use client';

import type { ComponentProps } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Tooltips (Radix): shown on hover and keyboard focus, dismissed with Escape. */
export const TooltipProvider = TooltipPrimitive.Provider;
export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

/** The tooltip's bubble. */
export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-[var(--z-overlay)] max-w-xs rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs text-neutral-50 shadow-[var(--shadow-popover)] dark:bg-neutral-100 dark:text-neutral-900',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
