'use client';

import type { MutableRefObject, ReactNode } from 'react';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { Download, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { useLocale, type useTranslations } from 'next-intl';
import { formatBytes } from '@nimbus/contracts';
import type { MediaTracks, PreferenceStore, SubtitleSource } from '@/features/player';
import { VideoPlayer, usePlayerMemory } from '@/features/player';
import type { PreviewFile } from './preview-file';
import {
  contentUrlOf,
  decodeTextPreview,
  inlineUrlOf,
  lineNumbersOf,
  looksBinary,
  playbackOf,
  textPreviewBytes,
} from './preview-file';

/*
 * What the viewer shows for each kind of file (a picture with zoom, a video or a song that
 * remembers where it was, a PDF, text with line numbers) and the buttons and notices they share.
 */

/** The viewer's download override, for the download buttons deep in the views. */
export const DownloadOverride = createContext<((file: PreviewFile) => void) | undefined>(undefined);

export type Translate = ReturnType<typeof useTranslations<'preview'>>;

export function ToolButton({
  label,
  onClick,
  disabled,
  children,
  pressed,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-neutral-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40 [&_svg]:size-5"
    >
      {children}
    </button>
  );
}

export function DownloadLink({
  url,
  name,
  label,
  file,
}: {
  url: string | undefined;
  name: string;
  label: string;
  file: PreviewFile;
}) {
  const override = useContext(DownloadOverride);
  if (override) {
    return (
      <button
        type="button"
        onClick={() => override(file)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-neutral-900 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-5"
      >
        <Download aria-hidden />
        {label}
      </button>
    );
  }
  if (!url) {
    return null;
  }
  return (
    <a
      href={url}
      download={name}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-neutral-900 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&_svg]:size-5"
    >
      <Download aria-hidden />
      {label}
    </a>
  );
}

function Notice({ children, file, t }: { children: ReactNode; file: PreviewFile; t: Translate }) {
  return (
    <div
      className="flex max-w-md flex-col items-center gap-4 p-6 text-center text-neutral-100"
      role="status"
    >
      <p>{children}</p>
      <DownloadLink url={contentUrlOf(file)} name={file.name} label={t('download')} file={file} />
    </div>
  );
}

export function ImageView({ file, t }: { file: PreviewFile; t: Translate }) {
  const [zoom, setZoom] = useState(1);
  const [failed, setFailed] = useState(false);
  const url = contentUrlOf(file) || file.thumbnail_link;
  if (!url || failed) {
    return (
      <Notice file={file} t={t}>
        {t('cannot-show')}
      </Notice>
    );
  }
  return (
    <div className="flex size-full flex-col">
      <div className="min-h-0 flex-1 overflow-auto" data-testid="preview-image-frame">
        <div
          className="flex min-h-full min-w-full items-center justify-center"
          style={{ width: `${zoom * 100}%`, height: `${zoom * 100}%` }}
        >
          {/* A signed link on the content origin: next/image would proxy it through the site. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={url}
            alt={file.name}
            draggable={false}
            onError={() => setFailed(true)}
            onDoubleClick={() => setZoom((value) => (value === 1 ? 2 : 1))}
            className="max-h-full max-w-full select-none object-contain"
            data-testid="preview-image"
          />
        </div>
      </div>
      <div className="flex items-center justify-center gap-1 p-2">
        <ToolButton
          label={t('zoom-out')}
          disabled={zoom <= 1}
          onClick={() => setZoom((value) => Math.max(1, value - 0.5))}
        >
          <ZoomOut aria-hidden />
        </ToolButton>
        <span className="min-w-14 text-center text-sm text-neutral-200" aria-live="polite">
          {t('zoom-level', { percent: Math.round(zoom * 100) })}
        </span>
        <ToolButton
          label={t('zoom-in')}
          disabled={zoom >= 4}
          onClick={() => setZoom((value) => Math.min(4, value + 0.5))}
        >
          <ZoomIn aria-hidden />
        </ToolButton>
        <ToolButton label={t('zoom-reset')} disabled={zoom === 1} onClick={() => setZoom(1)}>
          <RotateCcw aria-hidden />
        </ToolButton>
      </div>
    </div>
  );
}

/** What the viewer's owner adds to the video player: the file's tracks, remembered choices, a subtitle picker. */
export interface PreviewPlayerOptions {
  loadTracks?: (fileId: string) => Promise<MediaTracks>;
  preferences?: PreferenceStore;
  subtitles?: SubtitleSource;
}

/** The viewer's player options, for the video deep in the views. */
export const PlayerOptions = createContext<PreviewPlayerOptions | undefined>(undefined);

function VideoView({
  file,
  t,
  positionRef,
}: {
  file: PreviewFile;
  t: Translate;
  positionRef: MutableRefObject<number>;
}) {
  const options = useContext(PlayerOptions);
  const { id } = file;
  const load = options?.loadTracks;
  const loadTracks = useMemo(() => (load ? () => load(id) : undefined), [load, id]);
  return (
    <VideoPlayer
      fileId={id}
      medias={file.medias}
      fallbackUrl={contentUrlOf(file)}
      positionRef={positionRef}
      loadTracks={loadTracks}
      preferences={options?.preferences}
      subtitleSource={options?.subtitles}
      notice={(message) => (
        <Notice file={file} t={t}>
          {message}
        </Notice>
      )}
    />
  );
}

function AudioView({
  file,
  t,
  positionRef,
}: {
  file: PreviewFile;
  t: Translate;
  positionRef: MutableRefObject<number>;
}) {
  const { url, supported } = playbackOf(file);
  const [failed, setFailed] = useState(false);
  const player = usePlayerMemory(
    file.id,
    'audio',
    Boolean(url) && supported && !failed,
    positionRef,
  );
  if (!url) {
    return (
      <Notice file={file} t={t}>
        {t('cannot-show')}
      </Notice>
    );
  }
  if (!supported || failed) {
    // The server knows the codec is one browsers lack; otherwise the browser just failed.
    return (
      <Notice file={file} t={t}>
        {supported ? t('media-failed') : t('unsupported-media')}
      </Notice>
    );
  }
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-6 p-6">
      <p className="text-center text-lg font-medium text-neutral-100">{file.name}</p>
      <audio
        {...player}
        src={url}
        controls
        autoPlay
        className="w-full"
        onError={() => setFailed(true)}
        data-testid="preview-audio"
      >
        <track kind="captions" />
      </audio>
    </div>
  );
}

export function MediaView({
  file,
  kind,
  t,
  positionRef,
}: {
  file: PreviewFile;
  kind: 'video' | 'audio';
  t: Translate;
  /** Where playback stands, in seconds, for the viewer's close event. */
  positionRef: MutableRefObject<number>;
}) {
  return kind === 'video' ? (
    <VideoView file={file} t={t} positionRef={positionRef} />
  ) : (
    <AudioView file={file} t={t} positionRef={positionRef} />
  );
}

export function PdfView({ file, t }: { file: PreviewFile; t: Translate }) {
  const url = contentUrlOf(file);
  if (!url) {
    return (
      <Notice file={file} t={t}>
        {t('cannot-show')}
      </Notice>
    );
  }
  // No `sandbox` attribute: Chromium refuses to show a PDF in a sandboxed frame. The content
  // origin sandboxes the document itself (`Content-Security-Policy: default-src 'none'; sandbox`
  // on every answer), so the PDF gets an opaque origin and no script of its own, on the site's
  // origin too, while the browser's viewer still renders it.
  return (
    <iframe
      src={inlineUrlOf(url)}
      title={file.name}
      referrerPolicy="no-referrer"
      className="size-full rounded-lg bg-white"
      data-testid="preview-pdf"
    />
  );
}

type TextState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'binary' }
  | { state: 'ready'; text: string; truncated: boolean };

export function TextView({ file, t }: { file: PreviewFile; t: Translate }) {
  const locale = useLocale();
  const url = contentUrlOf(file);
  const [loaded, setLoaded] = useState<{ url: string; result: TextState }>();
  useEffect(() => {
    if (!url) {
      return;
    }
    const controller = new AbortController();
    const load = async (): Promise<TextState> => {
      const answer = await fetch(url, {
        headers: { Range: `bytes=0-${textPreviewBytes - 1}` },
        credentials: 'omit',
        signal: controller.signal,
      });
      if (!answer.ok) {
        return { state: 'failed' };
      }
      const bytes = await answer.arrayBuffer();
      const whole = bytes.byteLength > textPreviewBytes;
      const size = Number(file.size ?? bytes.byteLength);
      const kept = whole ? bytes.slice(0, textPreviewBytes) : bytes;
      const truncated = whole || size > kept.byteLength;
      const text = decodeTextPreview(kept, truncated);
      return looksBinary(text) ? { state: 'binary' } : { state: 'ready', text, truncated };
    };
    load().then(
      (result) => setLoaded({ url, result }),
      () => {
        if (!controller.signal.aborted) {
          setLoaded({ url, result: { state: 'failed' } });
        }
      },
    );
    return () => controller.abort();
  }, [url, file.size]);
  const result: TextState = loaded && loaded.url === url ? loaded.result : { state: 'loading' };
  if (!url || result.state === 'failed') {
    return (
      <Notice file={file} t={t}>
        {t('cannot-show')}
      </Notice>
    );
  }
  if (result.state === 'binary') {
    return (
      <Notice file={file} t={t}>
        {t('binary')}
      </Notice>
    );
  }
  if (result.state === 'loading') {
    return (
      <div
        className="h-2/3 w-full max-w-4xl animate-pulse rounded-lg bg-white/10"
        aria-label={t('loading')}
        role="status"
      />
    );
  }
  return (
    <div className="flex size-full max-w-6xl flex-col gap-2">
      {result.truncated ? (
        <p className="text-center text-sm text-neutral-300" role="note">
          {t('text-truncated', { size: formatBytes(textPreviewBytes, { locale }) })}
        </p>
      ) : null}
      <div
        className="flex min-h-0 flex-1 overflow-auto rounded-lg bg-neutral-50 font-mono text-[13px] leading-5 text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100"
        tabIndex={0}
        role="region"
        aria-label={file.name}
      >
        <pre
          aria-hidden
          className="sticky left-0 select-none border-r border-neutral-300 bg-inherit px-3 py-3 text-right text-neutral-500 dark:border-neutral-700"
        >
          {lineNumbersOf(result.text)}
        </pre>
        <pre className="flex-1 px-3 py-3 whitespace-pre" data-testid="preview-text">
          {result.text}
        </pre>
      </div>
    </div>
  );
}
