'use client';

import { useEffect, useState } from 'react';
import { FileText } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/input-classes';
import type { SubtitleTrack } from './media-tracks';

/** Where the picker finds subtitle files and how it adds one to the video (the drive's calls). */
export interface SubtitleSource {
  /** Subtitle files (.srt, .vtt, .ass, .ssa) beside the video, or anywhere whose name has `text`. */
  find: (videoId: string, text: string) => Promise<{ id: string; name: string }[]>;
  /** Adds a subtitle file to the video's subtitles (`media_tracks:pick`). */
  pick: (videoId: string, subtitleFileId: string) => Promise<SubtitleTrack>;
}

/** How long typing rests before the drive is searched, in milliseconds. */
const searchDelayMs = 300;

/**
 * "Choose a subtitle file from your drive": the subtitle files beside the video, or found by name
 * anywhere in the drive; the one chosen joins the video's subtitles and shows at once.
 */
export function SubtitlePicker({
  videoId,
  source,
  onClose,
  onPicked,
}: {
  videoId: string;
  source: SubtitleSource;
  onClose: () => void;
  onPicked: (track: SubtitleTrack) => void;
}) {
  const t = useTranslations('preview.player');
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; files: { id: string; name: string }[] }>();
  const [state, setState] = useState<'idle' | 'picking' | 'failed'>('idle');
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      source.find(videoId, text.trim()).then(
        (files) => current && setFound({ text, files }),
        () => current && setFound({ text, files: [] }),
      );
    }, searchDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [source, videoId, text]);
  const pick = (fileId: string) => {
    setState('picking');
    source.pick(videoId, fileId).then(
      (track) => {
        onPicked(track);
        onClose();
      },
      () => setState('failed'),
    );
  };
  const files = found?.text === text ? found.files : undefined;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('picker-close')} aria-describedby={undefined}>
        <DialogTitle className="pr-10 text-lg font-semibold">{t('picker-title')}</DialogTitle>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          aria-label={t('picker-search')}
          placeholder={t('picker-search')}
          className={inputClasses}
        />
        {state === 'failed' ? (
          <p role="alert" className="text-sm text-destructive">
            {t('picker-failed')}
          </p>
        ) : null}
        {files === undefined ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('picker-loading')}
          </p>
        ) : files.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('picker-none')}</p>
        ) : (
          <ul
            className="flex max-h-72 flex-col gap-1 overflow-y-auto"
            data-testid="subtitle-picker"
          >
            {files.map((file) => (
              <li key={file.id}>
                <button
                  type="button"
                  disabled={state === 'picking'}
                  onClick={() => pick(file.id)}
                  className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                >
                  <FileText aria-hidden className="size-4 shrink-0" />
                  <span className="break-all">{file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
