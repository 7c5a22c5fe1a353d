/*
 * What this browser decodes, told to the server as `media_codecs` on the file call that returns
 * `medias` (docs/api.md#files): the server then picks direct play, a remux or a transcode.
 */

/** The vocabulary of `media_codecs`, each with the media types that prove it plays. */
const probes: readonly [name: string, types: readonly string[]][] = [
  ['h264', ['video/mp4; codecs="avc1.42E01E"', 'video/mp4; codecs="avc1.640028"']],
  ['hevc', ['video/mp4; codecs="hvc1.1.6.L93.B0"', 'video/mp4; codecs="hev1.1.6.L93.B0"']],
  ['vp9', ['video/webm; codecs="vp9"', 'video/mp4; codecs="vp09.00.10.08"']],
  ['av1', ['video/mp4; codecs="av01.0.05M.08"', 'video/webm; codecs="av01.0.05M.08"']],
  ['aac', ['audio/mp4; codecs="mp4a.40.2"']],
  ['mp3', ['audio/mpeg', 'audio/mp4; codecs="mp4a.6B"']],
  ['opus', ['audio/webm; codecs="opus"', 'audio/mp4; codecs="opus"']],
  ['vorbis', ['audio/webm; codecs="vorbis"', 'audio/ogg; codecs="vorbis"']],
  ['flac', ['audio/flac', 'audio/mp4; codecs="flac"']],
  ['ac3', ['audio/mp4; codecs="ac-3"']],
  ['eac3', ['audio/mp4; codecs="ec-3"']],
  ['mp4', ['video/mp4']],
  ['webm', ['video/webm']],
  ['mkv', ['video/x-matroska', 'video/mkv']],
];

/** The HLS playlist type; a browser that plays it by itself (Safari, iOS) adds `hls`. */
export const hlsType = 'application/vnd.apple.mpegurl';

/** How a browser answers whether it plays a media type. */
export interface CodecProbe {
  /** `HTMLMediaElement.canPlayType`: "", "maybe" or "probably". */
  canPlayType: (type: string) => string;
  /** `MediaSource.isTypeSupported`, absent where there is no Media Source Extensions. */
  isTypeSupported?: (type: string) => boolean;
}

/** The `media_codecs` list: every name of the vocabulary whose types the browser plays. */
export function mediaCodecsOf(probe: CodecProbe): string {
  const plays = (type: string) =>
    probe.canPlayType(type) !== '' || probe.isTypeSupported?.(type) === true;
  const names = probes.filter(([, types]) => types.some(plays)).map(([name]) => name);
  if (probe.canPlayType(hlsType) !== '') {
    names.push('hls');
  }
  return names.join(',');
}

let detected: string | undefined;

/** This browser's `media_codecs`, asked once; undefined outside a browser (the server's baseline). */
export function browserMediaCodecs(): string | undefined {
  if (typeof document === 'undefined') {
    return undefined;
  }
  if (detected === undefined) {
    const video = document.createElement('video');
    const source = mediaSourceOf();
    detected = mediaCodecsOf({
      canPlayType: (type) => video.canPlayType(type),
      isTypeSupported: source ? (type) => source.isTypeSupported(type) : undefined,
    });
  }
  return detected;
}

/** Media Source Extensions (`ManagedMediaSource` on iOS 17.1+), where the browser has them. */
export function mediaSourceOf(): { isTypeSupported: (type: string) => boolean } | undefined {
  if (typeof window === 'undefined') {
    return undefined;
  }
  const scope = window as unknown as Record<string, { isTypeSupported?: unknown } | undefined>;
  const source = scope.ManagedMediaSource ?? scope.MediaSource;
  return typeof source?.isTypeSupported === 'function'
    ? (source as { isTypeSupported: (type: string) => boolean })
    : undefined;
}
