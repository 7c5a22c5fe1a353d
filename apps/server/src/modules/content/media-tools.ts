import { execFile, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The external programs found at start-up; what is missing is skipped, never an error. */
export interface MediaTools {
  ffprobe: boolean;
  ffmpeg: boolean;
  /** Poppler's `pdfinfo` and `pdftoppm` (Debian's `poppler-utils`): first-page thumbnails of PDFs. */
  poppler?: boolean;
}

function answers(command: string, versionFlag = '-version'): boolean {
  try {
    return spawnSync(command, [versionFlag], { stdio: 'ignore', timeout: 5000 }).status === 0;
  } catch {
    return false;
  }
}

let detected: MediaTools | undefined;

/**
 * Looks for `ffprobe`, `ffmpeg` and Poppler's tools on the PATH once per process, at the first
 * start-up: four programs run and waited for, which every later container of the process (the
 * medium tests build hundreds) need not wait for again.
 */
export function detectMediaTools(): MediaTools {
  detected ??= {
    ffprobe: answers('ffprobe'),
    ffmpeg: answers('ffmpeg'),
    poppler: answers('pdfinfo', '-v') && answers('pdftoppm', '-v'),
  };
  return { ...detected };
}

/**
 * The demuxers ffprobe and ffmpeg may use on a stored video or audio file. Lists of other files
 * (`ffconcat`, HLS and DASH playlists, SDP, image sequences) are not among them: a hostile upload
 * that is one, behind a video's or an audio file's first bytes, would make them open whatever it
 * names, another member's blob beside it included.
 */
export const mediaDemuxers = [
  'mov',
  'matroska',
  'mpegts',
  'mpeg',
  'avi',
  'flv',
  'asf',
  'ogg',
  'mxf',
  'rm',
  'nut',
  'ivf',
  'mp3',
  'aac',
  'flac',
  'wav',
  'w64',
  'aiff',
  'caf',
  'au',
  'amr',
  'ape',
  'wv',
  'tta',
  'mpc',
  'mpc8',
  'dsf',
  'ac3',
  'eac3',
  'dts',
  'truehd',
] as const;

/** Options that keep ffprobe and ffmpeg on the one local file they are given. */
const mediaInputGuards = [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  mediaDemuxers.join(','),
] as const;

/** What ffprobe says of a media file. */
export interface ProbedMedia {
  width: number;
  height: number;
  durationMs: number;
  videoCodec: string;
  audioCodec: string;
}

interface FfprobeOutput {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
  }[];
  format?: { duration?: string };
}

/** Dimensions, duration and codecs of the first video and audio streams of a file. */
export async function probeMedia(file: string): Promise<ProbedMedia> {
  const { stdout } = await run(
    'ffprobe',
    [
      '-v',
      'error',
      ...mediaInputGuards,
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '--',
      file,
    ],
    { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
  );
  const output = JSON.parse(stdout) as FfprobeOutput;
  const video = output.streams?.find((stream) => stream.codec_type === 'video');
  const audio = output.streams?.find((stream) => stream.codec_type === 'audio');
  const seconds = Number(output.format?.duration ?? video?.duration ?? audio?.duration ?? 0);
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
    videoCodec: video?.codec_name ?? '',
    audioCodec: audio?.codec_name ?? '',
  };
}

/** One frame of a video as PNG bytes, taken `atSeconds` in (or the first frame of a short one). */
export async function extractFrame(file: string, atSeconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        '-v',
        'error',
        ...mediaInputGuards,
        '-ss',
        String(atSeconds),
        '-i',
        file,
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'], timeout: 60_000 },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const frame = Buffer.concat(chunks);
      if (code === 0 && frame.length > 0) {
        resolve(frame);
      } else {
        reject(new Error(`ffmpeg took no frame (exit ${String(code)})`));
      }
    });
  });
}

/**
 * Limits of a Poppler run on a PDF anyone may have uploaded: its address space (a hostile file
 * can ask for huge images or deep object trees), CPU seconds and wall time, and the bytes it may
 * print. Poppler opens no network connection; it reads the one file it is given.
 */
const popplerLimits = { memoryKiB: 512 * 1024, cpuSeconds: 20, wallMs: 30_000 } as const;

/** Runs a Poppler tool under the limits above; its stdout, or a rejection on any failure. */
async function runPoppler(command: string, args: string[], maxOutput: number): Promise<Buffer> {
  // `ulimit` in a shell that then becomes the tool: the limits bind the tool and what it starts.
  const { stdout } = await run(
    'sh',
    [
      '-c',
      `ulimit -v ${popplerLimits.memoryKiB} && ulimit -t ${popplerLimits.cpuSeconds} && exec "$0" "$@"`,
      command,
      ...args,
    ],
    {
      encoding: 'buffer',
      timeout: popplerLimits.wallMs,
      killSignal: 'SIGKILL',
      maxBuffer: maxOutput,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    },
  );
  return stdout;
}

/** The size of a PDF's first page in points, as `pdfinfo` reads it; rejects what it cannot read. */
export async function probePdf(file: string): Promise<{ width: number; height: number }> {
  const text = (
    await runPoppler('pdfinfo', ['-f', '1', '-l', '1', '--', file], 64 * 1024)
  ).toString('latin1');
  const size =
    /^Page\s+1 size:\s+([\d.]+) x ([\d.]+)/m.exec(text) ??
    /^Page size:\s+([\d.]+) x ([\d.]+)/m.exec(text);
  const width = Math.round(Number(size?.[1] ?? 0));
  const height = Math.round(Number(size?.[2] ?? 0));
  if (!(width > 0 && height > 0)) {
    throw new Error('pdfinfo found no first page');
  }
  return { width, height };
}

/** The first page of a PDF as PNG bytes, its longer side `pixels` long. */
export async function renderPdfPage(file: string, pixels: number): Promise<Buffer> {
  const png = await runPoppler(
    'pdftoppm',
    ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', String(pixels), '--', file],
    // An RGB PNG of the page at most, with room for a poor compression.
    pixels * pixels * 4 + 64 * 1024,
  );
  if (png.length === 0) {
    throw new Error('pdftoppm drew no page');
  }
  return png;
}
