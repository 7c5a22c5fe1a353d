import { mediaCodecNames, type MediaCodecName, type RenditionName } from '@nimbus/contracts';
import type { VideoFacts } from './video-facts';

/** How a browser gets a video: its own bytes, the video copied into HLS, or a transcode. */
export type PlayMode = 'direct' | 'remux' | 'transcode' | 'none';

/** A rendition Nimbus makes: H.264 (copied for a remux) + AAC, in HLS. */
export interface RenditionPlan {
  name: Exclude<RenditionName, 'original'>;
  width: number;
  height: number;
  /** The video codec of the rendition: the source's when copied. */
  videoCodec: string;
  copyVideo: boolean;
  /**
   * The segments' container: MPEG-TS for H.264, fragmented MP4 (an init segment and `.m4s`
   * media segments) for a copied HEVC, VP9 or AV1 stream, which MPEG-TS does not carry in HLS.
   */
  segments: 'mpegts' | 'fmp4';
}

export interface PlayDecision {
  mode: PlayMode;
  /** Whether the browser plays the original as it is. */
  originalPlayable: boolean;
  /** Codecs and containers of the original this browser cannot play. */
  unsupported: string[];
  renditions: RenditionPlan[];
  /** The server's pick among `original` and the renditions. */
  defaultRendition: RenditionName;
}

/** Transcode heights, tallest first; a source is never scaled up. */
const ladder: { name: '1080p' | '720p' | '480p'; height: number }[] = [
  { name: '1080p', height: 1080 },
  { name: '720p', height: 720 },
  { name: '480p', height: 480 },
];

/** The containers and `hls` of the `media_codecs` vocabulary; its other names are codecs. */
const notCodecs = new Set<string>(['mp4', 'webm', 'mkv', 'hls']);

/** ffprobe's codec names that the `media_codecs` vocabulary names alike. */
const codecNames = new Set<string>(mediaCodecNames.filter((name) => !notCodecs.has(name)));

function isNamedIn(codec: string, browser: ReadonlySet<MediaCodecName>): boolean {
  // VP8 is outside the vocabulary: every browser that decodes VP9 decodes it (WebM's first codec).
  if (codec === 'vp8') {
    return browser.has('vp9');
  }
  return codecNames.has(codec) && browser.has(codec as MediaCodecName);
}

