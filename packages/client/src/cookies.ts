/*
 * The cookie helper of docs/product.md #entities, #validation and #limits: cookies the site's scripts read and write
 * (locale, user id, share passcode tokens, attribution), with safe defaults.
 */

/** Cookie `SameSite` values. */
export const sameSiteValues = ['strict', 'lax', 'none'] as const;
export type SameSite = (typeof sameSiteValues)[number];

export interface CookieOptions {
  /** `'/'` unless set. */
  readonly path?: string;
  readonly domain?: string;
  /** Lifetime in seconds; 0 or less removes the cookie. */
  readonly maxAge?: number;
  readonly expires?: Date;
  /** `strict` unless set. */
  readonly sameSite?: SameSite;
  /** `true` unless set. */
  readonly secure?: boolean;
  /** Encodes the value; `encodeURIComponent` unless set. */
  readonly encode?: (value: string) => string;
}

/** The part of `document` the wrapper uses; tests pass a fake. */
export interface CookieDocument {
  cookie: string;
}

/** The defaults of docs/product.md#limits: path `/`, sameSite strict, secure. */
export const defaultCookieOptions = {
  path: '/',
  sameSite: 'strict',
  secure: true,
} as const satisfies CookieOptions;

/** Tab or printable characters (RFC 7230 field content), as docs/product.md#validation requires. */
const fieldContentPattern = /^[\t\u0020-\u007e\u0080-\u00ff]+$/;
/** Characters that would end a name early in a cookie string. */
const nameBreakers = /[=;,\s]/;

const sameSiteLabels: Readonly<Record<SameSite, string>> = {
  strict: 'Strict',
  lax: 'Lax',
  none: 'None',
};

/**
 * A `Set-Cookie`/`document.cookie` string: `name=value` (the value URI-encoded unless another
 * `encode` is given) with the
 * options, defaults applied. Throws TypeError('argument name is invalid') for a name that is
 * empty, holds other than tab or printable characters or would break the string, and
 * TypeError('argument val is invalid') for a value that encodes to such characters; invalid
 * options throw a TypeError naming the option.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!fieldContentPattern.test(name) || nameBreakers.test(name)) {
    throw new TypeError('argument name is invalid');
  }
  const encoded = (options.encode ?? encodeURIComponent)(value);
  if (encoded !== '' && !fieldContentPattern.test(encoded)) {
    throw new TypeError('argument val is invalid');
  }
  const parts = [`${name}=${encoded}`];
  if (options.maxAge !== undefined) {
    if (typeof options.maxAge !== 'number' || !Number.isFinite(options.maxAge)) {
      throw new TypeError('option maxAge is invalid');
    }
    parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  }
  if (options.domain !== undefined) {
    if (!fieldContentPattern.test(options.domain) || /[;\s]/.test(options.domain)) {
      throw new TypeError('option domain is invalid');
    }
    parts.push(`Domain=${options.domain}`);
  }
  const path = options.path ?? defaultCookieOptions.path;
  if (!fieldContentPattern.test(path) || path.includes(';')) {
    throw new TypeError('option path is invalid');
  }
  parts.push(`Path=${path}`);
  if (options.expires !== undefined) {
    if (!(options.expires instanceof Date) || Number.isNaN(options.expires.getTime())) {
      throw new TypeError('option expires is invalid');
    }
    parts.push(`Expires=${options.expires.toUTCString()}`);
  }
  const sameSite = options.sameSite ?? defaultCookieOptions.sameSite;
  if (!(sameSiteValues as readonly string[]).includes(sameSite)) {
    throw new TypeError('option sameSite is invalid');
  }
  parts.push(`SameSite=${sameSiteLabels[sameSite]}`);
  if (options.secure ?? defaultCookieOptions.secure) {
    parts.push('Secure');
  }
  return parts.join('; ');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The cookies of a `Cookie` header or `document.cookie` string; the first of a name wins. */
export function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) {
      continue;
    }
    const name = pair.slice(0, index).trim();
    if (name === '' || Object.hasOwn(cookies, name)) {
      continue;
    }
    let raw = pair.slice(index + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) {
      raw = raw.slice(1, -1);
    }
    cookies[name] = safeDecode(raw);
  }
  return cookies;
}

function currentDocument(doc: CookieDocument | undefined): CookieDocument | undefined {
  return doc ?? (globalThis as { document?: CookieDocument }).document;
}

/**
 * Sets a cookie through `document.cookie` (or the given document) with the defaults of
 * docs/product.md#limits. Does nothing where there is no document (server rendering).
 */
export function setCookie(
  name: string,
  value: string,
  options: CookieOptions = {},
  doc?: CookieDocument,
): void {
  const serialized = serializeCookie(name, value, options);
  const target = currentDocument(doc);
  if (target) {
    target.cookie = serialized;
  }
}

/** The value of a cookie, or undefined when it is not set or there is no document. */
export function getCookie(name: string, doc?: CookieDocument): string | undefined {
  const target = currentDocument(doc);
  if (!target) {
    return undefined;
  }
  return parseCookies(target.cookie)[name];
}

/**
 * Removes a cookie by expiring it. Pass the path and domain it was set with; the other
 * options are ignored.
 */
export function removeCookie(
  name: string,
  options: Pick<CookieOptions, 'path' | 'domain'> = {},
  doc?: CookieDocument,
): void {
  setCookie(name, '', { ...options, maxAge: 0, expires: new Date(0) }, doc);
}
