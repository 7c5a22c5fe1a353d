'use client';

import type { PlayerMedia } from './media-choice';
import {
  burnMediaOf,
  masterUrlOf,
  playbackOf,
  qualityOptionsOf,
  withAudioStream,
  withBurnedSubtitle,
} from './media-choice';
import type { SubtitleTrack } from './media-tracks';
import { useMediaSource, usesNativeHls } from './use-media-source';

/**
 * What the player plays for the viewer's choices: the link (the original, or a master playlist
 * with a picture subtitle burned in when one is chosen), its source state, and the quality menu.
 */
export function usePlayback({
  video,
  medias,
  fallbackUrl,
  quality,
  subtitle,
  audioIndex,
}: {
  video: HTMLVideoElement | null;
  medias: readonly PlayerMedia[] | undefined;
  fallbackUrl: string | undefined;
  quality: string;
  subtitle: SubtitleTrack | undefined;
  audioIndex: number | undefined;
}) {
  const native = usesNativeHls(video);
  const chosen = playbackOf(medias, quality, native);
  // A picture subtitle is burned into a transcode by the server: its master playlist plays then.
  const burnInto = burnMediaOf(medias, chosen?.media);
  const burn = subtitle?.kind === 'image' && burnInto ? subtitle.id : undefined;
  const playback =
    burn && burnInto
      ? {
          url: native ? burnInto.link.url : masterUrlOf(burnInto.link.url),
          hls: true,
          level: chosen?.level === 'remux' ? undefined : chosen?.level,
        }
      : chosen;
  const hls = playback?.hls ?? false;
  // hls.js switches the audio renditions of the master playlist; the browser's own HLS is
  // given the stream in the link.
  const urlOf = (base: string | undefined, isHls: boolean) =>
    base && isHls
      ? withBurnedSubtitle(native ? withAudioStream(base, audioIndex) : base, burn)
      : base;
  const url = urlOf(playback?.url ?? (medias?.length ? undefined : fallbackUrl), hls);
  const { state, levels } = useMediaSource(video, url, hls, playback?.level, audioIndex);
  return {
    url,
    hls,
    native,
    state,
    qualities: qualityOptionsOf(medias, levels),
    canBurn: burnInto !== undefined,
    /** The link another quality plays: the same one when hls.js switches levels in place. */
    urlFor: (id: string) => {
      const next = playbackOf(medias, id, native);
      return next && urlOf(next.url, next.hls);
    },
  };
}
