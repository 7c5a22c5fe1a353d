import type { RenditionPlan } from './play-decision';
import { languageTag } from './tracks/track-tools';
import type { AudioStreamFacts, VideoFacts } from './video-facts';

/** Seconds of video in a transcoded segment: short, so playback and seeks start soon. */
export const transcodeSegmentSeconds = 4;

/** The shortest remuxed segment: a remux cuts on keyframes at least this far apart. */
const remuxSegmentSeconds = 4;

/**
 * Where segments start, in the file's own timestamps, with the end of the video last: segment
 * `k` spans `[bounds[k], bounds[k + 1])`. A transcode cuts every 4 s (its keyframes are forced
 * there); a remux copies the video, so it cuts only on the source's keyframes, the first one at
 * least 4 s after the previous cut.
 */
export function segmentBounds(
  start: number,
  duration: number,
  keyframes: readonly number[] | undefined,
): number[] {
  const end = start + duration;
  const bounds: number[] = [];
  if (keyframes === undefined) {
    for (let at = start; at < end - 0.05; at += transcodeSegmentSeconds) {
      bounds.push(Number(at.toFixed(6)));
    }
  } else {
    for (const keyframe of keyframes) {
      const last = bounds.at(-1);
      if (keyframe < end - 0.05 && (last === undefined || keyframe >= last + remuxSegmentSeconds)) {
        bounds.push(keyframe);
      }
    }
  }
  if (bounds.length === 0) {
    bounds.push(start);
  }
  bounds.push(Number(end.toFixed(6)));
  return bounds;
}

