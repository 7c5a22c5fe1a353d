import type { FileMedia } from '@nimbus/contracts';
import { hlsType } from './media-codecs';

/*
 * Which of a File's `medias` (docs/api.md#files) the player plays and offers in its quality
 * menu: the server's pick (`is_default`) first; the HLS renditions it made; the original only
 * when this browser plays it directly.
 */

/** A `medias` entry; `rendition` names what the server made of it. */
export type PlayerMedia = FileMedia;

/**
 * One line of the quality menu: `auto` (the server's pick, then hls.js's by bandwidth),
 * `original` (the file's bytes), or a level of the master playlist by its name (`remux`, `720p`).
 */
export interface QualityOption {
  id: string;
  label: string;
}

/** A variant of the master playlist as hls.js read it (`NAME` and `RESOLUTION`). */
export interface HlsLevelInfo {
  name: string;
  height: number;
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

/** The rendition names of the HLS `medias`, as the master playlist names its variants. */
function renditionLevelsOf(medias: readonly PlayerMedia[]): HlsLevelInfo[] {
  return medias
    .filter((media) => !media.is_origin && isHlsMedia(media))
    .map((media) => ({ name: qualityLabelOf(media), height: heightOf(media) }));
}

/**
 * The quality menu: "auto", the original when this browser plays it, and the levels of the
 * master playlist from the highest — hls.js's once it has read the playlist, the renditions of
 * `medias` before that (and where the browser plays HLS itself). Empty when there is nothing
 * to choose between.
 */
export function qualityOptionsOf(
  medias: readonly PlayerMedia[] | undefined,
  levels?: readonly HlsLevelInfo[],
): QualityOption[] {
  const playable = withLink(medias).filter(isPlayable);
  const original = playable.some((media) => media.is_origin) ? ['original'] : [];
  const names = [...(levels && levels.length > 0 ? levels : renditionLevelsOf(playable))]
    .sort((a, b) => b.height - a.height)
    .map((level) => level.name)
    .filter((name, index, all) => all.indexOf(name) === index);
  const choices = [...original, ...names];
  if (choices.length < 2) {
    return [];
  }
  return ['auto', ...choices].map((id) => ({ id, label: id }));
}

/** The master playlist beside a rendition's media playlist: every rendition, that one first. */
export function masterUrlOf(url: string): string {
  return url.replace(/\/index\.m3u8(?=$|[?#])/, '/master.m3u8');
}

/** What the player loads: a link, whether it is HLS, and the level to hold (none: hls.js picks). */
export interface Playback {
  media: PlayerMedia;
  url: string;
  hls: boolean;
  level?: string;
}

/**
 * What plays for a quality choice. The original plays directly; every HLS choice plays the
 * master playlist of the server's pick (else of the tallest rendition), so hls.js switches
 * levels by bandwidth under "auto" and holds the chosen one otherwise, with no new source. A
 * browser that plays HLS itself (`native`) is given the chosen rendition's own playlist.
 */
export function playbackOf(
  medias: readonly PlayerMedia[] | undefined,
  quality: string,
  native = false,
): Playback | undefined {
  const playable = withLink(medias).filter(isPlayable);
  const chosen = defaultMediaOf(playable);
  const original = playable.find((media) => media.is_origin);
  const renditions = playable
    .filter((media) => !media.is_origin && isHlsMedia(media))
    .sort((a, b) => heightOf(b) - heightOf(a));
  const direct = (media: PlayerMedia): Playback => ({
    media,
    url: media.link.url,
    hls: isHlsMedia(media),
  });
  if (quality === 'original' && original) {
    return direct(original);
  }
  const named = renditions.find((media) => qualityLabelOf(media) === quality);
  const target = named ?? chosen;
  if (!target || (!named && !isHlsMedia(target))) {
    return target && direct(target);
  }
  if (native) {
    return direct(target);
  }
  const base = chosen && isHlsMedia(chosen) ? chosen : (renditions[0] ?? target);
  return {
    media: target,
    url: masterUrlOf(base.link.url),
    hls: true,
    ...(named ? { level: quality } : {}),
  };
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
