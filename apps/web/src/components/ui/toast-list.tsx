'use client';

import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { buttonVariants } from './button-variants';
import { dismissToast, useToastStore, type ToasterProps } from './toast';

/** The toasts (Radix Toast): announced politely, paused on hover and focus. */
export function ToastList({ label, closeLabel }: ToasterProps) {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <ToastPrimitive.Provider label={label} swipeDirection="right">
      {toasts.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          duration={entry.durationMs ?? 5_000}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(entry.id);
            }
          }}
          className="relative flex items-start gap-3 rounded-xl border border-border bg-background p-4 pr-12 text-foreground shadow-[var(--shadow-popover)]"
        >
          <div className="grid flex-1 gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {entry.title}
            </ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description className="text-sm text-muted-foreground">
                {entry.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {entry.action ? (
            <ToastPrimitive.Action
              altText={entry.action.altText}
              onClick={entry.action.onAction}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              {entry.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label={closeLabel}
            className="absolute right-1 top-1 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted md:size-9"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={`${label} ({hotkey})`}
        className="fixed bottom-0 right-0 z-[var(--z-overlay)] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
