'use client';

import { create } from 'zustand';
import { loadOnce, useLoadedWhen } from '@/lib/use-loaded-when';

const loadToastList = loadOnce(() => import('./toast-list'));

/** A message shown briefly in the corner, optionally with one action such as "Undo". */
export interface ToastOptions {
  title: string;
  description?: string;
  action?: {
    label: string;
    /** What a screen reader user is told to do instead of pressing the action. */
    altText: string;
    onAction: () => void;
  };
  /** How long it stays, in milliseconds (default 5 s). */
  durationMs?: number;
  /**
   * Toasts of one group follow one another: a new one takes the place of the one shown, so an
   * earlier "Undo" never stays beside the outcome of a later action.
   */
  group?: string;
}

interface ToastEntry extends ToastOptions {
  id: number;
}

interface ToastState {
  toasts: ToastEntry[];
  nextId: number;
}

export const useToastStore = create<ToastState>(() => ({ toasts: [], nextId: 1 }));

/** Shows a toast; returns its id for {@link dismissToast}. */
export function toast(options: ToastOptions): number {
  const id = useToastStore.getState().nextId;
  useToastStore.setState((state) => ({
    toasts: [
      ...state.toasts.filter((entry) => !options.group || entry.group !== options.group),
      { ...options, id },
    ],
    nextId: state.nextId + 1,
  }));
  return id;
}

/** Removes a toast before its time is up. */
export function dismissToast(id: number): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((entry) => entry.id !== id) }));
}

export interface ToasterProps {
  /** The accessible name of the region that holds the toasts. */
  label: string;
  /** The accessible name of each toast's close button. */
  closeLabel: string;
}

/**
 * The place toasts appear. Radix Toast loads with the first toast: most visits show none, and the
 * toast shows once it is here (announced politely, paused on hover and focus).
 */
export function Toaster(props: ToasterProps) {
  const shown = useToastStore((state) => state.toasts.length > 0);
  const ToastList = useLoadedWhen(loadToastList, shown)?.ToastList;
  return ToastList ? <ToastList {...props} /> : null;
}
