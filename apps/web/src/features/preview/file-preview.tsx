'use client';

import type { MutableRefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, Download, Info, Share2, X } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { formatBytes } from '@nimbus/contracts';
import { driveRoutes } from '@nimbus/contracts/routes';
import { browserMediaCodecs } from '@/features/player';
import { emitAppEvent } from '@/lib/app-events';
import { browserClient } from '@/lib/api/browser-client';
import { cn } from '@/lib/cn';
import { drivePlayerOptions } from './drive-player';
import type { PreviewFile } from './preview-file';
import { contentUrlOf, previewKindOf } from './preview-file';
import type { PreviewPlayerOptions, Translate } from './preview-views';
import {
  DownloadLink,
  DownloadOverride,
  ImageView,
  MediaView,
  PdfView,
  PlayerOptions,
  TextView,
  ToolButton,
} from './preview-views';

export interface FilePreviewProps {
  /** The files one can page through (a folder's listing); folders among them are skipped. */
  files: readonly PreviewFile[];
  /** The file shown. */
  index: number;
  onClose: () => void;
  /** Asked to show another file (next/previous, arrow keys, swipes). */
  onIndexChange: (index: number) => void;
  /** Loads a file with its links; the drive's `GET /drive/v1/files/{id}` unless given. */
  loadFile?: (id: string) => Promise<PreviewFile>;
  /**
   * Downloads a file in place of the viewer's download links (the share page asks an anonymous
   * visitor to sign in first); the links of the file are used unless given.
   */
  onDownload?: (file: PreviewFile) => void;
  /** A share button in the header (the drive's own files); none unless given. */
  share?: { label: string; run: (file: PreviewFile) => void };
  /** The video player's tracks, remembered choices and subtitle picker; the drive's unless given. */
  player?: PreviewPlayerOptions;
}

function loadDriveFile(id: string): Promise<PreviewFile> {
  return browserClient().call(driveRoutes.getFile, {
    params: { id },
    // What this browser plays, for the server's pick among `medias` (docs/api.md#files).
    query: { thumbnail_size: 'SIZE_LARGE', media_codecs: browserMediaCodecs() },
  });
}

/** The file with its links filled (`GET /drive/v1/files/{id}`), the listing's copy meanwhile. */
function useFullFile(
  file: PreviewFile | undefined,
  loadFile: (id: string) => Promise<PreviewFile>,
): {
  file: PreviewFile | undefined;
  loaded: boolean;
} {
  const [loaded, setLoaded] = useState<Record<string, PreviewFile>>({});
  const id = file?.id;
  useEffect(() => {
    if (!id || loaded[id]) {
      return;
    }
    let current = true;
    loadFile(id).then(
      (full) => {
        if (current) {
          setLoaded((known) => ({ ...known, [id]: full }));
        }
      },
      () => {
        if (current) {
          // The listing's copy is all there is: the viewer shows what its links allow.
          setLoaded((known) => ({ ...known, [id]: file }));
        }
      },
    );
    return () => {
      current = false;
    };
  }, [id, file, loaded, loadFile]);
  return id && loaded[id] ? { file: loaded[id], loaded: true } : { file, loaded: false };
}

function Details({ file, t }: { file: PreviewFile; t: Translate }) {
  const format = useFormatter();
  const locale = useLocale();
  const date = (value: string | undefined) =>
    value ? format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  const rows: [string, string][] = [
    [t('details.name'), file.name],
    [t('details.size'), file.size ? formatBytes(file.size, { locale }) : '—'],
    [t('details.type'), file.mime_type || file.file_extension || '—'],
    [t('details.modified'), date(file.modified_time)],
    [t('details.created'), date(file.created_time)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="preview-details">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-neutral-400">{label}</dt>
          <dd className="break-all text-neutral-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Viewer({
  file,
  t,
  positionRef,
}: {
  file: PreviewFile;
  t: Translate;
  positionRef: MutableRefObject<number>;
}) {
  const kind = previewKindOf(file);
  switch (kind) {
    case 'image':
      return <ImageView key={file.id} file={file} t={t} />;
    case 'video':
    case 'audio':
      return <MediaView key={file.id} file={file} kind={kind} t={t} positionRef={positionRef} />;
    case 'pdf':
      return <PdfView key={file.id} file={file} t={t} />;
    case 'text':
      return <TextView key={file.id} file={file} t={t} />;
    case 'other':
      return (
        <div className="flex max-w-md flex-col items-center gap-6 rounded-xl bg-white/5 p-6">
          <p className="text-center text-neutral-200">{t('no-preview')}</p>
          <Details file={file} t={t} />
          <DownloadLink
            url={contentUrlOf(file)}
            name={file.name}
            label={t('download')}
            file={file}
          />
        </div>
      );
  }
}

/** The nearest file (not folder) from `index` in a direction, or undefined. */
function neighbourOf(
  files: readonly PreviewFile[],
  index: number,
  step: 1 | -1,
): number | undefined {
  for (let next = index + step; next >= 0 && next < files.length; next += step) {
    if (files[next]?.kind !== 'drive#folder') {
      return next;
    }
  }
  return undefined;
}

/** Whether a key press belongs to a control that uses arrows itself (a player, a field). */
function keepsArrows(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.closest(
      'video, audio, input, textarea, select, [role="slider"], [data-testid="video-player"]',
    ) !== null ||
      target.isContentEditable)
  );
}

/**
 * The full-screen viewer of the drive: images (zoom, swipe), video and audio, PDF in a frame
 * (sandboxed by the content origin's CSP), text and code as plain text with line numbers (never
 * rendered as HTML), and details with a download for anything else. ←/→ go to the previous/next file, Esc closes and focus goes back
 * to where it was.
 */
