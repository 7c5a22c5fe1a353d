'use client';

import type { KeyboardEvent, ReactNode } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import type { TorrentFileEntry } from './torrent-file';

export interface TorrentFilePickerProps {
  /** The torrent's name (or the `.torrent` file's). */
  name: string;
  /** Known files; empty while they are fetched or when they could not be. */
  files: readonly TorrentFileEntry[];
  /** Indexes left out. */
  skipped: ReadonlySet<string>;
  onSkippedChange: (skipped: ReadonlySet<string>) => void;
  /** A remove button with this label, when the torrent can be taken out of the dialog. */
  remove?: { label: string; onRemove: () => void } | undefined;
  /** Shown instead of the list (the list is being fetched, or could not be). */
  children?: ReactNode;
  /** The id of the summary line ("2 of 3 files chosen · 1.2 MB"), for `aria-describedby`. */
  summaryId?: string | undefined;
  /** The height of the scrolling list (the Add dialog keeps it short). */
  listClassName?: string | undefined;
  /** While a save runs: the boxes cannot change. */
  disabled?: boolean | undefined;
  testId: string;
}

/** The files chosen: every known index that is not skipped. */
export function chosenFiles(
  files: readonly TorrentFileEntry[],
  skipped: ReadonlySet<string>,
): TorrentFileEntry[] {
  return files.filter((file) => !skipped.has(file.index));
}

/** Arrow keys, Home and End move between the check boxes of the list. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const boxes = Array.from(
    event.currentTarget.querySelectorAll<HTMLInputElement>('input[type=checkbox]'),
  );
  const at = boxes.indexOf(event.target as HTMLInputElement);
  if (at < 0) {
    return;
  }
  const next =
    event.key === 'ArrowDown'
      ? Math.min(at + 1, boxes.length - 1)
      : event.key === 'ArrowUp'
        ? Math.max(at - 1, 0)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? boxes.length - 1
            : undefined;
  if (next === undefined) {
    return;
  }
  event.preventDefault();
  boxes[next]?.focus();
}

/** The look of the picker's check boxes (44 px targets on phones), for boxes beside it. */
export const boxClass =
  'size-5 shrink-0 cursor-pointer accent-[var(--color-primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default md:size-4';

/**
 * The files of one torrent, each with a check box (all chosen at first), an "All files" box
 * (mixed while some are chosen; it chooses all or none), and the count and total size chosen.
 * Space toggles a box, arrow keys, Home and End move along the list; rows are 44 px tall on
 * phones. Used by the Add dialog (a `.torrent` file read in the browser, or a magnet link whose
 * file list the server fetched) and by the link checker (a checked magnet link).
 */
export function TorrentFilePicker({
  name,
  files,
  skipped,
  onSkippedChange,
  remove,
  children,
  summaryId,
  listClassName,
  disabled = false,
  testId,
}: TorrentFilePickerProps) {
  const t = useTranslations('offline');
  const locale = useLocale();
  const chosen = chosenFiles(files, skipped);
  const chosenSize = chosen.reduce((sum, file) => sum + file.size, 0);
  return (
    <fieldset
      className="relative flex min-w-0 flex-col gap-1 rounded-lg border border-border p-3"
      data-testid={testId}
      disabled={disabled}
    >
      <legend className="max-w-[calc(100%-3rem)] truncate px-1 text-sm font-medium">
        {t('add.files-title', { name })}
      </legend>
      {remove ? (
        <button
          type="button"
          aria-label={remove.label}
          onClick={remove.onRemove}
          className="absolute right-1 top-1 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:size-8"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
      {children}
      {files.length > 0 ? (
        <>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium md:min-h-8">
              <input
                type="checkbox"
                className={boxClass}
                checked={chosen.length === files.length}
                ref={(input) => {
                  if (input) {
                    input.indeterminate = chosen.length > 0 && chosen.length < files.length;
                  }
                }}
                onChange={(event) =>
                  onSkippedChange(
                    event.target.checked ? new Set() : new Set(files.map((file) => file.index)),
                  )
                }
              />
              {t('add.files-all')}
            </label>
            <span
              id={summaryId}
              aria-live="polite"
              className="ml-auto text-xs text-muted-foreground"
              data-testid={`${testId}-summary`}
            >
              {t('add.files-summary', {
                chosen: chosen.length,
                count: files.length,
                size: formatBytes(chosenSize, { locale }),
              })}
            </span>
          </div>
          <ul
            className={cn('max-h-48 overflow-y-auto overscroll-contain', listClassName)}
            onKeyDown={moveFocus}
          >
            {files.map((file) => (
              <li key={file.index}>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded pl-2 text-sm hover:bg-muted/60 md:min-h-8 md:pl-4">
                  <input
                    type="checkbox"
                    className={boxClass}
                    checked={!skipped.has(file.index)}
                    onChange={(event) => {
                      const next = new Set(skipped);
                      if (event.target.checked) {
                        next.delete(file.index);
                      } else {
                        next.add(file.index);
                      }
                      onSkippedChange(next);
                    }}
                  />
                  <span
                    className="line-clamp-2 min-w-0 flex-1 [overflow-wrap:anywhere] md:line-clamp-1"
                    title={file.name}
                  >
                    {file.name}
                  </span>
                  <span className="shrink-0 pr-1 text-xs tabular-nums text-muted-foreground">
                    {formatBytes(file.size, { locale })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </fieldset>
  );
}
