'use client';

import { useEffect, useRef, useState } from 'react';
import type { HlsLevelInfo } from './media-choice';
import { hlsType, mediaSourceOf } from './media-codecs';
import { playDirect } from './media-element';

/*
 * Puts a media link into the video element: the file's bytes directly, an HLS master playlist
 * through hls.js (loaded only then, so no page pays for it up front) or the browser's own HLS
 * where it has no Media Source Extensions (iOS Safari). hls.js reports the master's levels (the
 * quality menu) and holds the one chosen, or picks by bandwidth when none is.
 */

/** What the source reports besides the video element's own events. */
export type SourceState = 'ok' | 'preparing' | 'failed';

/** HTTP status of a segment the server is still making (`transcode_busy`). */
const busyStatus = 503;

/** How long to wait before asking again for a segment that is being made, in milliseconds. */
const busyRetryMs = 2000;

/** Whether the browser's own HLS plays here rather than hls.js. */
export function usesNativeHls(video: HTMLVideoElement | null): boolean {
  // Without Media Source Extensions (iOS before 17.1), or with only Apple's managed kind,
  // the browser's own HLS plays better than a script could.
  return (
    video !== null &&
    (!mediaSourceOf() || (video.canPlayType(hlsType) !== '' && !('MediaSource' in window)))
  );
}

/** The hls.js calls the player makes while a source plays. */
interface LevelControl {
  levels: readonly { name?: string; height: number }[];
  readonly manualLevel: number;
  currentLevel: number;
  nextLevel: number;
}

/**
 * Holds the level named `level` at once (the buffer of the old one is dropped), or gives the
 * choice back to hls.js's bandwidth rule (from the next segment) when none is named or known.
 */
function holdLevel(hls: LevelControl, level: string | undefined): void {
  const index =
    level === undefined
      ? -1
      : hls.levels.findIndex((entry) => (entry.name || `${entry.height}p`) === level);
  if (hls.manualLevel === index) {
    return;
  }
  if (index === -1) {
    hls.nextLevel = -1;
  } else {
    hls.currentLevel = index;
  }
}

/** The hls.js calls that switch the audio rendition of the master playlist. */
interface AudioControl {
  audioTracks: readonly { url: string }[];
  audioTrack: number;
}

/** Switches to the audio rendition of stream `audio` (its playlist's `?audio=`), if listed. */
function holdAudio(hls: AudioControl, audio: number | undefined): void {
  if (audio === undefined) {
    return;
  }
  const index = hls.audioTracks.findIndex(
    (track) => new URL(track.url, window.location.href).searchParams.get('audio') === String(audio),
  );
  if (index >= 0 && hls.audioTrack !== index) {
    hls.audioTrack = index;
  }
}

/**
 * Plays `url` in `video`: under hls.js, holds the quality `level` (none: by bandwidth) and the
 * audio stream `audio` (an audio rendition of the master playlist) without a new source.
 */
export function useMediaSource(
  video: HTMLVideoElement | null,
  url: string | undefined,
  isHls: boolean,
  level?: string,
  audio?: number,
): { state: SourceState; levels: HlsLevelInfo[] } {
  const [state, setState] = useState<{ url?: string; value: SourceState }>({ value: 'ok' });
  const [levels, setLevels] = useState<{ url: string; value: HlsLevelInfo[] }>();
  const control = useRef<(LevelControl & AudioControl) | undefined>(undefined);
  const wanted = useRef(level);
  const wantedAudio = useRef(audio);
  useEffect(() => {
    wantedAudio.current = audio;
    if (control.current) {
      holdAudio(control.current, audio);
    }
  }, [audio]);
  useEffect(() => {
    wanted.current = level;
    if (control.current) {
      holdLevel(control.current, level);
    }
  }, [level]);
  useEffect(() => {
    if (!video || !url) {
      return;
    }
    const report = (value: SourceState) => setState({ url, value });
    if (!isHls || usesNativeHls(video)) {
      return playDirect(video, url);
    }
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let destroy: (() => void) | undefined;
    void import('hls.js').then(
      ({ default: Hls }) => {
        if (stopped) {
          return;
        }
        const hls = new Hls({ enableWorker: true, lowLatencyMode: false });
        destroy = () => {
          control.current = undefined;
          hls.destroy();
        };
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          control.current = hls;
          setLevels({
            url,
            value: data.levels.map((entry) => ({
              name: entry.name || `${entry.height}p`,
              height: entry.height,
            })),
          });
          if (wanted.current !== undefined) {
            holdLevel(hls, wanted.current);
          } else {
            // The server's pick (listed first) starts, rather than a guess from no measure yet.
            hls.startLevel = hls.firstLevel;
          }
        });
        hls.on(Hls.Events.AUDIO_TRACKS_UPDATED, () => holdAudio(hls, wantedAudio.current));
        hls.on(Hls.Events.ERROR, (_event, data) => {
          const status = (data.response as { code?: number } | undefined)?.code;
          if (status === busyStatus) {
            report('preparing');
            if (data.fatal) {
              clearTimeout(retry);
              retry = setTimeout(() => hls.startLoad(video.currentTime), busyRetryMs);
            }
            return;
          }
          if (!data.fatal) {
            return;
          }
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
            hls.recoverMediaError();
            return;
          }
          report('failed');
        });
        hls.on(Hls.Events.FRAG_LOADED, () => report('ok'));
        hls.loadSource(url);
        hls.attachMedia(video);
      },
      () => report('failed'),
    );
    return () => {
      stopped = true;
      clearTimeout(retry);
      destroy?.();
    };
  }, [video, url, isHls]);
  return {
    state: state.url === url ? state.value : 'ok',
    levels: levels && levels.url === url ? levels.value : [],
  };
}
