/*
 * What the player does to its video element, in one place: the element belongs to the browser,
 * not to React's state, so these write to it directly.
 */

export function togglePlay(video: HTMLVideoElement | null): void {
  if (!video) {
    return;
  }
  if (video.paused || video.ended) {
    void video.play().catch(() => undefined);
  } else {
    video.pause();
  }
}

/** Goes to `time` seconds, kept within the video. */
export function seekTo(video: HTMLVideoElement | null, time: number): void {
  if (video && Number.isFinite(video.duration)) {
    video.currentTime = Math.min(Math.max(0, time), video.duration);
  }
}

export function seekBy(video: HTMLVideoElement | null, seconds: number): void {
  seekTo(video, (video?.currentTime ?? 0) + seconds);
}

/** Sets the volume (0..1); none is muted. */
export function setVolume(video: HTMLVideoElement | null, volume: number): void {
  if (video) {
    video.volume = Math.min(1, Math.max(0, volume));
    video.muted = video.volume === 0;
  }
}

/** Raises (and unmutes) or lowers the volume; lowering a muted player keeps it muted. */
export function changeVolume(video: HTMLVideoElement | null, by: number): void {
  if (!video) {
    return;
  }
  video.volume = Math.min(1, Math.max(0, video.volume + by));
  video.muted = video.volume === 0 || (video.muted && by < 0);
}

export function toggleMute(video: HTMLVideoElement | null): void {
  if (video) {
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) {
      video.volume = 1;
    }
  }
}

export function setSpeed(video: HTMLVideoElement | null, speed: number): void {
  if (video) {
    video.playbackRate = speed;
  }
}

/** After a change of source: back to where the old one stood, playing if it was. */
export function resumeAt(video: HTMLVideoElement, time: number, play: boolean): void {
  video.currentTime = time;
  if (play) {
    void video.play().catch(() => undefined);
  }
}

/** Plays a link directly; the returned function empties the element. */
export function playDirect(video: HTMLVideoElement, url: string): () => void {
  video.src = url;
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}

/** Shows a text track with its cues at the top or bottom of the picture. */
export function showTrack(track: TextTrack, top: boolean): void {
  track.mode = 'showing';
  for (const cue of Array.from(track.cues ?? [])) {
    if (cue instanceof VTTCue) {
      cue.line = top ? 0 : 'auto';
    }
  }
}

/** Full screen on the player (its controls and menus with it), or the video alone on iOS. */
export function toggleFullscreen(root: HTMLElement | null, video: HTMLVideoElement | null): void {
  if (document.fullscreenElement) {
    void document.exitFullscreen().catch(() => undefined);
    return;
  }
  if (root && typeof root.requestFullscreen === 'function') {
    void root.requestFullscreen().catch(() => undefined);
    return;
  }
  (video as { webkitEnterFullscreen?: () => void } | null)?.webkitEnterFullscreen?.();
}

/** Picture in picture on or off, where the browser has it. */
export function togglePictureInPicture(video: HTMLVideoElement | null): void {
  if (!video) {
    return;
  }
  if (document.pictureInPictureElement) {
    void document.exitPictureInPicture().catch(() => undefined);
  } else if (typeof video.requestPictureInPicture === 'function') {
    void video.requestPictureInPicture().catch(() => undefined);
  }
}
