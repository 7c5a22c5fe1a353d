import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { VideoEncoder } from './ffmpeg-args';

const encoderNames: Record<Exclude<VideoEncoder, 'software'>, string> = {
  vaapi: 'h264_vaapi',
  nvenc: 'h264_nvenc',
  qsv: 'h264_qsv',
};

/**
 * The encoder transcodes use: the configured hardware family when this ffmpeg has its encoder
 * (and, for VAAPI, the render node exists), else software. Asked once, at start-up.
 */
export function detectVideoEncoder(
  wanted: 'none' | Exclude<VideoEncoder, 'software'>,
  vaapiDevice: string,
  logger?: { warn(message: string): void },
): VideoEncoder {
  if (wanted === 'none') {
    return 'software';
  }
  let listed: string;
  try {
    listed =
      spawnSync('ffmpeg', ['-hide_banner', '-encoders'], {
        encoding: 'utf8',
        timeout: 10_000,
      }).stdout ?? '';
  } catch {
    listed = '';
  }
  const present =
    listed.includes(encoderNames[wanted]) && (wanted !== 'vaapi' || fs.existsSync(vaapiDevice));
  if (!present) {
    logger?.warn(`the ${wanted} encoder is not available here: transcoding in software`);
    return 'software';
  }
  return wanted;
}