/** The audio stream a viewer hears by default: the one marked default, else the first. */
export function defaultAudioIndex(facts: VideoFacts): number {
  const marked = facts.audio.findIndex((stream) => stream.isDefault);
  return marked >= 0 ? marked : 0;
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/** The transcode renditions of a source up to its height (one at the source's height below 480). */
function transcodeLadder(width: number, height: number): RenditionPlan[] {
  const plans = ladder
    .filter((step) => step.height <= height)
    .map((step) => ({
      name: step.name,
      height: step.height,
      width: even((width * step.height) / height),
      videoCodec: 'h264',
      copyVideo: false,
      segments: 'mpegts' as const,
    }));
  if (plans.length === 0 && height > 0) {
    plans.push({
      name: '480p',
      height: even(height),
      width: even(width),
      videoCodec: 'h264',
      copyVideo: false,
      segments: 'mpegts',
    });
  }
  return plans;
}

/** Video codecs HLS carries in fragmented MP4 as they are, up to 10 bits. */
const fmp4Codecs = new Set(['hevc', 'vp9', 'av1']);

/**
 * The remux of a video whose stream HLS carries as it is: 8-bit H.264 in MPEG-TS segments,
 * HEVC, VP9 and AV1 (8 or 10 bits) in fragmented MP4 ones.
 */
function remuxPlan(facts: VideoFacts): RenditionPlan | undefined {
  const video = facts.video;
  if (!video) {
    return undefined;
  }
  const h264 = video.codec === 'h264' && video.bitDepth <= 8;
  if (!h264 && !(fmp4Codecs.has(video.codec) && video.bitDepth <= 10)) {
    return undefined;
  }
  return {
    name: 'remux',
    width: video.width,
    height: video.height,
    videoCodec: video.codec,
    copyVideo: true,
    segments: h264 ? 'mpegts' : 'fmp4',
  };
}

/** The plan of a rendition a link names, whatever browser asked for it; undefined when none. */
export function renditionPlan(
  facts: VideoFacts,
  name: RenditionPlan['name'],
): RenditionPlan | undefined {
  const video = facts.video;
  if (!video || video.width <= 0 || video.height <= 0) {
    return undefined;
  }
  return name === 'remux'
    ? remuxPlan(facts)
    : transcodeLadder(video.width, video.height).find((plan) => plan.name === name);
}

/**
 * Every HLS rendition of a video for the master playlist under the link of rendition `linked`:
 * the remux and the transcodes below the source's height when the remux is listed, else the
 * transcodes up to it. A copied HEVC, VP9 or AV1 stream (fMP4) is listed only under the remux's
 * own link, the one a browser that decodes it is given; a browser given a transcode of it gets
 * the whole ladder, the source's height too. `burned`: a picture subtitle is burned into the
 * video, which a copied stream cannot carry.
 */
export function hlsRenditions(
  facts: VideoFacts,
  linked: RenditionPlan['name'],
  burned = false,
): RenditionPlan[] {
  const video = facts.video;
  if (!video || video.width <= 0 || video.height <= 0) {
    return [];
  }
  const full = transcodeLadder(video.width, video.height);
  const remux = remuxPlan(facts);
  const listed =
    remux !== undefined && !burned && (remux.segments === 'mpegts' || linked === 'remux');
  return listed ? [remux, ...full.filter((plan) => plan.height < video.height)] : full;
}

/**
 * What a browser that decodes `browser` is given for a video (docs/product.md#video-playback):
 * the original when it plays its container, video and default audio; else a remux when it plays
 * the video — the video copied (8-bit H.264 into MPEG-TS segments; HEVC, VP9 and AV1 into
 * fragmented MP4 ones), the audio made AAC; else H.264 + AAC transcodes up to the source's
 * height. 10-bit H.264 plays in no browser and is transcoded; 10-bit HEVC, VP9 and AV1 play where
 * the browser names the codec.
 */
export function decidePlayback(
  facts: VideoFacts,
  browser: ReadonlySet<MediaCodecName>,
): PlayDecision {
  const video = facts.video;
  if (!video || video.width <= 0 || video.height <= 0) {
    return {
      mode: 'none',
      originalPlayable: false,
      unsupported: video ? [video.codec] : [],
      renditions: [],
      defaultRendition: 'original',
    };
  }
  const audio = facts.audio[defaultAudioIndex(facts)];
  const videoPlays =
    isNamedIn(video.codec, browser) &&
    (video.codec === 'h264' ? video.bitDepth <= 8 : video.bitDepth <= 10);
  const containerPlays = facts.container !== 'other' && browser.has(facts.container);
  const audioPlays = audio === undefined || isNamedIn(audio.codec, browser);
  const unsupported = [
    ...(videoPlays ? [] : [video.codec]),
    ...(audioPlays || !audio ? [] : [audio.codec]),
    ...(containerPlays ? [] : [facts.container === 'other' ? facts.demuxer : facts.container]),
  ];
  const full = transcodeLadder(video.width, video.height);
  const below = full.filter((plan) => plan.height < video.height);
  if (videoPlays && containerPlays && audioPlays) {
    return {
      mode: 'direct',
      originalPlayable: true,
      unsupported: [],
      renditions: below,
      defaultRendition: 'original',
    };
  }
  const remux = remuxPlan(facts);
  if (remux && videoPlays) {
    return {
      mode: 'remux',
      originalPlayable: false,
      unsupported,
      renditions: [remux, ...below],
      defaultRendition: 'remux',
    };
  }
  // 720p by default: it starts sooner than 1080p on a small server; the menu offers the rest.
  const pick = full.find((plan) => plan.name === '720p') ?? full[0];
  return {
    mode: 'transcode',
    originalPlayable: false,
    unsupported,
    renditions: full,
    defaultRendition: pick?.name ?? 'original',
  };
}
