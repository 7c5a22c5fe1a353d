import { z } from 'zod';
import { createClaimsSigner } from '../../content/signed-claims';

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

/**
 * Signs and checks media-track links, `base64url(JSON claims).base64url(HMAC)` like content
 * links, so a `<track>` element or a storyboard image loads without a session.
 */
export function createTrackLinkSigner(options: TrackLinkSignerOptions) {
  const { key, origin, ttlSeconds, now } = options;
  const claims = createClaimsSigner({
    key,
    purpose: 'nimbus-media-track',
    schema: trackClaimsSchema,
    now,
  });
  return {
    sign(request: Omit<TrackClaims, 'e'>): TrackLink {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const token = claims.sign({ ...request, e: expires });
      return {
        url: `${origin}${trackPathPrefix}/${token}`,
        token,
        expire: new Date(expires * 1000).toISOString(),
        type: 'text/vtt',
      };
    },

    /** The claims of a token: `content_link_invalid` when forged, `content_link_expired` when old. */
    verify(token: string): TrackClaims {
      return claims.verify(token);
    },
  };
}

export type TrackLinkSigner = ReturnType<typeof createTrackLinkSigner>;
