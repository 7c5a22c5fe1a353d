import { transcodeSegmentSeconds } from './hls-playlist';
import type { RenditionPlan } from './play-decision';
import { inputGuards, type VideoFacts } from './video-facts';

/** The H.264 encoders Nimbus drives: software (libx264) or one of the hardware families. */
export type VideoEncoder = 'software' | 'vaapi' | 'nvenc' | 'qsv';

/** A run that makes segments `from` on of one rendition, into `dir`. */
export interface SegmentRun {
  /** The blob's local path, built by Nimbus (never a name a member gave). */
  input: string;
  facts: VideoFacts;
  plan: RenditionPlan;
  /** Ordinal among the audio streams; absent when the video has none. */
  audio: number | undefined;
  /** The container index of a picture subtitle stream to burn into a transcode, if any. */
  burn?: number | undefined;
  /** The audio stream alone (an audio rendition of the master playlist), no video. */
  audioOnly?: boolean;
  bounds: readonly number[];
  from: number;
  /** The segment (exclusive) past which the run is not trusted: the job ends it there. */
  until: number;
  dir: string;
  encoder: VideoEncoder;
  /** The VAAPI render node. */
  vaapiDevice: string;
}

/**
 * Seconds added to every output timestamp. The AAC encoder's priming samples start before the
 * first frame; without a margin the muxer would shift the run that starts at 0 (and only that
 * one), and its segments would not line up with those of runs started at a seek.
 */
const outputOffset = 1;

/**
 * Seconds the MPEG-TS muxer adds to every timestamp as the segment muxer runs it (its mux delay).
 * Fragmented MP4 segments add them to their own offset, so an fMP4 video and the MPEG-TS audio
 * renditions of the master playlist share one timeline (players line them up by timestamp).
 */
const mpegtsDelay = 1.4;

function seconds(value: number): string {
  return value.toFixed(6);
}

function videoArgs(run: SegmentRun): string[] {
  const { plan } = run;
  if (plan.copyVideo) {
    // Copied packets before the seek point (the demuxer lands on an earlier keyframe) are
    // dropped, so a run started at a bound begins with that bound's keyframe; Apple's players
    // and MSE want HEVC in MP4 tagged `hvc1`.
    return [
      '-c:v',
      'copy',
      '-copypriorss',
      '0',
      ...(plan.videoCodec === 'hevc' && plan.segments === 'fmp4' ? ['-tag:v', 'hvc1'] : []),
    ];
  }
  const scale = `scale=${plan.width}:${plan.height}`;
  // Keyframes exactly where segments are cut, so each segment starts cleanly and seeks land.
  // The expression's `t` counts from the run's first frame (its first bound), whatever `-ss`
  // and `-copyts` keep of the file's timestamps: a run started at a seek is cut every 4 s from
  // there, as a run from the start is.
  const keys = ['-force_key_frames', `expr:gte(t,n_forced*${String(transcodeSegmentSeconds)})`];
  switch (run.encoder) {
    case 'vaapi':
      return [
        '-vf',
        `format=nv12,hwupload,scale_vaapi=w=${plan.width}:h=${plan.height}`,
        '-c:v',
        'h264_vaapi',
        '-qp',
        '23',
        ...keys,
      ];
    case 'nvenc':
      return ['-vf', `${scale},format=yuv420p`, '-c:v', 'h264_nvenc', '-preset', 'p4', ...keys];
    case 'qsv':
      return ['-vf', `${scale},format=nv12`, '-c:v', 'h264_qsv', '-preset', 'faster', ...keys];
    case 'software':
      return [
        '-vf',
        `${scale},format=yuv420p`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-profile:v',
        'high',
        ...keys,
      ];
  }
}

/**
 * The video's mapping and encoding: the first video stream through the encoder's filters, or,
 * with a picture subtitle burned in, that stream with the subtitle overlaid first (ffmpeg keeps
 * a sparse subtitle stream's last picture on screen until the next one).
 */
