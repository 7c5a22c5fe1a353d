'use client';

import { useEffect, useState } from 'react';
import { showTrack } from './media-element';
import type { MediaPreferences } from './media-tracks';

/**
 * The chosen subtitle's WebVTT, fetched from its signed link and handed to the video as a page
 * URL: a `<track>` of another origin would need the video itself to be loaded with CORS.
 */
export function useSubtitleUrl(url: string | undefined): string | undefined {
  const [loaded, setLoaded] = useState<{ url: string; blob: string }>();
  useEffect(() => {
    if (!url) {
      return;
    }
    const controller = new AbortController();
    let blob: string | undefined;
    fetch(url, { credentials: 'omit', signal: controller.signal })
      .then((answer) =>
        answer.ok ? answer.blob() : Promise.reject(new Error(String(answer.status))),
      )
      .then(
        (body) => {
          blob = URL.createObjectURL(new Blob([body], { type: 'text/vtt' }));
          setLoaded({ url, blob });
        },
        () => undefined,
      );
    return () => {
      controller.abort();
      if (blob) {
        URL.revokeObjectURL(blob);
      }
    };
  }, [url]);
  return loaded && loaded.url === url ? loaded.blob : undefined;
}

/** Shows the video's subtitle track (the only one) at the chosen place, or hides it. */
export function useShownSubtitles(
  video: HTMLVideoElement | null,
  src: string | undefined,
  position: MediaPreferences['subtitle_position'],
): void {
  useEffect(() => {
    const track = video?.textTracks[0];
    if (!video || !track || !src) {
      return;
    }
    const place = () => showTrack(track, position === 'top');
    place();
    const element = video.querySelector('track');
    element?.addEventListener('load', place);
    return () => element?.removeEventListener('load', place);
  }, [video, src, position]);
}

/** The subtitles' size as a class of the video (its `::cue`). */
export const subtitleSizeClass: Record<MediaPreferences['subtitle_size'], string> = {
  small: '[&::cue]:text-[80%]',
  medium: '[&::cue]:text-[100%]',
  large: '[&::cue]:text-[140%]',
};