export function FilePreview({
  files,
  index,
  onClose,
  onIndexChange,
  loadFile = loadDriveFile,
  onDownload,
  share,
  player = drivePlayerOptions,
}: FilePreviewProps) {
  const t = useTranslations('preview');
  const listed = files[index];
  const { file } = useFullFile(listed, loadFile);
  const [showDetails, setShowDetails] = useState(false);
  const swipeStart = useRef<{ x: number; y: number } | undefined>(undefined);
  const playing = useRef(0);
  const close = () => {
    const kind = file ? previewKindOf(file) : undefined;
    if (kind === 'video') {
      emitAppEvent('close-video-player', { position: Math.round(playing.current) });
    } else if (kind === 'image') {
      emitAppEvent('close-picture-player', {});
    }
    onClose();
  };
  // Where focus was when the viewer opened: it goes back there when the viewer closes.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(
    () => () => {
      // After the dialog's own focus handling, which may land on the page's body.
      setTimeout(() => {
        if (
          opener?.isConnected &&
          opener !== document.body &&
          !opener.contains(document.activeElement)
        ) {
          opener.focus({ preventScroll: true });
        }
      }, 0);
    },
    [opener],
  );
  const previous = neighbourOf(files, index, -1);
  const next = neighbourOf(files, index, 1);
  const position = files.slice(0, index + 1).filter((item) => item.kind !== 'drive#folder').length;
  const count = files.filter((item) => item.kind !== 'drive#folder').length;

  const go = (target: number | undefined) => {
    if (target !== undefined) {
      onIndexChange(target);
    }
  };

  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) {
          close();
        }
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[var(--z-overlay)] bg-neutral-950" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-[var(--z-overlay)] flex flex-col text-neutral-100 focus:outline-none"
          data-testid="file-preview"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            if (keepsArrows(event.target)) {
              return;
            }
            if (event.key === 'ArrowLeft') {
              event.preventDefault();
              go(previous);
            } else if (event.key === 'ArrowRight') {
              event.preventDefault();
              go(next);
            }
          }}
        >
          <header className="flex items-center gap-2 px-2 py-2 md:px-4">
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="truncate text-base font-medium">
                {listed?.name ?? ''}
              </DialogPrimitive.Title>
              {count > 1 ? (
                <p className="text-xs text-neutral-400">{t('position', { position, count })}</p>
              ) : null}
            </div>
            {file && share ? (
              <ToolButton label={share.label} onClick={() => share.run(file)}>
                <Share2 aria-hidden />
              </ToolButton>
            ) : null}
            {file && onDownload ? (
              <ToolButton label={t('download')} onClick={() => onDownload(file)}>
                <Download aria-hidden />
              </ToolButton>
            ) : file && contentUrlOf(file) ? (
              <a
                href={contentUrlOf(file)}
                download={file.name}
                aria-label={t('download')}
                title={t('download')}
                className="inline-flex size-11 items-center justify-center rounded-lg text-neutral-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white [&_svg]:size-5"
              >
                <Download aria-hidden />
              </a>
            ) : null}
            <ToolButton
              label={t('details.toggle')}
              pressed={showDetails}
              onClick={() => setShowDetails((value) => !value)}
            >
              <Info aria-hidden />
            </ToolButton>
            <ToolButton label={t('close')} onClick={close}>
              <X aria-hidden />
            </ToolButton>
          </header>
          <div className="relative flex min-h-0 flex-1">
            <div
              className="flex min-w-0 flex-1 items-center justify-center p-2 md:px-16 md:pb-4"
              onPointerDown={(event) => {
                if (event.pointerType !== 'mouse') {
                  swipeStart.current = { x: event.clientX, y: event.clientY };
                }
              }}
              onPointerUp={(event) => {
                const start = swipeStart.current;
                swipeStart.current = undefined;
                if (!start) {
                  return;
                }
                const dx = event.clientX - start.x;
                const dy = event.clientY - start.y;
                if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) {
                  go(dx < 0 ? next : previous);
                }
              }}
            >
              {file ? (
                <DownloadOverride.Provider value={onDownload}>
                  <PlayerOptions.Provider value={player}>
                    <Viewer file={file} t={t} positionRef={playing} />
                  </PlayerOptions.Provider>
                </DownloadOverride.Provider>
              ) : null}
            </div>
            {showDetails && file ? (
              <aside
                className="absolute inset-x-0 bottom-0 max-h-1/2 overflow-auto border-t border-white/10 bg-neutral-900 p-4 md:static md:w-80 md:border-l md:border-t-0"
                aria-label={t('details.title')}
              >
                <h2 className="mb-3 text-sm font-semibold">{t('details.title')}</h2>
                <Details file={file} t={t} />
              </aside>
            ) : null}
            <div
              className={cn(
                'pointer-events-none absolute inset-y-0 left-0 hidden items-center pl-2 md:flex',
                previous === undefined && 'md:hidden',
              )}
            >
              <div className="pointer-events-auto rounded-full bg-black/40">
                <ToolButton label={t('previous')} onClick={() => go(previous)}>
                  <ChevronLeft aria-hidden />
                </ToolButton>
              </div>
            </div>
            <div
              className={cn(
                'pointer-events-none absolute inset-y-0 right-0 hidden items-center pr-2 md:flex',
                next === undefined && 'md:hidden',
                showDetails && 'md:right-80',
              )}
            >
              <div className="pointer-events-auto rounded-full bg-black/40">
                <ToolButton label={t('next')} onClick={() => go(next)}>
                  <ChevronRight aria-hidden />
                </ToolButton>
              </div>
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
