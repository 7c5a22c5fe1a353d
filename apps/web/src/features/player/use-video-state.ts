'use client';

import { useEffect, useState } from 'react';

/** What the controls show of a video element, followed through its events. */
export interface VideoState {
  playing: boolean;
  current: number;
  duration: number;
  muted: boolean;
  volume: number;
  waiting: boolean;
  fullscreen: boolean;
}

const initial: VideoState = {
  playing: false,
  current: 0,
  duration: Number.NaN,
  muted: false,
  volume: 1,
  waiting: false,
  fullscreen: false,
};

const followed = [
  'play',
  'pause',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'volumechange',
  'waiting',
  'playing',
  'seeked',
  'ended',
  'emptied',
] as const;

export function useVideoState(
  video: HTMLVideoElement | null,
  root: HTMLElement | null,
): VideoState {
  const [state, setState] = useState(initial);
  useEffect(() => {
    if (!video) {
      return;
    }
    const read = (event?: Event) =>
      setState((previous) => ({
        ...previous,
        playing: !video.paused && !video.ended,
        current: video.currentTime,
        duration: video.duration,
        muted: video.muted || video.volume === 0,
        volume: video.volume,
        waiting:
          event?.type === 'waiting' ? true : event?.type === 'playing' ? false : previous.waiting,
      }));
    read();
    for (const name of followed) {
      video.addEventListener(name, read);
    }
    return () => {
      for (const name of followed) {
        video.removeEventListener(name, read);
      }
    };
  }, [video]);
  useEffect(() => {
    const change = () =>
      setState((previous) => ({
        ...previous,
        fullscreen: root !== null && document.fullscreenElement === root,
      }));
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, [root]);
  return state;
}
