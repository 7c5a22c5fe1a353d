'use client';

import { useEffect, useState } from 'react';
import type { StoryboardCue } from './storyboard';
import { parseStoryboard, storyboardCueAt } from './storyboard';

/** `1:05` or `1:02:05`: a time as players write it. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The storyboard's cues, loaded once its map's link is known; none until then or on failure. */
export function useStoryboard(url: string | undefined): readonly StoryboardCue[] {
  const [loaded, setLoaded] = useState<{ url: string; cues: StoryboardCue[] }>();
  useEffect(() => {
    if (!url) {
      return;
    }
    const controller = new AbortController();
    fetch(url, { credentials: 'omit', signal: controller.signal })
      .then((answer) => (answer.ok ? answer.text() : ''))
      .then(
        (text) => setLoaded({ url, cues: parseStoryboard(text, url) }),
        () => undefined,
      );
    return () => controller.abort();
  }, [url]);
  return loaded && loaded.url === url ? loaded.cues : [];
}

/**
 * The seek bar: a range input (keyboard and screen readers know it), with the storyboard's
 * picture of the pointed time above it while the pointer is over it.
 */
export function SeekBar({
  label,
  valueText,
  current,
  duration,
  cues,
  onSeek,
}: {
  label: string;
  valueText: string;
  current: number;
  duration: number;
  cues: readonly StoryboardCue[];
  onSeek: (time: number) => void;
}) {
  const [hover, setHover] = useState<{ time: number; ratio: number }>();
  const known = Number.isFinite(duration) && duration > 0;
  const cue = hover && cues.length > 0 ? storyboardCueAt(cues, hover.time) : undefined;
  return (
    <div className="relative flex h-6 items-center">
      {hover ? (
        <div
          className="pointer-events-none absolute bottom-7 flex -translate-x-1/2 flex-col items-center gap-1"
          style={{ left: `clamp(4rem, ${hover.ratio * 100}%, calc(100% - 4rem))` }}
          data-testid="player-seek-preview"
        >
          {cue ? (
            <div
              className="rounded border border-white/40 bg-black bg-no-repeat"
              style={{
                width: cue.width,
                height: cue.height,
                backgroundImage: `url("${cue.url}")`,
                backgroundPosition: `-${cue.x}px -${cue.y}px`,
              }}
              data-testid="player-thumbnail"
            />
          ) : null}
          <span className="rounded bg-black/80 px-1.5 py-0.5 text-xs tabular-nums text-white">
            {formatClock(hover.time)}
          </span>
        </div>
      ) : null}
      <input
        type="range"
        min={0}
        max={known ? duration : 0}
        step="any"
        value={known ? Math.min(current, duration) : 0}
        disabled={!known}
        aria-label={label}
        aria-valuetext={valueText}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onPointerMove={(event) => {
          if (!known) {
            return;
          }
          const box = event.currentTarget.getBoundingClientRect();
          const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
          setHover({ ratio, time: ratio * duration });
        }}
        onPointerLeave={() => setHover(undefined)}
        className="h-6 w-full cursor-pointer accent-white focus-visible:outline-2 focus-visible:outline-white"
        data-testid="player-seek"
      />
    </div>
  );
}
