import { execFile, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The external programs found at start-up; what is missing is skipped, never an error. */
export interface MediaTools {
  ffprobe: boolean;
  ffmpeg: boolean;
}

function answers(command: string): boolean {
  try {
    return spawnSync(command, ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  } catch {
    return false;
  }
}

/** Looks for `ffprobe` and `ffmpeg` on the PATH once, at start-up. */
export function detectMediaTools(): MediaTools {
  return { ffprobe: answers('ffprobe'), ffmpeg: answers('ffmpeg') };
}

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
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file],
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