function videoMapped(run: SegmentRun, encode: string[]): string[] {
  const filters = encode.indexOf('-vf');
  if (run.burn === undefined || filters < 0) {
    return ['-map', '0:v:0', ...encode];
  }
  const chain = encode[filters + 1] ?? 'null';
  return [
    '-filter_complex',
    `[0:v:0][0:${String(run.burn)}]overlay=eof_action=pass,${chain}[burned]`,
    '-map',
    '[burned]',
    ...encode.filter((_, index) => index !== filters && index !== filters + 1),
  ];
}

/**
 * Each segment a whole fragmented MP4 (`ftyp` and `moov`, then a fragment per keyframe) whose
 * fragments carry the file's own decode times (`frag_discont`), so segments of different runs
 * line up; without an edit list the first decode time is the packet's own, not its presentation
 * time (which would show a video with B-frames late by their delay). The job splits the `ftyp`
 * and `moov` off as the rendition's init segment.
 */
const fmp4Options =
  'movflags=+frag_keyframe+empty_moov+default_base_moof+frag_discont:avoid_negative_ts=disabled:use_editlist=0';

/** Whether a run writes fragmented MP4 segments (`.m4s`) rather than MPEG-TS (`.ts`). */
export function writesFmp4(run: Pick<SegmentRun, 'plan' | 'audioOnly'>): boolean {
  return run.plan.segments === 'fmp4' && run.audioOnly !== true;
}

/**
 * The ffmpeg arguments of a segment run. The input is forced to the demuxer ffprobe found, and
 * only the `file` protocol is allowed, so a file cannot make ffmpeg open anything else; `-ss`
 * before `-i` seeks straight to the first segment, and `-copyts` keeps the file's timestamps so
 * segments of different runs line up. The segment muxer cuts at the given bounds (on the offset
 * output timeline; forced keyframes are placed on the input's) and appends each
 * finished segment to `list.csv`, which the job watches.
 */
export function segmentArgs(run: SegmentRun): string[] {
  const start = run.bounds[run.from] ?? 0;
  const fmp4 = writesFmp4(run);
  const offset = fmp4 ? outputOffset + mpegtsDelay : outputOffset;
  const cuts = run.bounds
    .slice(run.from + 1, run.until)
    .map((bound) => seconds(bound + offset - 0.001));
  const seek = Math.max(0, start - run.facts.startTime);
  return [
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...inputGuards(),
    ...(run.encoder === 'vaapi' ? ['-vaapi_device', run.vaapiDevice] : []),
    '-f',
    run.facts.demuxer,
    // A copied video starts at the first keyframe from the seek point (`-copypriorss 0`): the
    // bound's own, which the seek lands just before.
    ...(run.from > 0
      ? ['-ss', seconds(run.plan.copyVideo && !run.audioOnly ? Math.max(0, seek - 0.0005) : seek)]
      : []),
    '-copyts',
    '-i',
    run.input,
    ...(run.audioOnly ? ['-vn'] : videoMapped(run, videoArgs(run))),
    ...(run.audio === undefined ? [] : ['-map', `0:a:${run.audio}`]),
    '-sn',
    '-dn',
    ...(run.audio === undefined ? [] : ['-c:a', 'aac', '-ac', '2', '-b:a', '160k']),
    '-max_muxing_queue_size',
    '1024',
    '-output_ts_offset',
    String(offset),
    '-f',
    'segment',
    ...(fmp4
      ? ['-map_metadata', '-1', '-segment_format', 'mp4', '-segment_format_options', fmp4Options]
      : ['-segment_format', 'mpegts']),
    // Without a cut left, one segment to the end: not the muxer's default of one every 2 s, which
    // would cut a copied video on its next keyframe.
    ...(cuts.length > 0 ? ['-segment_times', cuts.join(',')] : ['-segment_time', '1000000']),
    '-segment_start_number',
    String(run.from),
    '-segment_list',
    `${run.dir}/list.csv`,
    '-segment_list_type',
    'csv',
    `${run.dir}/%d.${fmp4 ? 'm4s' : 'ts'}`,
  ];
}
