import { parseCookies, removeCookie, setCookie } from '@nimbus/client';
import type { CookieDocument } from '@nimbus/client';

/*
 * The share pass-code token cookies of docs/product.md #states and #limits: one cookie per share, 12 hours,
 * SameSite lax, secure on https. Storing one clears stale cookies of other shares, keeping only
 * the newest three of each kind (pass-code tokens and share password codes).
 */

/** Name prefix of a share's pass-code token cookie. */
export const passCodeCookiePrefix = 'share_pass_code_token_';
/** Name prefix of a share's password code cookie. */
export const passwordCookiePrefix = 'share_password_code_';
/** Lifetime of a pass-code token cookie (docs/product.md#limits): 12 hours. */
export const passCodeCookieMaxAgeSeconds = 43_200;
/** How many cookies of each kind stay. */
export const keptCookiesPerKind = 3;

const cookieKinds = [passCodeCookiePrefix, passwordCookiePrefix] as const;

/** The cookie name of a share's pass-code token. */
export function passCodeCookieName(shareId: string): string {
  return `${passCodeCookiePrefix}${shareId}`;
}

/** A cookie value: when it was stored (ms) and the token, so the newest can be told apart. */
export function encodeTokenCookie(token: string, storedAt: number): string {
  return `${storedAt}.${token}`;
}

/** The token and storing time of a cookie value; undefined for a malformed value. */
export function decodeTokenCookie(
  value: string | undefined,
): { token: string; storedAt: number } | undefined {
  if (!value) {
    return undefined;
  }
  const dot = value.indexOf('.');
  const storedAt = Number(value.slice(0, dot));
  const token = value.slice(dot + 1);
  if (dot <= 0 || !Number.isFinite(storedAt) || token === '') {
    return undefined;
  }
  return { token, storedAt };
}

/**
 * The cookies to remove when `shareId`'s cookie of each kind is (re)written: per kind, every
 * other share's cookie except the newest `keptCookiesPerKind - 1`, so the kind keeps three with
 * the new one. Cookies whose value carries no storing time count as the oldest.
 */
export function staleShareCookies(
  cookies: Readonly<Record<string, string>>,
  shareId: string,
): string[] {
  const stale: string[] = [];
  for (const prefix of cookieKinds) {
    const others = Object.entries(cookies)
      .filter(([name]) => name.startsWith(prefix) && name !== `${prefix}${shareId}`)
      .map(([name, value]) => ({ name, storedAt: decodeTokenCookie(value)?.storedAt ?? 0 }))
      .sort((a, b) => b.storedAt - a.storedAt);
    stale.push(...others.slice(keptCookiesPerKind - 1).map((cookie) => cookie.name));
  }
  return stale;
}

/** Stores a share's pass-code token in the browser and clears the stale cookies of other shares. */
export function storePassCodeToken(
  shareId: string,
  token: string,
  options: { now?: number; secure?: boolean; doc?: CookieDocument } = {},
): void {
  const doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
  if (!doc) {
    return;
  }
  for (const name of staleShareCookies(parseCookies(doc.cookie), shareId)) {
    removeCookie(name, { path: '/' }, doc);
  }
  setCookie(
    passCodeCookieName(shareId),
    encodeTokenCookie(token, options.now ?? Date.now()),
    {
      path: '/',
      maxAge: passCodeCookieMaxAgeSeconds,
      sameSite: 'lax',
      secure: options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:'),
    },
    doc,
  );
}

/** Forgets a share's pass-code token (a token the server no longer takes). */
export function clearPassCodeToken(shareId: string, doc?: CookieDocument): void {
  removeCookie(passCodeCookieName(shareId), { path: '/' }, doc);
}
