import type { MediaRunner, RunLimits } from './ffmpeg-runner';

/** One audio stream of a video, in the order of the file's audio streams (`?audio=` counts these). */
export interface AudioStreamFacts {
  codec: string;
  channels: number;
  language: string;
  title: string;
  isDefault: boolean;
}

/** What playback needs to know of a video, read once by ffprobe and kept per content. */
export interface VideoFacts {
  /** The demuxer every ffmpeg run on the file is forced to (`mov`, `matroska`, `mpegts`…). */
  demuxer: string;
  /** The container as browsers name it. */
  container: 'mp4' | 'webm' | 'mkv' | 'other';
  /** Seconds: the first timestamp, and the length. */
  startTime: number;
  duration: number;
  video: {
    codec: string;
    width: number;
    height: number;
    /** Bits per colour sample (8, 10, 12). */
    bitDepth: number;
    /** The codec profile and level as ffprobe names them ("High", 40); absent in older facts. */
    profile?: string;
    level?: number;
  } | null;
  /** Bits per second of the whole file; absent when ffprobe did not tell (or in older facts). */
  bitRate?: number;
  /** Container indexes of the picture subtitle streams (PGS, VobSub, DVB), which can be burned in. */
  imageSubtitles?: number[];
  audio: AudioStreamFacts[];
}

/**
 * The demuxers ffmpeg may use on a stored video. Playlists and lists of other files (HLS, DASH,
 * `ffconcat`, image sequences) are not among them: a "video" that is one would make ffmpeg open
 * whatever it names.
 */
export const allowedDemuxers = [
  'mov',
  'matroska',
  'mpegts',
  'avi',
  'flv',
  'mpeg',
  'asf',
  'ogg',
] as const;

/** Options that keep ffmpeg and ffprobe on the one local file they are given. */
export function inputGuards(): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', allowedDemuxers.join(',')];
}

/** Subtitle codecs that are pictures: burned into a transcode's video, never served as text. */
const imageSubtitleCodecs = new Set(['hdmv_pgs_subtitle', 'dvd_subtitle', 'dvb_subtitle']);

/** A probe or a run failed on the file's bytes: damaged, cut short, or not an allowed container. */
export class UnplayableMediaError extends Error {}

interface ProbeOutput {
  streams?: {
    index?: number;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    bits_per_raw_sample?: string;
    profile?: string;
    level?: number;
    channels?: number;
    disposition?: { default?: number; attached_pic?: number };
    tags?: { language?: string; title?: string };
  }[];
  format?: { format_name?: string; start_time?: string; duration?: string; bit_rate?: string };
}

/** Bits per sample of a pixel format: `yuv420p10le` is 10, `yuv420p` 8. */
function bitDepthOf(pixFmt: string | undefined, rawBits: string | undefined): number {
  const fromFormat = /p(\d{2})(le|be)$/.exec(pixFmt ?? '');
  if (fromFormat?.[1]) {
    return Number(fromFormat[1]);
  }
  const raw = Number(rawBits ?? 0);
  return raw > 0 ? raw : 8;
}

function containerOf(demuxer: string, extension: string): VideoFacts['container'] {
  if (demuxer === 'mov') {
    return 'mp4';
  }
  if (demuxer === 'matroska') {
    // ffprobe names Matroska and WebM alike; WebM is what browsers play, by its name.
    return extension === 'webm' ? 'webm' : 'mkv';
  }
  return 'other';
}

