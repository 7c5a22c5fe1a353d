'use client';

import type { FocusEvent, KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { DriveFile } from './drive-api';
import { isFolder } from './drive-api';
import { baseNameEnd } from './item-names';

export interface InlineRenameProps {
  file: DriveFile;
  /** The field's accessible name. */
  label: string;
  /** Saves the name; a thrown error's text (from `describeError`) shows under the field. */
  onSave: (file: DriveFile, name: string) => Promise<void>;
  /** Ends the edit: `saved` false after Esc, an unchanged name or a click elsewhere. */
  onDone: (saved: boolean) => void;
  describeError: (cause: unknown) => string | undefined;
  className?: string;
}

/**
 * For a menu's `onCloseAutoFocus`: when a menu item opened an inline rename, the field gets the
 * focus (with the base name selected) instead of the menu's trigger. While a menu is open its
 * focus trap keeps the field from taking the focus itself.
 */
export function focusRenameOnMenuClose(event: Event): void {
  const input = document.querySelector<HTMLInputElement>('input[data-rename-field]');
  if (!input) {
    return;
  }
  event.preventDefault();
  input.focus();
  input.setSelectionRange(0, Number(input.dataset.selectEnd ?? input.value.length));
}

/**
 * The name of a row or tile as a text field (F2, the context menu, the selection bar): the base
 * name is selected and the extension left out; Enter saves, Esc cancels, a click elsewhere saves
 * a changed name. A refused name (taken in the folder) keeps the field open with the catalogue's
 * message under it.
 */
export function InlineRename({
  file,
  label,
  onSave,
  onDone,
  describeError,
  className,
}: InlineRenameProps) {
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  const errorId = useId();

  useEffect(() => {
    const element = input.current;
    if (!element) {
      return;
    }
    element.focus();
    element.setSelectionRange(0, baseNameEnd(file.name, isFolder(file)));
    // Only when the edit starts: the name typed so far must not be selected again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.id]);

  function finish(saved: boolean): void {
    if (finished.current) {
      return;
    }
    finished.current = true;
    onDone(saved);
  }

  async function save(): Promise<void> {
    const trimmed = name.trim();
    // After Esc the field may still lose the focus once (to the listing): that saves nothing.
    if (busy || finished.current) {
      return;
    }
    if (trimmed === '' || trimmed === file.name) {
      finish(false);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSave(file, trimmed);
      finish(true);
    } catch (cause) {
      setError(describeError(cause) ?? '');
      setBusy(false);
      input.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    // The listing's shortcuts (Delete, arrows, Ctrl+A) stay out of the field.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  }

  function onBlur(event: FocusEvent<HTMLInputElement>): void {
    // Focus held by a menu that is closing comes back (focusRenameOnMenuClose).
    const to = event.relatedTarget;
    if (busy || to === input.current || (to instanceof Element && to.closest('[role=menu]'))) {
      return;
    }
    if (error !== undefined) {
      // Leaving a refused name behind cancels the edit.
      finish(false);
      return;
    }
    void save();
  }

  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <span className={cn('relative flex min-w-0 flex-1', className)}>
      <input
        ref={input}
        data-testid="rename-input"
        data-rename-field=""
        data-select-end={baseNameEnd(file.name, isFolder(file))}
        aria-label={label}
        aria-invalid={error !== undefined ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={name}
        maxLength={255}
        autoComplete="off"
        spellCheck={false}
        disabled={busy}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onClick={stop}
        onDoubleClick={stop}
        onPointerDown={stop}
        onContextMenu={stop}
        className={cn(
          'h-8 w-full min-w-0 rounded-md border border-ring bg-background px-2 text-sm text-foreground',
          'outline-2 outline-ring focus-visible:outline-2 aria-invalid:border-danger aria-invalid:outline-danger',
        )}
      />
      {error ? (
        <span
          id={errorId}
          role="alert"
          className="absolute left-0 top-full z-20 mt-1 max-w-80 rounded-md bg-danger px-2 py-1 text-xs font-medium text-white shadow-[var(--shadow-popover)]"
        >
          {error}
        </span>
      ) : null}
    </span>
  );
}