/** The query a playlist's URIs carry: the viewer's audio stream and burned-in subtitle. */
export function choiceQuery(audio: number | undefined, burn: string | undefined): string {
  const pairs = [
    ...(audio === undefined ? [] : [`audio=${String(audio)}`]),
    ...(burn === undefined ? [] : [`burn=${burn}`]),
  ];
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/**
 * What a media playlist carries: the video with the chosen audio (`index.m3u8`, segments
 * `<n>.ts`), the video alone (`video.m3u8`, `v<n>.ts`) or the chosen audio alone
 * (`audio.m3u8`, `a<n>.ts`) — the last two are the master playlist's variants and audio groups.
 */
export type HlsPart = 'muxed' | 'video' | 'audio';

const segmentPrefix: Record<HlsPart, string> = { muxed: '', video: 'v', audio: 'a' };

/** The file name of a segment of a part: `<n>.ts`, `v<n>.ts`, `a<n>.ts`, or `.m4s` in fMP4. */
export function segmentName(
  part: HlsPart,
  segment: number,
  segments: 'mpegts' | 'fmp4' = 'mpegts',
): string {
  return `${segmentPrefix[part]}${segment}.${segments === 'fmp4' ? 'm4s' : 'ts'}`;
}

/** The file name of the init segment (`EXT-X-MAP`) of a part in fMP4: `init.mp4`, `vinit.mp4`. */
export function initName(part: HlsPart): string {
  return `${segmentPrefix[part]}init.mp4`;
}

/**
 * The media playlist of a rendition: every segment, known at once from the bounds (a VOD
 * playlist, so players can seek anywhere before any segment exists). Segment URIs are relative
 * to the playlist's signed path and carry the audio choice. Fragmented MP4 segments (a copied
 * HEVC, VP9 or AV1 stream) follow one init segment, named by `EXT-X-MAP`.
 */
export function mediaPlaylist(
  bounds: readonly number[],
  audio: number | undefined,
  burn?: string,
  part: HlsPart = 'muxed',
  segments: 'mpegts' | 'fmp4' = 'mpegts',
): string {
  const query = choiceQuery(audio, burn);
  const lengths = bounds.slice(1).map((end, index) => end - (bounds[index] ?? end));
  const target = Math.max(1, Math.ceil(Math.max(...lengths, 0)));
  const lines = [
    '#EXTM3U',
    // EXT-X-MAP on segments that are not I-frames only asks for version 6.
    `#EXT-X-VERSION:${segments === 'fmp4' ? 6 : 3}`,
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...(segments === 'fmp4' ? [`#EXT-X-MAP:URI="${initName(part)}${query}"`] : []),
  ];
  lengths.forEach((length, index) => {
    lines.push(`#EXTINF:${length.toFixed(6)},`, `${segmentName(part, index, segments)}${query}`);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** One variant of a master playlist: a rendition's media playlist and what a player needs to pick it. */
export interface HlsVariant {
  uri: string;
  name: string;
  /** Peak bits per second (video and audio). */
  bandwidth: number;
  width: number;
  height: number;
  /** RFC 6381 codec names (`avc1.64001f,mp4a.40.2`). */
  codecs: string;
}

/** One audio stream of a master playlist: an `EXT-X-MEDIA` rendition of the audio group. */
export interface HlsAudio {
  uri: string;
  /** BCP 47, or "" when the file does not say. */
  language: string;
  name: string;
  isDefault: boolean;
}

/** The audio group every variant names when the video's audio streams are listed apart. */
const audioGroup = 'audio';

function quoted(value: string): string {
  // A quoted-string of HLS holds no double quote and no line break.
  return `"${value.replace(/["\r\n]/g, "'")}"`;
}

/**
 * The master playlist of a video: one `EXT-X-STREAM-INF` variant per rendition, the first one
 * the rendition a player starts with, so hls.js and Safari switch between them by bandwidth.
 * With `audio`, the variants carry the video alone and every audio stream is an `EXT-X-MEDIA`
 * rendition of one group (language, name, `DEFAULT` on the chosen one), switched by the player.
 */
export function masterPlaylist(
  variants: readonly HlsVariant[],
  audio: readonly HlsAudio[] = [],
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:4', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const stream of audio) {
    lines.push(
      [
        `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=${quoted(audioGroup)}`,
        ...(stream.language ? [`LANGUAGE=${quoted(stream.language)}`] : []),
        `NAME=${quoted(stream.name)}`,
        `DEFAULT=${stream.isDefault ? 'YES' : 'NO'}`,
        'AUTOSELECT=YES',
        // Every audio rendition is made stereo AAC (`-ac 2`).
        'CHANNELS="2"',
        `URI=${quoted(stream.uri)}`,
      ].join(','),
    );
  }
  for (const variant of variants) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(variant.bandwidth)},RESOLUTION=${variant.width}x${variant.height},CODECS="${variant.codecs}",NAME="${variant.name}"${audio.length > 0 ? `,AUDIO=${quoted(audioGroup)}` : ''}`,
      variant.uri,
    );
  }
  lines.push('');
  return lines.join('\n');
}

/**
 * What a master playlist calls an audio stream: its title, else its language in English
 * (players show their own names from `LANGUAGE`), else its number.
 */
export function audioNameOf(stream: AudioStreamFacts, index: number): string {
  const language = languageTag(stream.language);
  if (stream.title) {
    return stream.title;
  }
  if (language) {
    try {
      return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
    } catch {
      return language;
    }
  }
  return `Audio ${String(index + 1)}`;
}

/** Bits per second of the AAC audio every rendition carries (`-b:a 160k`), with headroom. */
const audioBandwidth = 192_000;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** The VP9 level a picture of this size needs (the codec's level table by picture size). */
function vp9Level(width: number, height: number): number {
  const pixels = width * height;
  const levels: [number, number][] = [
    [36_864, 10],
    [73_728, 11],
    [122_880, 20],
    [245_760, 21],
    [552_960, 30],
    [983_040, 31],
    [2_228_224, 40],
    [8_912_896, 50],
  ];
  return levels.find(([most]) => pixels <= most)?.[1] ?? 60;
}

/**
 * The RFC 6381 name of a copied video stream: `avc1` for H.264, `hvc1.<profile>.<compatibility>.
 * <tier><level>.B0` for HEVC (tagged `hvc1` in the segments), `vp09.<profile>.<level>.<bits>`
 * and `av01.<profile>.<level><tier>.<bits>`, from what ffprobe read of the stream.
 */
export function copiedCodec(
  plan: Pick<RenditionPlan, 'width' | 'height'>,
  facts: VideoFacts,
): string {
  const video = facts.video;
  const profile = (video?.profile ?? '').toLowerCase();
  const level = video?.level !== undefined && video.level >= 0 ? video.level : undefined;
  const bits = twoDigits(video !== null && video !== undefined && video.bitDepth > 8 ? 10 : 8);
  switch (video?.codec ?? 'h264') {
    case 'hevc':
      // Main is profile 1 (compatible with 1 and 2: flags 6), Main 10 profile 2 (flags 4).
      return profile.includes('10')
        ? `hvc1.2.4.L${level ?? 120}.B0`
        : `hvc1.1.6.L${level ?? 120}.B0`;
    case 'vp9': {
      const number = Number(/(\d)/.exec(profile)?.[1] ?? (bits === '10' ? 2 : 0));
      return `vp09.${twoDigits(number)}.${twoDigits(vp9Level(plan.width, plan.height))}.${bits}`;
    }
    case 'av1': {
      const number = profile === 'high' ? 1 : profile === 'professional' ? 2 : 0;
      const fallback = plan.height > 1080 ? 12 : plan.height > 720 ? 8 : 5;
      return `av01.${number}.${twoDigits(level ?? fallback)}M.${bits}`;
    }
    default:
      return avc1Codec(video?.profile, video?.level);
  }
}

/**
 * A rendition's variant: a remux carries the source's bit rate and H.264 profile; a transcode
 * (constant quality, libx264 High) a peak estimated from its pixels.
 */
export function variantOf(plan: RenditionPlan, facts: VideoFacts, uri: string): HlsVariant {
  const audio = facts.audio.length > 0;
  const video = plan.copyVideo
    ? copiedCodec(plan, facts)
    : avc1Codec('High', plan.height >= 1080 ? 40 : plan.height >= 720 ? 31 : 30);
  const estimate = Math.max(400_000, plan.width * plan.height * 3.25);
  const bandwidth =
    plan.copyVideo && facts.bitRate !== undefined
      ? facts.bitRate
      : estimate + (audio ? audioBandwidth : 0);
  return {
    uri,
    name: plan.name,
    bandwidth,
    width: plan.width,
    height: plan.height,
    codecs: audio ? `${video},mp4a.40.2` : video,
  };
}

/** The `avc1.PPCCLL` name of an H.264 stream from its profile name and level (40 = 4.0). */
export function avc1Codec(profile: string | undefined, level: number | undefined): string {
  const name = (profile ?? 'High').toLowerCase();
  const profileHex = name.includes('baseline') ? '42E0' : name === 'main' ? '4D40' : '6400';
  const levelHex = (level !== undefined && level > 0 && level < 256 ? level : 40)
    .toString(16)
    .toUpperCase()
    .padStart(2, '0');
  return `avc1.${profileHex}${levelHex}`;
}
