import { execFile } from 'node:child_process';
import { inputGuards } from '../video-facts';

/**
 * Limits of an ffmpeg or ffprobe run on a file anyone may have uploaded, besides the node's
 * address space and niceness (`TRANSCODE_MEMORY_MIB`, `TRANSCODE_NICENESS`): CPU seconds and
 * wall time.
 */
export const trackToolLimits = { cpuSeconds: 120, wallMs: 150_000 } as const;

export interface TrackToolRun {
  /** Bytes written to the tool's standard input (a subtitle file's text), or nothing. */
  input?: Buffer;
  /** The most bytes its standard output may hold; past that the run fails. */
  maxOutput: number;
  /** Wall time before the run is killed; `trackToolLimits.wallMs` when absent. */
  timeoutMs?: number;
}

/**
 * Runs `ffmpeg` or `ffprobe` with `args` and answers its standard output; rejects on a non-zero
 * exit, a timeout or too much output. Injected, so tests count the runs.
 */
export type TrackToolRunner = (
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
  run: TrackToolRun,
) => Promise<Buffer>;

/**
 * The runner of a node: the tool under `ulimit -v` (the node's address space for media runs),
 * `ulimit -t` and `nice`, with no environment but PATH. Every call's arguments confine the tool
 * to its one input (`inputGuards`, or a forced format read from standard input).
 */
export function createTrackToolRunner(limits: {
  memoryMiB: number;
  niceness: number;
}): TrackToolRunner {
  return (command, args, run) =>
    new Promise((resolve, reject) => {
      const child = execFile(
        'sh',
        [
          '-c',
          `ulimit -v ${String(limits.memoryMiB * 1024)} && ulimit -t ${String(trackToolLimits.cpuSeconds)} && exec nice -n ${String(limits.niceness)} "$0" "$@"`,
          command,
          ...args,
        ],
        {
          encoding: 'buffer',
          timeout: run.timeoutMs ?? trackToolLimits.wallMs,
          killSignal: 'SIGKILL',
          maxBuffer: run.maxOutput,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        },
        (error, stdout) => {
          if (error) {
            reject(new Error(`${command} failed: ${error.message.split('\n')[0] ?? ''}`));
          } else {
            resolve(stdout);
          }
        },
      );
      child.stdin?.on('error', () => {
        // The tool may exit before reading all of its input (a damaged file); the exit code tells.
      });
      child.stdin?.end(run.input ?? Buffer.alloc(0));
    });
}

/** An audio stream as the player lists it. */
export interface ProbedAudio {
  /** Ordinal among the audio streams. */
  index: number;
  language: string;
  title: string;
  codec: string;
  channels: number;
  isDefault: boolean;
}

/** A subtitle stream inside a video. */
export interface ProbedSubtitle {
  /** The stream's index in the container (ffmpeg's `0:<stream>`). */
  stream: number;
  language: string;
  title: string;
  codec: string;
  isDefault: boolean;
  isForced: boolean;
}

export interface ProbedStreams {
  audio: ProbedAudio[];
  subtitles: ProbedSubtitle[];
}

/** Subtitle codecs ffmpeg turns into WebVTT text; other subtitle streams are pictures. */
export const textSubtitleCodecs = new Set([
  'subrip',
  'srt',
  'ass',
  'ssa',
  'mov_text',
  'webvtt',
  'text',
]);

/**
 * A BCP 47 tag from a container's or a file name's language (`eng`, `pt-BR`, `pob`): the
 * canonical form Intl knows (`en`), or `""` for undetermined and unknown tags.
 */
export function languageTag(value: string | undefined): string {
  if (!value || value === 'und' || value.length > 35) {
    return '';
  }
  try {
    const [tag] = Intl.getCanonicalLocales(value);
    return tag === undefined || tag === 'und' ? '' : tag;
  } catch {
    return '';
  }
}

interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  channels?: number;
  tags?: Record<string, string | undefined>;
  disposition?: Record<string, number | undefined>;
}

/** The audio and subtitle streams of ffprobe's JSON output. */
export function streamsOf(output: string): ProbedStreams {
  const parsed = JSON.parse(output) as { streams?: FfprobeStream[] };
  const streams = Array.isArray(parsed.streams) ? parsed.streams : [];
  const text = (value: unknown, max = 200) =>
    typeof value === 'string' ? value.slice(0, max) : '';
  const audio = streams
    .filter((stream) => stream.codec_type === 'audio')
    .map((stream, index) => ({
      index,
      language: languageTag(stream.tags?.['language']),
      title: text(stream.tags?.['title']),
      codec: text(stream.codec_name, 64),
      channels: Number.isInteger(stream.channels) ? Number(stream.channels) : 0,
      isDefault: stream.disposition?.['default'] === 1,
    }));
  const subtitles = streams
    .filter((stream) => stream.codec_type === 'subtitle' && Number.isInteger(stream.index))
    .map((stream) => ({
      stream: Number(stream.index),
      language: languageTag(stream.tags?.['language']),
      title: text(stream.tags?.['title']),
      codec: text(stream.codec_name, 64),
      isDefault: stream.disposition?.['default'] === 1,
      isForced: stream.disposition?.['forced'] === 1,
    }));
  return { audio, subtitles };
}

/** ffprobe's streams of one local file. */
export async function probeStreams(run: TrackToolRunner, file: string): Promise<ProbedStreams> {
  const output = await run(
    'ffprobe',
    [
      '-v',
      'error',
      ...inputGuards(),
      '-print_format',
      'json',
      '-show_streams',
      '--',
      `file:${file}`,
    ],
    { maxOutput: 4 * 1024 * 1024, timeoutMs: 30_000 },
  );
  return streamsOf(output.toString('utf8'));
}

/** Thrown when too many ffmpeg runs wait: the request answers `unavailable`, and is not remembered as a failure. */
export class TrackToolBusy extends Error {}

/**
 * A runner that lets at most `maxRunning` ffmpeg runs go at once on this node; up to `maxWaiting`
 * more wait their turn, and past that a run is refused at once (`TrackToolBusy`). ffprobe reads
 * only headers and is not queued.
 */
export function limitTrackRuns(
  run: TrackToolRunner,
  limits: { maxRunning: number; maxWaiting: number },
): TrackToolRunner {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (command, args, options) => {
    if (command !== 'ffmpeg') {
      return run(command, args, options);
    }
    if (running >= limits.maxRunning) {
      if (waiting.length >= limits.maxWaiting) {
        throw new TrackToolBusy('Too many media conversions are under way');
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await run(command, args, options);
    } finally {
      const next = waiting.shift();
      if (next) {
        // The slot passes to the next run as it is.
        next();
      } else {
        running -= 1;
      }
    }
  };
}
