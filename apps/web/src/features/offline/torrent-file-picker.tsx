'use client';

import type { ReactNode } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
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
  testId: string;
}

/**
 * The files of one torrent of the Add dialog, each with a check box (all chosen at first), an
 * "All files" box and the count chosen: a `.torrent` file read in the browser, or a magnet link
 * whose file list the server fetched.
 */
export function TorrentFilePicker({
  name,
  files,
  skipped,
  onSkippedChange,
  remove,
  children,
  testId,
}: TorrentFilePickerProps) {
  const t = useTranslations('offline');
  const locale = useLocale();
  const chosen = files.length - skipped.size;
  return (
    <fieldset
      className="relative flex flex-col gap-1 rounded-lg border border-border p-3"
      data-testid={testId}
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
          <label className="flex min-h-11 items-center gap-2 text-sm md:min-h-8">
            <input
              type="checkbox"
              checked={skipped.size === 0}
              onChange={(event) =>
                onSkippedChange(
                  event.target.checked ? new Set() : new Set(files.map((file) => file.index)),
                )
              }
            />
            {t('add.files-all')}
            <span className="ml-auto text-xs text-muted-foreground">
              {t('add.files-count', { chosen, count: files.length })}
            </span>
          </label>
          <ul className="max-h-48 overflow-y-auto">
            {files.map((file) => (
              <li key={file.index}>
                <label className="flex min-h-11 items-center gap-2 pl-4 text-sm md:min-h-8">
                  <input
                    type="checkbox"
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
                  <span className="min-w-0 flex-1 truncate">{file.name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">
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
