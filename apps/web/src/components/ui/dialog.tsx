'use client';

import type { ComponentProps } from 'react';
import { useEffect } from 'react';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { holdModalOpen } from '@/lib/body-scroll-lock';
import { cn } from '@/lib/cn';

/** A modal dialog (Radix): focus is trapped inside, Escape and the close button dismiss it. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Adds the body's modal class while mounted, which locks page scrolling. */
function ModalClassHolder() {
  useEffect(() => holdModalOpen(document), []);
  return null;
}

const placements = {
  center:
    'left-1/2 top-1/2 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6',
  left: 'inset-y-0 left-0 h-full w-[min(20rem,85vw)] border-r p-4',
  sheet:
    'inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-2xl border-t p-4 md:inset-x-auto md:bottom-auto md:inset-y-0 md:right-0 md:h-full md:max-h-none md:w-[24rem] md:rounded-none md:border-l md:border-t-0',
} as const;

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** `center` for a dialog, `left` for a sidebar drawer, `sheet` for a side panel (bottom sheet on a phone). */
  placement?: keyof typeof placements;
  /** The accessible name of the close button. */
  closeLabel: string;
}

/** The dialog's panel with its overlay and a close button. */
export function DialogContent({
  placement = 'center',
  closeLabel,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-[var(--z-overlay)] bg-neutral-950/50 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-[var(--z-overlay)] flex flex-col gap-4 bg-background text-foreground shadow-[var(--shadow-popover)] focus:outline-none',
          placements[placement],
          className,
        )}
        {...props}
      >
        <ModalClassHolder />
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The dialog's title, announced when it opens. */
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('pr-10 text-lg font-semibold', className)} {...props} />
  );
}

/** The dialog's description, announced after its title. */
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
