import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const idSchema = z.string().min(1).max(64);

/** A signed link to a WebVTT text (a subtitle track, a storyboard map). */
const vttLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  /** RFC 3339 expiry. */
  expire: z.string(),
  type: z.literal('text/vtt'),
});

/** One audio stream of a video (docs/api.md#media-tracks). */
export const audioTrackSchema = z.object({
  /** Ordinal among the file's audio streams (0-based): the playlist's `?audio=`. */
  index: z.number().int(),
  /** BCP 47 tag (`en`, `pt-BR`), or `""` when the stream names none. */
  language: z.string(),
  title: z.string(),
  codec: z.string(),
  channels: z.number().int(),
  is_default: z.boolean(),
});
export type AudioTrack = z.infer<typeof audioTrackSchema>;

/** One subtitle track of a video: a text track served as WebVTT, or an image track (burn-in only). */
export const subtitleTrackSchema = z.object({
  id: z.string(),
  /** BCP 47 tag, or `""` when unknown. */
  language: z.string(),
  label: z.string(),
  source: z.enum(['sidecar', 'embedded', 'picked']),
  kind: z.enum(['text', 'image']),
  /** Forced subtitles (signs and foreign dialogue only). */
  is_forced: z.boolean(),
  is_default: z.boolean(),
  /** The WebVTT text; null for image subtitles (PGS, VobSub), which only a transcode burns in. */
  link: vttLinkSchema.nullable(),
});
export type SubtitleTrack = z.infer<typeof subtitleTrackSchema>;

/**
 * Seek-bar thumbnails: a WebVTT map whose cues point into JPEG sprites with `#xywh=x,y,w,h`
 * (each sprite URL in it is signed like the map).
 */
export const storyboardSchema = z.object({
  vtt: vttLinkSchema,
  /** Seconds between two thumbnails. */
  interval: z.number(),
});

/** `GET /drive/v1/files/{id}/media_tracks` and the share visitor's `GET /drive/v1/share/media_tracks`. */
export const mediaTracksSchema = z.object({
  audio: z.array(audioTrackSchema),
  subtitles: z.array(subtitleTrackSchema),
  /** Null for a file that is not a video, or when ffmpeg is not installed. */
  storyboard: storyboardSchema.nullable(),
});
export type MediaTracks = z.infer<typeof mediaTracksSchema>;

export const mediaTracksParamsSchema = z.object({ id: idSchema });

/** `GET /drive/v1/share/media_tracks`: the share visitor's call, with the share's own access. */
export const shareMediaTracksQuerySchema = z.object({
  share_id: z.string().max(64).default(''),
  file_id: z.string().max(64).default(''),
  pass_code_token: z.string().max(1024).default(''),
});

/** `POST /drive/v1/files/{id}/media_tracks:pick`. */
export const pickSubtitleBodySchema = z.object({ subtitle_file_id: idSchema });

/** `GET`/`PUT /drive/v1/media_preferences`: the member's remembered player choices. */
export const mediaPreferencesSchema = z.object({
  /** BCP 47 tag of the preferred audio language; `""` = the file's default stream. */
  audio_language: z.string().max(35),
  /** BCP 47 tag of the preferred subtitle language; `""` = subtitles off. */
  subtitle_language: z.string().max(35),
  subtitle_size: z.enum(['small', 'medium', 'large']),
  subtitle_position: z.enum(['bottom', 'top']),
});
export type MediaPreferences = z.infer<typeof mediaPreferencesSchema>;

/** `PUT /drive/v1/media_preferences`: the fields to change (others keep their value). */
export const mediaPreferencesUpdateSchema = mediaPreferencesSchema.partial();

/** A media track's bytes: the signed token (a WebVTT text or a storyboard sprite). */
export const mediaTrackContentParamsSchema = z.object({
  token: z.string().min(1).max(8192),
});

const tags = ['video'];

/** Subtitles, audio tracks and seek-bar thumbnails of a video (docs/api.md#media-tracks). */
export const mediaTracksApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/files/:id/media_tracks',
    summary:
      "A video's audio streams, its subtitles (sidecar files beside it, embedded text streams, picked files) as WebVTT links, and its seek-bar storyboard",
    tags,
    auth: 'member',
    params: mediaTracksParamsSchema,
    answer: mediaTracksSchema,
  }),
  shareList: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/share/media_tracks',
    summary:
      "The media tracks of a video inside a share, through the share's access rules (links bound to the share)",
    tags,
    auth: 'visitor',
    query: shareMediaTracksQuerySchema,
    answer: mediaTracksSchema,
  }),
  pick: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files/:id/media_tracks::pick',
    summary:
      "Adds a subtitle file of the member's drive (.srt, .vtt, .ass, .ssa) to a video's subtitles, as WebVTT",
    tags,
    auth: 'member',
    params: mediaTracksParamsSchema,
    body: pickSubtitleBodySchema,
    answer: subtitleTrackSchema,
  }),
  getPreferences: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/media_preferences',
    summary: "The member's remembered audio and subtitle choices",
    tags,
    auth: 'member',
    answer: mediaPreferencesSchema,
  }),
  putPreferences: defineEndpoint({
    method: 'PUT',
    path: '/drive/v1/media_preferences',
    summary: "Changes the member's remembered audio and subtitle choices",
    tags,
    auth: 'member',
    body: mediaPreferencesUpdateSchema,
    answer: mediaPreferencesSchema,
  }),
  content: defineEndpoint({
    method: 'GET',
    path: '/content/v1/tracks/:token',
    summary:
      'The bytes behind a signed media-track link: a WebVTT subtitle or storyboard, or a storyboard sprite (JPEG)',
    tags: ['content'],
    auth: 'visitor',
    params: mediaTrackContentParamsSchema,
  }),
} as const;
