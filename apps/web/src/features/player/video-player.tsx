'use client';

import type { MutableRefObject, ReactNode } from 'react';
import { useCallback, useRef, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import type { PlayerMedia } from './media-choice';
import { unsupportedCodecsOf } from './media-choice';
import {
  resumeAt,
  seekTo,
  setSpeed,
  setVolume,
  toggleFullscreen,
  toggleMute,
  togglePictureInPicture,
  togglePlay,
} from './media-element';
import type { MediaTracks } from './media-tracks';
import { PlayerControls } from './player-controls';
import { SettingsMenu, SubtitlesMenu } from './player-menus';
import { useStoryboard } from './seek-bar';
import type { SubtitleSource } from './subtitle-picker';
import { SubtitlePicker } from './subtitle-picker';
import type { PreferenceStore } from './use-player-choices';
import { localPreferenceStore, usePlayerChoices } from './use-player-choices';
import { usePlayerInput } from './use-player-input';
import { usePlayerMemory } from './use-player-memory';
import { usePlayback } from './use-playback';
import { subtitleSizeClass, useShownSubtitles, useSubtitleUrl } from './use-subtitles';
import { useVideoState } from './use-video-state';

export interface VideoPlayerProps {
  fileId: string;
  /** The File's `medias` (docs/api.md#files). */
  medias: readonly PlayerMedia[] | undefined;
  /** The file's own bytes, played when `medias` lists nothing (the listing's copy of the file). */
  fallbackUrl?: string;
  /** Where playback stands, in seconds, for the viewer's close event. */
  positionRef: MutableRefObject<number>;
  /** The viewer's notice with a download, for a video that cannot play. */
  notice: (message: string) => ReactNode;
  /** The file's audio streams, subtitles and storyboard (`media_tracks`). */
  loadTracks?: () => Promise<MediaTracks>;
  /** Where the member's choices are kept; this browser unless given. */
  preferences?: PreferenceStore;
  /** Subtitle files of the drive to pick from; the subtitles menu offers them when given. */
  subtitleSource?: SubtitleSource;
}

/**
 * The video player of the viewer and the share page: plays the server's pick among `medias`
 * (direct, or HLS through hls.js loaded on demand), with quality, speed, audio and subtitle
 * menus, storyboard thumbnails on the seek bar, keyboard and touch, and resumes where the member
 * stopped.
 */
export function VideoPlayer({
  fileId,
  medias,
  fallbackUrl,
  positionRef,
  notice,
  loadTracks,
  preferences: store = localPreferenceStore,
  subtitleSource,
}: VideoPlayerProps) {
  const t = useTranslations('preview');
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [quality, setQuality] = useState('auto');
  const [speed, setSpeedState] = useState(1);
  const [failedUrl, setFailedUrl] = useState<string>();
  const [picking, setPicking] = useState(false);
  const switching = useRef<{ time: number; play: boolean } | undefined>(undefined);
  const lastSubtitle = useRef('');

  const choices = usePlayerChoices(fileId, loadTracks, store);
  const subtitle = choices.tracks.subtitles.find((track) => track.id === choices.subtitleId);
  const {
    url,
    hls,
    native,
    state: source,
    qualities,
    canBurn,
    urlFor,
  } = usePlayback({
    video,
    medias,
    fallbackUrl,
    quality,
    subtitle,
    audioIndex: choices.audioIndex,
  });
  const failed = source === 'failed' || (url !== undefined && failedUrl === url);
  const memory = usePlayerMemory(fileId, 'video', Boolean(url) && !failed, positionRef);
  const state = useVideoState(video, root);
  const cues = useStoryboard(choices.tracks.storyboard?.vtt.url);
  const subtitleSrc = useSubtitleUrl(subtitle?.link?.url);
  useShownSubtitles(video, subtitleSrc, choices.preferences.subtitle_position);
  const toggleSubtitles = () => {
    if (choices.subtitleId) {
      lastSubtitle.current = choices.subtitleId;
      choices.chooseSubtitle('');
      return;
    }
    const again =
      lastSubtitle.current || choices.tracks.subtitles.find((track) => track.link !== null)?.id;
    if (again) {
      choices.chooseSubtitle(again);
    }
  };
  const input = usePlayerInput({ video, root, playing: state.playing, toggleSubtitles });
  const memoryRef = memory.ref;
  const videoRef = useCallback(
    (element: HTMLVideoElement | null) => {
      setVideo(element);
      return memoryRef(element);
    },
    [memoryRef],
  );

  if (!url) {
    const codecs = unsupportedCodecsOf(medias);
    return notice(
      codecs.length > 0 ? t('player.unsupported', { codecs: codecs.join(', ') }) : t('cannot-show'),
    );
  }
  if (failed) {
    return notice(t('media-failed'));
  }
  // A new source (quality, audio track) goes on from where the old one stood.
  const switchSource = (change: () => void) => {
    if (video) {
      switching.current = { time: video.currentTime, play: !video.paused };
    }
    change();
  };

  return (
    <div
      ref={setRoot}
      role="region"
      aria-label={t('player.label')}
      tabIndex={0}
      className={cn(
        'group relative flex max-h-full w-full items-center justify-center overflow-hidden bg-black focus-visible:outline-2 focus-visible:outline-white',
        state.fullscreen ? 'h-full' : 'aspect-video max-w-[min(100%,calc((100dvh-8rem)*16/9))]',
      )}
      onPointerMove={input.wake}
      onKeyDown={input.onKeyDown}
      data-testid="video-player"
    >
      <video
        ref={videoRef}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          const resume = switching.current;
          switching.current = undefined;
          setSpeed(element, speed);
          if (resume) {
            resumeAt(element, resume.time, resume.play);
          } else {
            memory.onLoadedMetadata(event);
          }
        }}
        onTimeUpdate={memory.onTimeUpdate}
        onPause={memory.onPause}
        onError={() => {
          // hls.js reports its own failures; this is the direct play's.
          if (!hls) {
            setFailedUrl(url);
          }
        }}
        autoPlay
        playsInline
        className={cn(
          'size-full object-contain',
          subtitleSizeClass[choices.preferences.subtitle_size],
        )}
        data-testid="preview-video"
      >
        {subtitleSrc ? (
          <track
            key={subtitleSrc}
            kind="subtitles"
            src={subtitleSrc}
            srcLang={subtitle?.language || undefined}
            label={subtitle?.label || subtitle?.language || t('player.subtitles')}
            default
          />
        ) : null}
      </video>
      <div aria-hidden className="absolute inset-0" onPointerUp={input.onSurfacePointerUp} />
      {source === 'preparing' || state.waiting ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-white"
        >
          <LoaderCircle aria-hidden className="size-8 animate-spin" />
          {source === 'preparing' ? (
            <span data-testid="player-preparing">{t('player.preparing')}</span>
          ) : null}
        </div>
      ) : null}
      <div
        className={cn(
          'absolute inset-x-0 bottom-0 transition-opacity group-focus-within:opacity-100',
          input.awake ? 'opacity-100' : 'opacity-0',
        )}
      >
        <PlayerControls
          state={state}
          cues={cues}
          canPictureInPicture={typeof document !== 'undefined' && document.pictureInPictureEnabled}
          onTogglePlay={() => togglePlay(video)}
          onSeek={(time) => seekTo(video, time)}
          onMute={() => toggleMute(video)}
          onVolume={(volume) => setVolume(video, volume)}
          onPictureInPicture={() => togglePictureInPicture(video)}
          onFullscreen={() => toggleFullscreen(root, video)}
          menus={
            <>
              <SubtitlesMenu
                container={root}
                tracks={choices.tracks.subtitles}
                chosen={choices.subtitleId}
                preferences={choices.preferences}
                canBurn={canBurn}
                onChoose={(id) => {
                  const next = choices.tracks.subtitles.find((track) => track.id === id);
                  // Burning a picture subtitle in (or out) is another playlist: go on from here.
                  if (next?.kind === 'image' || subtitle?.kind === 'image') {
                    switchSource(() => choices.chooseSubtitle(id));
                  } else {
                    choices.chooseSubtitle(id);
                  }
                }}
                onPreferences={choices.remember}
                onPick={
                  subtitleSource
                    ? () => {
                        // The picker is a dialog of the page: full screen would hide it.
                        if (document.fullscreenElement) {
                          toggleFullscreen(root, video);
                        }
                        setPicking(true);
                      }
                    : undefined
                }
              />
              <SettingsMenu
                container={root}
                qualities={qualities}
                quality={quality}
                onQuality={(id) => {
                  // Levels of one master playlist switch in hls.js; another source starts over.
                  if (urlFor(id) === url) {
                    setQuality(id);
                  } else {
                    switchSource(() => setQuality(id));
                  }
                }}
                speed={speed}
                onSpeed={(value) => {
                  setSpeedState(value);
                  setSpeed(video, value);
                }}
                audioTracks={choices.tracks.audio}
                audio={choices.audioIndex}
                onAudio={(index) => {
                  if (native) {
                    switchSource(() => choices.chooseAudio(index));
                  } else {
                    choices.chooseAudio(index);
                  }
                }}
              />
            </>
          }
        />
      </div>
      {picking && subtitleSource ? (
        <SubtitlePicker
          videoId={fileId}
          source={subtitleSource}
          onClose={() => setPicking(false)}
          onPicked={choices.addSubtitle}
        />
      ) : null}
    </div>
  );
}
