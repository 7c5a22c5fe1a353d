import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';

/** Claims that say until when (seconds since the epoch) they hold. */
export interface Expiring {
  e: number;
}

export interface ClaimsSignerOptions<S extends z.ZodType<Expiring>> {
  key: Uint8Array;
  /** Bound into every MAC, so a token made for one purpose is never taken for another. */
  purpose: string;
  schema: S;
  now: () => Date;
}

/**
 * Tokens that carry their own claims, `base64url(JSON claims).base64url(HMAC-SHA-256)`, for links
 * that open without a session (content, thumbnails, playlists, subtitles). Anything forged,
 * tampered or malformed is `content_link_invalid`; a genuine token past its expiry is
 * `content_link_expired`.
 */
export function createClaimsSigner<S extends z.ZodType<Expiring>>(options: ClaimsSignerOptions<S>) {
  const { key, purpose, schema, now } = options;
  const mac = (payload: string): Buffer =>
    createHmac('sha256', key).update(`${purpose}\n${payload}`, 'utf8').digest();
  return {
    sign(claims: z.input<S>): string {
      const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },

    verify(token: string): z.output<S> {
      const invalid = () => new AppError('content_link_invalid');
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 8192) {
        throw invalid();
      }
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw invalid();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalid();
      }
      const claims = schema.safeParse(parsed);
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
