'use client';

import type { MutableRefObject, SyntheticEvent } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { defaultStorage } from '@nimbus/client';
import { emitAppEvent } from '@/lib/app-events';
import { rememberPlayback, resumePosition } from './playback-positions';

/** How often the playing position is written down, in milliseconds. */
const positionSaveMs = 5000;

/**
 * The player's events and memory: `player-mount` once it can play, going on where the member
 * stopped last time (`player-restore`), `set-video-freeze` when the member pauses a video before
 * its end; the position is kept in `positionRef` for the viewer's close event and remembered for
 * next time every few seconds, on pause and when the player goes.
 */
export function usePlayerMemory(
  fileId: string,
  kind: 'video' | 'audio',
  playable: boolean,
  positionRef: MutableRefObject<number>,
) {
  const mounted = useRef(false);
  const restored = useRef(false);
  const savedAt = useRef(0);
  // Where playback last stood: by the time the player goes, its element may be emptied already.
  const last = useRef({ time: 0, duration: Number.NaN });
  useEffect(() => {
    positionRef.current = 0;
    restored.current = false;
    last.current = { time: 0, duration: Number.NaN };
  }, [fileId, positionRef]);
  useEffect(() => {
    if (playable && !mounted.current) {
      mounted.current = true;
      emitAppEvent('player-mount', { kind });
    }
  }, [playable, kind]);
  // When the player goes (another file, the viewer closed), where it stood is remembered.
  const ref = useCallback(
    (media: HTMLMediaElement | null) => {
      if (!media) {
        return undefined;
      }
      return () => {
        const { time, duration } = last.current;
        rememberPlayback(defaultStorage(), fileId, time, duration, Date.now());
      };
    },
    [fileId],
  );
  /** Notes where playback stands; false while the element has no source (being emptied or changed). */
  const note = (media: HTMLMediaElement) => {
    if (!media.currentSrc) {
      return false;
    }
    last.current = { time: media.currentTime, duration: media.duration };
    positionRef.current = media.currentTime;
    return true;
  };
  const remember = (media: HTMLMediaElement) => {
    savedAt.current = Date.now();
    rememberPlayback(defaultStorage(), fileId, media.currentTime, media.duration, savedAt.current);
  };
  return {
    ref,
    onLoadedMetadata: (event: SyntheticEvent<HTMLMediaElement>) => {
      // Once per file: a change of quality or audio track keeps its own position.
      if (restored.current) {
        return;
      }
      restored.current = true;
      const media = event.currentTarget;
      const resume = resumePosition(defaultStorage(), fileId, media.duration);
      if (resume !== undefined) {
        media.currentTime = resume;
        emitAppEvent('player-restore', { position: Math.round(resume) });
      }
    },
    onTimeUpdate: (event: SyntheticEvent<HTMLMediaElement>) => {
      const media = event.currentTarget;
      if (note(media) && Date.now() - savedAt.current >= positionSaveMs) {
        remember(media);
      }
    },
    onPause: (event: SyntheticEvent<HTMLMediaElement>) => {
      const media = event.currentTarget;
      if (!note(media)) {
        return;
      }
      remember(media);
      if (kind === 'video' && !media.ended) {
        emitAppEvent('set-video-freeze', { position: Math.round(media.currentTime) });
      }
    },
  };
}
