'use client';

import type { KeyboardEvent, PointerEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { changeVolume, seekBy, toggleFullscreen, toggleMute, togglePlay } from './media-element';
import { keyTargetOf, playerKeyActionOf } from './player-keys';

/** Seconds a double tap on a side of the picture seeks. */
export const tapSeekSeconds = 10;
/** Two taps closer than this, in milliseconds, are a double tap. */
const doubleTapMs = 300;
/** How long the controls stay after the last move while playing, in milliseconds. */
const controlsIdleMs = 3000;

/**
 * The player's keyboard (when the focus is in it) and pointer: a click on the picture plays or
 * pauses; on a touch screen a tap shows or hides the controls and a double tap on the left or
 * right third seeks back or forward.
 */
export function usePlayerInput({
  video,
  root,
  playing,
  toggleSubtitles,
}: {
  video: HTMLVideoElement | null;
  root: HTMLElement | null;
  playing: boolean;
  toggleSubtitles: () => void;
}) {
  const [awake, setAwake] = useState(true);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTap = useRef<{ at: number; side: number } | undefined>(undefined);
  useEffect(() => () => clearTimeout(idle.current), []);
  const wake = () => {
    setAwake(true);
    clearTimeout(idle.current);
    idle.current = setTimeout(() => setAwake(false), controlsIdleMs);
  };
  return {
    /** Whether the controls show. */
    awake: awake || !playing,
    wake,
    onKeyDown: (event: KeyboardEvent) => {
      const action = playerKeyActionOf({ ...event, target: keyTargetOf(event.target) });
      if (!action) {
        return;
      }
      // The viewer around uses arrows to change files: the player keeps them.
      event.preventDefault();
      event.stopPropagation();
      wake();
      switch (action.action) {
        case 'toggle-play':
          return togglePlay(video);
        case 'seek':
          return seekBy(video, action.by);
        case 'volume':
          return changeVolume(video, action.by);
        case 'fullscreen':
          return toggleFullscreen(root, video);
        case 'mute':
          return toggleMute(video);
        case 'subtitles':
          return toggleSubtitles();
      }
    },
    onSurfacePointerUp: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') {
        togglePlay(video);
        return;
      }
      const box = event.currentTarget.getBoundingClientRect();
      const where = (event.clientX - box.left) / box.width;
      const side = where < 1 / 3 ? -1 : where > 2 / 3 ? 1 : 0;
      const previous = lastTap.current;
      lastTap.current = { at: event.timeStamp, side };
      if (
        previous &&
        side !== 0 &&
        previous.side === side &&
        event.timeStamp - previous.at < doubleTapMs
      ) {
        lastTap.current = undefined;
        seekBy(video, side * tapSeekSeconds);
        wake();
      } else if (awake && playing) {
        setAwake(false);
      } else {
        wake();
      }
    },
  };
}