function numberOr(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Reads the facts of the video at `file` (a path Nimbus built), or throws `UnplayableMediaError`. */
export async function probeVideo(
  runner: MediaRunner,
  file: string,
  extension: string,
  limits: RunLimits,
): Promise<VideoFacts> {
  const run = runner.start(
    'ffprobe',
    [
      '-v',
      'error',
      ...inputGuards(),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ],
    limits,
  );
  const code = await run.exited;
  let output: ProbeOutput;
  try {
    output = JSON.parse(run.stdout()) as ProbeOutput;
  } catch {
    throw new UnplayableMediaError(`ffprobe answered no facts: ${run.stderr().trim()}`);
  }
  const demuxer = (output.format?.format_name ?? '').split(',')[0] ?? '';
  if (code !== 0 || !(allowedDemuxers as readonly string[]).includes(demuxer)) {
    throw new UnplayableMediaError(`not a playable container: ${demuxer || run.stderr().trim()}`);
  }
  const streams = output.streams ?? [];
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  return {
    demuxer,
    container: containerOf(demuxer, extension.toLowerCase()),
    startTime: Math.max(0, numberOr(output.format?.start_time, 0)),
    duration: Math.max(0, numberOr(output.format?.duration, 0)),
    video: video
      ? {
          codec: video.codec_name ?? '',
          width: video.width ?? 0,
          height: video.height ?? 0,
          bitDepth: bitDepthOf(video.pix_fmt, video.bits_per_raw_sample),
          ...(video.profile === undefined ? {} : { profile: video.profile }),
          ...(video.level === undefined ? {} : { level: video.level }),
        }
      : null,
    imageSubtitles: streams
      .filter(
        (stream) =>
          stream.codec_type === 'subtitle' &&
          imageSubtitleCodecs.has(stream.codec_name ?? '') &&
          Number.isInteger(stream.index),
      )
      .map((stream) => Number(stream.index)),
    ...(numberOr(output.format?.bit_rate, 0) > 0
      ? { bitRate: numberOr(output.format?.bit_rate, 0) }
      : {}),
    audio: streams
      .filter((stream) => stream.codec_type === 'audio')
      .map((stream) => ({
        codec: stream.codec_name ?? '',
        channels: stream.channels ?? 0,
        language: stream.tags?.language ?? '',
        title: stream.tags?.title ?? '',
        isDefault: stream.disposition?.default === 1,
      })),
  };
}

/** Seconds between the points where the sampled keyframe listing seeks. */
const sampleSeconds = 2;

/** Videos up to this long (seconds) have every packet listed: it is as quick. */
const shortVideo = 60;

/** A gap between listed keyframes past which a sampled listing is not trusted (seeks that failed). */
const largestSampledGap = 30;

/**
 * The times (seconds, the file's own timestamps) of the first video stream's keyframes where a
 * remux (video copied) can cut its segments, read from the packets without decoding them. The
 * keyframe at each point every 2 s is asked for first (`-read_intervals`, one packet after a seek
 * through the container's index), which reads a few kilobytes per point instead of the whole
 * file: a two-hour film answers in a fraction of a second. Every time listed is a real keyframe,
 * so the cuts stay exact (a cut may skip a keyframe the points missed: a segment a little
 * longer); where the seeks found nothing usable (no index, gaps over 30 s), and for videos up to
 * a minute, every packet is listed instead.
 */
export async function readKeyframes(
  runner: MediaRunner,
  file: string,
  facts: VideoFacts,
  limits: RunLimits,
): Promise<number[]> {
  if (facts.duration > shortVideo) {
    const points: string[] = [];
    for (let at = facts.startTime; at < facts.startTime + facts.duration; at += sampleSeconds) {
      points.push(`${at.toFixed(3)}%+#1`);
    }
    const sampled = await listKeyframes(runner, file, facts, limits, points.join(',')).catch(
      () => [],
    );
    const edges = [facts.startTime, ...sampled, facts.startTime + facts.duration];
    const gaps = edges.slice(1).map((time, index) => time - (edges[index] ?? time));
    if (sampled.length > 0 && Math.max(...gaps) <= largestSampledGap) {
      return sampled;
    }
  }
  return listKeyframes(runner, file, facts, limits, undefined);
}

/** The keyframe times ffprobe lists from the video's packets, all of them or at `intervals`. */
async function listKeyframes(
  runner: MediaRunner,
  file: string,
  facts: VideoFacts,
  limits: RunLimits,
  intervals: string | undefined,
): Promise<number[]> {
  const run = runner.start(
    'ffprobe',
    [
      '-v',
      'error',
      ...inputGuards(),
      '-f',
      facts.demuxer,
      '-select_streams',
      'v:0',
      ...(intervals === undefined ? [] : ['-read_intervals', intervals]),
      '-show_entries',
      'packet=pts_time,flags',
      '-of',
      'csv=p=0',
      file,
    ],
    limits,
  );
  if ((await run.exited) !== 0) {
    throw new UnplayableMediaError(`ffprobe read no keyframes: ${run.stderr().trim()}`);
  }
  const times: number[] = [];
  for (const line of run.stdout().split('\n')) {
    const [time, flags] = line.split(',');
    const seconds = Number(time);
    if (flags?.startsWith('K') && time !== '' && Number.isFinite(seconds)) {
      times.push(seconds);
    }
  }
  return [...new Set(times)].sort((a, b) => a - b);
}
