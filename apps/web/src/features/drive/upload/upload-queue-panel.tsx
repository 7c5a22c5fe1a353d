'use client';

import type { ReactNode } from 'react';
import { memo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ChevronDown,
  ChevronUp,
  CircleAlert,
  CircleCheck,
  FileUp,
  Pause,
  Play,
  RotateCcw,
  X,
} from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatBytes } from '@nimbus/contracts';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { secondsLeft, summarize } from './upload-summary';
import type { UploadEntry } from './upload-types';
import { useUploads } from './upload-provider';

type Translate = ReturnType<typeof useTranslations<'upload'>>;

function timeLeftText(t: Translate, seconds: number | undefined): string | undefined {
  if (seconds === undefined) {
    return undefined;
  }
  if (seconds < 60) {
    return t('eta.seconds', { count: seconds });
  }
  if (seconds < 3600) {
    return t('eta.minutes', { count: Math.ceil(seconds / 60) });
  }
  return t('eta.hours', { count: Math.round((seconds / 3600) * 10) / 10 });
}

function IconButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring md:size-9 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

/** The height of one entry before it is measured (name, progress bar, detail). */
const entryHeightPx = 66;

const EntryRow = memo(function EntryRow({
  entry,
  index,
  count,
  start,
  measure,
}: {
  entry: UploadEntry;
  index: number;
  count: number;
  /** Where the row sits in the list (px from its top). */
  start: number;
  measure: (element: HTMLElement | null) => void;
}) {
  const t = useTranslations('upload');
  const format = useFormatter();
  const locale = useLocale();
  const { queue, errorTexts } = useUploads();
  const picker = useRef<HTMLInputElement>(null);
  const [wrongFile, setWrongFile] = useState(false);
  const bytes = (value: number) => formatBytes(value, { locale, fractionDigits: 1 });
  const fraction =
    entry.status === 'hashing'
      ? entry.size === 0
        ? 1
        : entry.hashed / entry.size
      : entry.size === 0
        ? entry.status === 'done'
          ? 1
          : 0
        : entry.uploaded / entry.size;
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);

  let detail: string;
  switch (entry.status) {
    case 'queued':
      detail = t('status.queued');
      break;
    case 'hashing':
      detail = t('status.hashing', { percent: format.number(percent / 100, { style: 'percent' }) });
      break;
    case 'uploading': {
      const parts = [
        t('status.uploading', { done: bytes(entry.uploaded), total: bytes(entry.size) }),
      ];
      if (entry.speed > 0) {
        parts.push(t('speed', { size: bytes(entry.speed) }));
      }
      const left = timeLeftText(t, secondsLeft(entry));
      if (left) {
        parts.push(left);
      }
      detail = parts.join(' · ');
      break;
    }
    case 'paused':
      detail = t('status.paused', { done: bytes(entry.uploaded), total: bytes(entry.size) });
      break;
    case 'needs-file':
      detail = wrongFile
        ? t('error.wrong-file', { name: entry.name, size: bytes(entry.size) })
        : t('status.needs-file');
      break;
    case 'error':
      detail =
        (entry.error ? errorText(entry.error, locale, errorTexts) : undefined) ?? t('status.error');
      break;
    case 'done':
      detail = entry.instant ? t('status.instant') : t('status.done', { size: bytes(entry.size) });
      break;
    case 'canceled':
      detail = t('status.canceled');
      break;
  }

  const running =
    entry.status === 'queued' || entry.status === 'hashing' || entry.status === 'uploading';
  return (
    <li
      ref={measure}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      className="absolute left-0 top-0 flex w-full items-center gap-3 border-b border-border px-3 py-2"
      style={{ transform: `translateY(${start}px)` }}
      data-testid="upload-entry"
      data-status={entry.status}
    >
      <span aria-hidden className="shrink-0 text-muted-foreground [&_svg]:size-5">
        {entry.status === 'done' ? (
          <CircleCheck className="text-green-600 dark:text-green-400" />
        ) : entry.status === 'error' ? (
          <CircleAlert className="text-red-600 dark:text-red-400" />
        ) : (
          <FileUp />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={entry.relativePath}>
          {entry.name}
        </p>
        <div
          role="progressbar"
          aria-label={entry.name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="my-1 h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width]',
              entry.status === 'error'
                ? 'bg-red-500'
                : entry.status === 'done'
                  ? 'bg-green-500'
                  : 'bg-primary',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="truncate text-xs text-muted-foreground" data-testid="upload-detail">
          {detail}
        </p>
      </div>
      <div className="flex shrink-0 items-center">
        {running ? (
          <IconButton
            label={t('action.pause', { name: entry.name })}
            onClick={() => queue?.pause(entry.id)}
          >
            <Pause aria-hidden />
          </IconButton>
        ) : null}
        {entry.status === 'paused' ? (
          <IconButton
            label={t('action.resume', { name: entry.name })}
            onClick={() => queue?.resume(entry.id)}
          >
            <Play aria-hidden />
          </IconButton>
        ) : null}
        {entry.status === 'error' ? (
          <IconButton
            label={t('action.retry', { name: entry.name })}
            onClick={() => queue?.retry(entry.id)}
          >
            <RotateCcw aria-hidden />
          </IconButton>
        ) : null}
        {entry.status === 'needs-file' ? (
          <>
            <input
              ref={picker}
              type="file"
              hidden
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) {
                  setWrongFile(!queue?.attachFile(entry.id, file));
                }
              }}
            />
            <IconButton
              label={t('action.choose-file', { name: entry.name })}
              onClick={() => picker.current?.click()}
            >
              <FileUp aria-hidden />
            </IconButton>
          </>
        ) : null}
        {entry.status !== 'done' && entry.status !== 'canceled' ? (
          <IconButton
            label={t('action.cancel', { name: entry.name })}
            onClick={() => queue?.cancel(entry.id)}
          >
            <X aria-hidden />
          </IconButton>
        ) : null}
      </div>
    </li>
  );
});

