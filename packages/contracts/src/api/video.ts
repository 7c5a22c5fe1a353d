import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * What a browser says it decodes (`media_codecs` of a File call, docs/api.md#files): video
 * codecs, audio codecs, containers, and `hls` when it plays HLS natively. Unknown names are
 * ignored, so a newer player may send more.
 */
export const mediaCodecNames = [
  'h264',
  'hevc',
  'vp9',
  'av1',
  'aac',
  'mp3',
  'opus',
  'vorbis',
  'flac',
  'ac3',
  'eac3',
  'mp4',
  'webm',
  'mkv',
  'hls',
] as const;
export type MediaCodecName = (typeof mediaCodecNames)[number];

/** What a browser that sent no `media_codecs` is taken to decode. */
export const baselineMediaCodecs: readonly MediaCodecName[] = [
  'h264',
  'vp9',
  'aac',
  'mp3',
  'opus',
  'vorbis',
  'flac',
  'mp4',
  'webm',
];

/** The `media_codecs` query: a comma list of `mediaCodecNames`. */
export const mediaCodecsQuerySchema = z
  .string()
  .max(512)
  .optional()
  .describe(
    'What the browser decodes, a comma list of `h264,hevc,vp9,av1` (video), `aac,mp3,opus,vorbis,flac,ac3,eac3` (audio), `mp4,webm,mkv` (containers) and `hls` (native HLS); absent is a baseline browser (`h264,vp9,aac,mp3,opus,vorbis,flac,mp4,webm`). Decides which `medias` a video lists and which is the default',
  );

/** The known names of a `media_codecs` value, or the baseline when it is absent or names none. */
export function parseMediaCodecs(value: string | undefined): Set<MediaCodecName> {
  const known = new Set<string>(mediaCodecNames);
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name): name is MediaCodecName => known.has(name));
  return new Set(names.length > 0 ? names : baselineMediaCodecs);
}

/** Which rendition a `medias` entry is: the file's own bytes, a remux, or a transcode. */
export const renditionNames = ['original', 'remux', '1080p', '720p', '480p'] as const;
export type RenditionName = (typeof renditionNames)[number];
export const renditionSchema = z.enum(renditionNames);

/** An HLS path under a rendition's signed link: its playlist or one of its segments. */
export const hlsParamsSchema = z.object({
  token: z.string().min(1).max(8192),
  name: z
    .string()
    .regex(
      /^(index\.m3u8|master\.m3u8|video\.m3u8|audio\.m3u8|[va]?\d{1,6}\.ts|v?\d{1,6}\.m4s|v?init\.mp4)$/,
    )
    .describe(
      '`index.m3u8` (the media playlist: video and the chosen audio), `master.m3u8` (every rendition of the video as a variant, this one first, and every audio stream as an `EXT-X-MEDIA` audio rendition), `video.m3u8` (the video alone, a variant of the master) and `audio.m3u8` (the chosen audio stream alone), or a segment from 0: `<n>.ts`, `v<n>.ts` (video alone) or `a<n>.ts` (audio alone); a remux of HEVC, VP9 or AV1 has fragmented MP4 segments instead, `<n>.m4s` and `v<n>.m4s` after the init segment `init.mp4` and `vinit.mp4` (`EXT-X-MAP`)',
    ),
});

export const hlsQuerySchema = z.object({
  audio: z.coerce
    .number()
    .int()
    .min(0)
    .max(63)
    .optional()
    .describe(
      'The audio stream, 0-based among the audio streams; the default (else first) stream when absent',
    ),
  burn: z
    .string()
    .regex(/^e\d{1,4}$/)
    .optional()
    .describe(
      'A picture subtitle track (PGS, VobSub: `media_tracks` `kind: "image"`, its `id`) burned into the video; transcodes only (`invalid_argument` on a remux)',
    ),
});

/** The HLS playlists and segments behind a rendition's signed link (`medias[].link`). */
export const videoApi = {
  hls: defineEndpoint({
    method: 'GET',
    path: '/content/v1/:token/hls/:name',
    summary:
      "A rendition of a video as HLS: `index.m3u8` lists every segment at once from the duration; `master.m3u8` lists every rendition as a variant (bandwidth, resolution, codecs), this link's first, and every audio stream as an `EXT-X-MEDIA` rendition (language, name, `DEFAULT` on the chosen one), for players that switch between them; `<n>.ts` is made on demand (MPEG-TS, H.264 + AAC; a remux of HEVC, VP9 or AV1 makes fragmented MP4 `<n>.m4s` after `init.mp4`), cached by content, and answers `transcode_busy` (503) while the server is at its transcode limit, `media_unplayable` when the bytes cannot be read, and `file_not_found` once the file or the share that gave the link no longer holds it",
    tags: ['content'],
    auth: 'visitor',
    params: hlsParamsSchema,
    query: hlsQuerySchema,
  }),
} as const;
