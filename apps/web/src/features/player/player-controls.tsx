'use client';

import type { ReactNode } from 'react';
import { Maximize, Minimize, Pause, PictureInPicture2, Play, Volume2, VolumeX } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { triggerClass } from './player-menus';
import { SeekBar, formatClock } from './seek-bar';
import type { StoryboardCue } from './storyboard';
import type { VideoState } from './use-video-state';

function ControlButton({
  label,
  onClick,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={triggerClass}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** The bar under the picture: seek bar, play, volume, time, the menus, picture in picture, full screen. */
export function PlayerControls({
  state,
  cues,
  menus,
  canPictureInPicture,
  onTogglePlay,
  onSeek,
  onMute,
  onVolume,
  onPictureInPicture,
  onFullscreen,
}: {
  state: VideoState;
  cues: readonly StoryboardCue[];
  menus: ReactNode;
  canPictureInPicture: boolean;
  onTogglePlay: () => void;
  onSeek: (time: number) => void;
  onMute: () => void;
  onVolume: (volume: number) => void;
  onPictureInPicture: () => void;
  onFullscreen: () => void;
}) {
  const t = useTranslations('preview.player');
  const current = formatClock(state.current);
  const duration = formatClock(state.duration);
  return (
    <div className="flex flex-col gap-1 bg-gradient-to-t from-black/90 to-transparent px-2 pb-1 pt-6">
      <SeekBar
        label={t('seek')}
        valueText={t('time', { current, duration })}
        current={state.current}
        duration={state.duration}
        cues={cues}
        onSeek={onSeek}
      />
      <div className="flex items-center gap-0.5">
        <ControlButton
          label={state.playing ? t('pause') : t('play')}
          onClick={onTogglePlay}
          testId="player-play"
        >
          {state.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </ControlButton>
        <ControlButton
          label={state.muted ? t('unmute') : t('mute')}
          onClick={onMute}
          testId="player-mute"
        >
          {state.muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
        </ControlButton>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={state.muted ? 0 : state.volume}
          aria-label={t('volume')}
          aria-valuetext={`${Math.round((state.muted ? 0 : state.volume) * 100)}%`}
          onChange={(event) => onVolume(Number(event.currentTarget.value))}
          className="hidden w-20 accent-white focus-visible:outline-2 focus-visible:outline-white sm:block"
        />
        <span
          className="ml-1 min-w-0 truncate text-xs tabular-nums text-neutral-100"
          data-testid="player-time"
        >
          {current} / {duration}
        </span>
        <span className="flex-1" />
        {menus}
        {canPictureInPicture ? (
          <ControlButton
            label={t('picture-in-picture')}
            onClick={onPictureInPicture}
            testId="player-pip"
          >
            <PictureInPicture2 aria-hidden />
          </ControlButton>
        ) : null}
        <ControlButton
          label={state.fullscreen ? t('exit-fullscreen') : t('fullscreen')}
          onClick={onFullscreen}
          testId="player-fullscreen"
        >
          {state.fullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
        </ControlButton>
      </div>
    </div>
  );
}