/**
 * The entries in a virtual list: only the rows in view are in the page, so a queue of thousands
 * of files (a dropped folder) scrolls and updates as smoothly as a short one.
 */
function EntryList({ entries }: { entries: readonly UploadEntry[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => entryHeightPx,
    getItemKey: (index) => entries[index]?.id ?? index,
    overscan: 6,
  });
  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-border"
      data-testid="upload-list"
    >
      <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const entry = entries[row.index];
          return entry ? (
            <EntryRow
              key={row.key}
              entry={entry}
              index={row.index}
              count={entries.length}
              start={row.start}
              measure={virtualizer.measureElement}
            />
          ) : null;
        })}
      </ul>
    </div>
  );
}

/**
 * The transfers panel, bottom right (a full-width sheet on phones): each upload with its
 * progress, speed and time left, and pause, resume, retry and cancel; a one-line summary when
 * collapsed. It shows only while the queue has entries.
 */
export function UploadQueuePanel({ className }: { className?: string }) {
  const t = useTranslations('upload');
  const format = useFormatter();
  const locale = useLocale();
  const { queue, entries, preparing, failure, dismissFailure, errorTexts } = useUploads();
  const [expanded, setExpanded] = useState(true);
  if (entries.length === 0 && preparing === 0 && failure === undefined) {
    return null;
  }
  const summary = summarize(entries);
  const lines: string[] = [];
  if (preparing > 0) {
    lines.push(t('panel.creating-folders'));
  }
  if (summary.active > 0) {
    lines.push(t('panel.summary-active', { count: summary.active }));
  }
  if (summary.paused > 0) {
    lines.push(t('panel.summary-paused', { count: summary.paused }));
  }
  if (summary.failed > 0) {
    lines.push(t('panel.summary-failed', { count: summary.failed }));
  }
  if (summary.done > 0 && summary.active === 0) {
    lines.push(t('panel.summary-done', { count: summary.done }));
  }
  if (summary.active > 0 && summary.total > 0) {
    lines.push(format.number(summary.uploaded / summary.total, { style: 'percent' }));
    const left = timeLeftText(t, summary.secondsLeft);
    if (left) {
      lines.push(left);
    }
  }
  const hasFinished = entries.some(
    (entry) => entry.status === 'done' || entry.status === 'canceled',
  );
  const hasRunning = summary.active > 0;
  const failureText =
    failure === undefined
      ? undefined
      : (errorText(failure, locale, errorTexts) ?? t('error.folders'));

  return (
    <section
      aria-label={t('panel.region')}
      data-testid="upload-panel"
      className={cn(
        'fixed inset-x-0 bottom-0 z-[var(--z-overlay)] flex max-h-[70vh] flex-col border-t border-border bg-background shadow-[var(--shadow-popover)]',
        'md:inset-x-auto md:bottom-4 md:right-4 md:w-[26rem] md:rounded-xl md:border',
        className,
      )}
    >
      <header className="flex items-center gap-2 px-3 py-2">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{t('panel.title')}</h2>
          <p
            className="truncate text-xs text-muted-foreground"
            aria-live="polite"
            data-testid="upload-summary"
          >
            {lines.join(' · ')}
          </p>
        </div>
        {hasRunning ? (
          <IconButton label={t('panel.pause-all')} onClick={() => queue?.pauseAll()}>
            <Pause aria-hidden />
          </IconButton>
        ) : summary.paused > 0 ? (
          <IconButton label={t('panel.resume-all')} onClick={() => queue?.resumeAll()}>
            <Play aria-hidden />
          </IconButton>
        ) : null}
        {hasFinished ? (
          <button
            type="button"
            onClick={() => queue?.clearFinished()}
            className="min-h-11 rounded-lg px-2 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring md:min-h-9"
          >
            {t('panel.clear-finished')}
          </button>
        ) : null}
        <IconButton
          label={expanded ? t('panel.collapse') : t('panel.expand')}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? <ChevronDown aria-hidden /> : <ChevronUp aria-hidden />}
        </IconButton>
      </header>
      {failureText ? (
        <div
          role="alert"
          className="mx-3 mb-2 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-xs text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="flex-1">{failureText}</p>
          <button type="button" className="font-medium underline" onClick={dismissFailure}>
            {t('panel.dismiss')}
          </button>
        </div>
      ) : null}
      {expanded ? <EntryList entries={entries} /> : null}
    </section>
  );
}
