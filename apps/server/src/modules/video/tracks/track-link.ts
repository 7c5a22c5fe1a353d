import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../http/app-error';

/** The path prefix of media-track links, under the content origin's. */
export const trackPathPrefix = '/content/v1/tracks';

/**
 * What a media-track link opens: a subtitle track's WebVTT (`sub`), a storyboard's map
 * (`board`) or one of its sprites (`sprite`, `t` its number), of video `f` of member `u`;
 * `h` when handed out through a share (checked again when opened).
 */
export const trackClaimsSchema = z.object({
  k: z.enum(['sub', 'board', 'sprite']),
  u: z.string(),
  f: z.string(),
  t: z.string(),
  h: z.object({ s: z.string(), k: z.string() }).optional(),
  e: z.number().int(),
});

export type TrackClaims = z.infer<typeof trackClaimsSchema>;

export interface TrackLink {
  url: string;
  token: string;
  expire: string;
  type: 'text/vtt';
}

export interface TrackLinkSignerOptions {
  key: Uint8Array;
  /** Origin the links point at (`CONTENT_ORIGIN`). */
  origin: string;
  ttlSeconds: number;
  now: () => Date;
}

function mac(key: Uint8Array, payload: string): Buffer {
  return createHmac('sha256', key).update(`nimbus-media-track\n${payload}`, 'utf8').digest();
}

/**
 * Signs and checks media-track links, `base64url(JSON claims).base64url(HMAC)` like content
 * links, so a `<track>` element or a storyboard image loads without a session.
 */
export function createTrackLinkSigner(options: TrackLinkSignerOptions) {
  const { key, origin, ttlSeconds, now } = options;
  return {
    sign(claims: Omit<TrackClaims, 'e'>): TrackLink {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const payload = Buffer.from(JSON.stringify({ ...claims, e: expires }), 'utf8').toString(
        'base64url',
      );
      const token = `${payload}.${mac(key, payload).toString('base64url')}`;
      return {
        url: `${origin}${trackPathPrefix}/${token}`,
        token,
        expire: new Date(expires * 1000).toISOString(),
        type: 'text/vtt',
      };
    },

    /** The claims of a token: `content_link_invalid` when forged, `content_link_expired` when old. */
    verify(token: string): TrackClaims {
      const invalid = () => new AppError('content_link_invalid');
      const dot = token.indexOf('.');
      if (dot <= 0) {
        throw invalid();
      }
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(key, payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw invalid();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      const claims = trackClaimsSchema.safeParse(parsed);
      if (!claims.success) {
        throw invalid();
      }
      if (claims.data.e * 1000 <= now().getTime()) {
        throw new AppError('content_link_expired');
      }
      return claims.data;
    },
  };
}

export type TrackLinkSigner = ReturnType<typeof createTrackLinkSigner>;
