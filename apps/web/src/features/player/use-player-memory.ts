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
  useEffect(() => {
    positionRef.current = 0;
    restored.current = false;
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
        rememberPlayback(defaultStorage(), fileId, media.currentTime, media.duration, Date.now());
      };
    },
    [fileId],
  );
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
      positionRef.current = media.currentTime;
      if (Date.now() - savedAt.current >= positionSaveMs) {
        remember(media);
      }
    },
    onPause: (event: SyntheticEvent<HTMLMediaElement>) => {
      const media = event.currentTarget;
      remember(media);
      if (kind === 'video' && !media.ended) {
        emitAppEvent('set-video-freeze', { position: Math.round(media.currentTime) });
      }
    },
  };
}
