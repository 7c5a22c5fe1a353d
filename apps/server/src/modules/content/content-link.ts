import { renditionNames } from '@nimbus/contracts';
import { z } from 'zod';
import { createClaimsSigner } from './signed-claims';

/** The path prefix of every content link; the one-port dispatcher hands it to the API server. */
export const contentPathPrefix = '/content/v1';

/**
 * The share a link was handed out through: share `s` under the pass-code stamp `k`. The content
 * origin asks the share module on every request whether the share still holds the file.
 */
const shareScopeSchema = z.object({ s: z.string(), k: z.string() });

/** What a link lets its holder fetch; the claims are signed, so none can be changed. */
export const linkClaimsSchema = z.discriminatedUnion('p', [
  /**
   * The bytes of one file; `t: 1` on the member's own links, whose downloads count against the
   * member's download traffic; `h` on a share's links.
   */
  z.object({
    p: z.literal('file'),
    u: z.string(),
    f: z.string(),
    t: z.literal(1).optional(),
    h: shareScopeSchema.optional(),
    e: z.number().int(),
  }),
  /** A thumbnail of one file, in one of the sizes of docs/product.md#entities; `h` on a share's links. */
  z.object({
    p: z.literal('thumb'),
    u: z.string(),
    f: z.string(),
    s: z.enum(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE']),
    h: shareScopeSchema.optional(),
    e: z.number().int(),
  }),
  /**
   * The HLS playlist and segments of one rendition `r` of a video (docs/api.md#files `medias`);
   * `h` on a share's links.
   */
  z.object({
    p: z.literal('hls'),
    u: z.string(),
    f: z.string(),
    r: z.enum(renditionNames).exclude(['original']),
    h: shareScopeSchema.optional(),
    e: z.number().int(),
  }),
  /** A zip of a selection (files and folders, one parent or several). */
  z.object({
    p: z.literal('zip'),
    u: z.string(),
    i: z.array(z.string()).min(1),
    n: z.string(),
    e: z.number().int(),
  }),
  /**
   * A zip of items inside a share, for the signed-in member `u` who holds the pass-code token
   * `t`: share `s`, chosen items `i` (all of the share's when empty), checked again when opened.
   */
  z.object({
    p: z.literal('share-zip'),
    u: z.string(),
    s: z.string(),
    t: z.string(),
    i: z.array(z.string()),
    n: z.string(),
    e: z.number().int(),
  }),
]);

export type LinkClaims = z.infer<typeof linkClaimsSchema>;

/** A claim set before it has an expiry. */
export type LinkRequest = LinkClaims extends infer C
  ? C extends LinkClaims
    ? Omit<C, 'e'>
    : never
  : never;

/** A signed link as the File's `links` entries carry it (docs/api.md#files). */
export interface SignedLink {
  url: string;
  token: string;
  /** RFC 3339 expiry. */
  expire: string;
}

export interface LinkSignerOptions {
  /** HMAC-SHA-256 key, derived from the auth secret for this purpose alone. */
  key: Uint8Array;
  /** Origin the links point at (`CONTENT_ORIGIN`). */
  origin: string;
  ttlSeconds: number;
  now: () => Date;
}

/** A file name as the last path segment, so browsers and `curl -O` save the right name. */
function nameSegment(name: string): string {
  const cleaned = name.replace(/[/\\]/g, '_');
  return encodeURIComponent(cleaned === '' ? 'file' : cleaned);
}

/**
 * Signs and checks content links. A token is `base64url(JSON claims).base64url(HMAC)`: the
 * claims name the member, the file (or selection) and the expiry, so a link works without a
 * session (a `<video>` tag, a download manager, another registrable domain) and cannot be
 * stretched to another file, size or time.
 */
export function createLinkSigner(options: LinkSignerOptions) {
  const { key, origin, ttlSeconds, now } = options;
  const claims = createClaimsSigner({
    key,
    purpose: 'nimbus-content-link',
    schema: linkClaimsSchema,
    now,
  });

  return {
    /** A link for `claims`, valid for the configured lifetime from now. */
    sign(request: LinkRequest, fileName: string): SignedLink {
      const expires = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const token = claims.sign({ ...request, e: expires });
      return {
        url: `${origin}${contentPathPrefix}/${token}/${nameSegment(fileName)}`,
        token,
        expire: new Date(expires * 1000).toISOString(),
      };
    },

    /**
     * The claims of a token; `content_link_invalid` for anything forged, tampered or malformed
     * and `content_link_expired` for a genuine token past its expiry.
     */
    verify(token: string): LinkClaims {
      return claims.verify(token);
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;
