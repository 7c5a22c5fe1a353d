import { z } from 'zod';

/**
 * Video playback: the segment cache, the transcode limits and the encoders. Each variable is
 * described in its schema (`.describe()`), which docs/configuration.md is generated from
 * (`npm run docs:config`).
 */
export const videoSettings = {
  TRANSCODE_CACHE_DIR: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Folder of the HLS segment cache (segments keyed by content SHA-256, rendition, audio stream and number, shared by every drive holding the same bytes); `DATA_DIR/transcode` when unset. With `BLOB_STORE=s3` it also keeps the local copy of each video being played, which ffmpeg reads.',
    ),
  TRANSCODE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024 * 1024)
    .default(20 * 1024 * 1024 * 1024)
    .describe(
      'Bytes of segments the cache keeps on this node, and with `BLOB_STORE=s3` the budget of the segments shared in the bucket too (`transcode/`); past it the least recently played segments are deleted.',
    ),
  TRANSCODE_MAX_JOBS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(2)
    .describe(
      'ffmpeg segment runs at once on this node; a request past it waits `TRANSCODE_QUEUE_WAIT_SECONDS` for a slot, then answers `transcode_busy` (503) and the player shows "preparing".',
    ),
  TRANSCODE_QUEUE_WAIT_SECONDS: z.coerce
    .number()
    .min(0)
    .max(120)
    .default(10)
    .describe('Seconds a segment request waits for a free transcode slot.'),
  TRANSCODE_MEMORY_MIB: z.coerce
    .number()
    .int()
    .min(256)
    .max(65_536)
    .default(3072)
    .describe('Address space of one ffmpeg or ffprobe run, in MiB (`ulimit -v`).'),
  TRANSCODE_NICENESS: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(10)
    .describe('Scheduling niceness of ffmpeg runs: playback work yields to API requests.'),
  TRANSCODE_AT_INGEST: z
    .enum(['off', 'remux', 'all'])
    .default('off')
    .describe(
      'Work done when a video is uploaded, so its playback starts at once later. Every uploaded video has its facts and keyframes read (one ffprobe pass through its index, a fraction of a second), so its playlists are answered from the database; `remux` also makes every segment of the remux a baseline browser is given (an H.264 video in a container or with audio it does not play), `all` also the default transcode of the videos it cannot play. Queued by content (the same bytes once) and done by `npm run worker` processes and by API nodes that run background work (`OFFLINE_WORKERS` above 0), within `TRANSCODE_MAX_JOBS`; a video ffmpeg cannot read fails its job with the reason.',
    ),
  TRANSCODE_HW_ENCODER: z
    .enum(['none', 'vaapi', 'nvenc', 'qsv'])
    .default('none')
    .describe(
      'Hardware H.264 encoder for transcodes: `vaapi` (Intel/AMD, through `TRANSCODE_VAAPI_DEVICE`), `nvenc` (NVIDIA) or `qsv` (Intel Quick Sync); used when ffmpeg has the encoder (and the VAAPI device exists), else Nimbus logs it and encodes in software (libx264).',
    ),
  TRANSCODE_VAAPI_DEVICE: z
    .string()
    .min(1)
    .default('/dev/dri/renderD128')
    .describe('The VAAPI render node of `TRANSCODE_HW_ENCODER=vaapi`.'),
} as const;
