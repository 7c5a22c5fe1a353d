import type { FileMedia } from '@nimbus/contracts';
import { hlsType } from './media-codecs';

/*
 * Which of a File's `medias` (docs/api.md#files) the player plays and offers in its quality
 * menu: the server's pick (`is_default`) first; the HLS renditions it made; the original only
 * when this browser plays it directly.
 */

/** A `medias` entry; `rendition` names what the server made of it. */
export type PlayerMedia = FileMedia;

/** One line of the quality menu: "auto" is the server's pick. */
export interface QualityOption {
  id: string;
  /** `auto`, `original`, `remux` or the rendition's name ("720p"). */
  label: string;
  media: PlayerMedia;
}

/** Whether a media entry is an HLS playlist (a rendition) rather than the file's bytes. */
export function isHlsMedia(media: Pick<FileMedia, 'link'>): boolean {
  if (media.link.type === hlsType || media.link.type === 'application/x-mpegurl') {
    return true;
  }
  return /\.m3u8(?:$|[?#])/i.test(media.link.url);
}

function withLink(medias: readonly PlayerMedia[] | undefined): PlayerMedia[] {
  return (medias ?? []).filter((media) => Boolean(media.link.url));
}

/** Whether the browser may play a media entry at all (an HLS rendition always, the original when playable). */
function isPlayable(media: PlayerMedia): boolean {
  return media.is_playable !== false;
}

/**
 * The media to start with: the server's default when playable, else a playable rendition, else
 * the playable original; undefined when nothing plays (the player explains and offers download).
 */
export function defaultMediaOf(
  medias: readonly PlayerMedia[] | undefined,
): PlayerMedia | undefined {
  const playable = withLink(medias).filter(isPlayable);
  return (
    playable.find((media) => media.is_default) ??
    playable.find((media) => !media.is_origin) ??
    playable[0]
  );
}

/** The rendition's height for ordering ("1080p" before "720p"); the remux counts as the source's. */
function heightOf(media: PlayerMedia): number {
  const named = /^(\d+)p$/i.exec(media.rendition ?? media.media_name);
  return named ? Number(named[1]) : media.video.height;
}

/** What the quality menu calls a media entry. */
export function qualityLabelOf(media: PlayerMedia): string {
  if (media.is_origin) {
    return 'original';
  }
  if (media.rendition === 'remux' || /^remux$/i.test(media.media_name)) {
    return 'remux';
  }
  return media.rendition && media.rendition !== 'original' ? media.rendition : media.media_name;
}

/**
 * The quality menu: "auto" (the server's pick), the HLS renditions from the highest, and the
 * original when this browser plays it. Empty when there is nothing to choose between.
 */
export function qualityOptionsOf(medias: readonly PlayerMedia[] | undefined): QualityOption[] {
  const playable = withLink(medias).filter(isPlayable);
  const auto = defaultMediaOf(playable);
  if (!auto || playable.length < 2) {
    return [];
  }
  const renditions = playable
    .filter((media) => !media.is_origin)
    .sort((a, b) => heightOf(b) - heightOf(a));
  const original = playable.filter((media) => media.is_origin);
  return [
    { id: 'auto', label: 'auto', media: auto },
    ...[...original, ...renditions].map((media) => ({
      id: media.media_id,
      label: qualityLabelOf(media),
      media,
    })),
  ];
}

/** The codecs that keep the original from playing here, for the "cannot play" notice. */
export function unsupportedCodecsOf(medias: readonly PlayerMedia[] | undefined): string[] {
  const original = (medias ?? []).find((media) => media.is_origin);
  return original?.unsupported_codecs ?? [];
}

/** A playlist link with one choice of its query set (`audio`, `burn`); unchanged when undefined. */
function withChoice(url: string, name: 'audio' | 'burn', value: string | undefined): string {
  if (value === undefined) {
    return url;
  }
  const parsed = new URL(url, 'http://relative.invalid');
  parsed.searchParams.set(name, value);
  return parsed.origin === 'http://relative.invalid'
    ? `${parsed.pathname}${parsed.search}${parsed.hash}`
    : parsed.toString();
}

/** A playlist link that plays another audio stream (`?audio=`, 0-based among audio streams). */
export function withAudioStream(url: string, audio: number | undefined): string {
  return withChoice(url, 'audio', audio === undefined ? undefined : String(audio));
}

/** A transcode's playlist link with a picture subtitle track burned in (`?burn=<track id>`). */
export function withBurnedSubtitle(url: string, track: string | undefined): string {
  return withChoice(url, 'burn', track);
}

/**
 * The rendition a picture subtitle is burned into: the one playing when it is a transcode, else
 * the server's default transcode (720p first), else the tallest; undefined when the server made
 * no transcode (the original plays directly and only a remux exists, or nothing plays).
 */
export function burnMediaOf(
  medias: readonly PlayerMedia[] | undefined,
  playing: PlayerMedia | undefined,
): PlayerMedia | undefined {
  const isTranscode = (media: PlayerMedia) =>
    !media.is_origin && qualityLabelOf(media) !== 'remux' && isHlsMedia(media);
  if (playing && isTranscode(playing)) {
    return playing;
  }
  const transcodes = withLink(medias)
    .filter(isTranscode)
    .sort((a, b) => heightOf(b) - heightOf(a));
  return (
    transcodes.find((media) => media.is_default) ??
    transcodes.find((media) => media.rendition === '720p') ??
    transcodes[0]
  );
}
