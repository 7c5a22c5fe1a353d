import parseRange from 'range-parser';

/*
 * The HTTP rules of the content origin, as pure functions: which type a file is sent as, whether
 * it may be shown inline, and what a GET or HEAD with conditional and range headers answers
 * (RFC 9110 §13 and §14).
 */

/** Types a browser only displays and never runs: the only ones ever sent inline. */
const inertTypes: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
  avi: 'video/x-msvideo',
  ts: 'video/mp2t',
  m2ts: 'video/mp2t',
  mts: 'video/mp2t',
  '3gp': 'video/3gpp',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  weba: 'audio/webm',
  wma: 'audio/x-ms-wma',
  aiff: 'audio/aiff',
  amr: 'audio/amr',
  mid: 'audio/midi',
  midi: 'audio/midi',
  // Shown inline only under the sandbox CSP every content answer carries.
  pdf: 'application/pdf',
};

/** Types sent as they are but always as attachments; neither runs in a browser tab. */
const attachmentTypes: Readonly<Record<string, string>> = {
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  torrent: 'application/x-bittorrent',
};

/** How a file is sent. */
export interface ServingType {
  contentType: string;
  /** True only for inert types (images other than SVG, audio, video, PDF). */
  mayBeInline: boolean;
}

/**
 * The `Content-Type` of a file from its extension. Anything that could run in a browser (HTML,
 * SVG, XML, scripts) and anything unknown is `application/octet-stream`, so that, with `nosniff`,
 * no browser renders it as a document whatever the bytes say.
 */
export function servingTypeOf(extension: string): ServingType {
  const key = extension.toLowerCase();
  const inert = inertTypes[key];
  if (inert !== undefined) {
    return { contentType: inert, mayBeInline: true };
  }
  return { contentType: attachmentTypes[key] ?? 'application/octet-stream', mayBeInline: false };
}

/** The security headers of every content answer, error answers included. */
export const contentSecurityHeaders: Readonly<Record<string, string>> = {
  // No script, style, frame or plugin, and an opaque origin even when opened as a page.
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
  // Links are bearer capabilities; the site (maybe another registrable domain) embeds them.
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
};

/** The validators of a stored file. */
export interface Validators {
  /** Strong entity tag, quoted: the SHA-256 of the bytes, which never change under a file id. */
  etag: string;
  /** Seconds since the epoch (HTTP dates have whole seconds). */
  lastModified: number;
}

/** The request headers the answer depends on. */
export interface ConditionalHeaders {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  ifUnmodifiedSince?: string | undefined;
  ifRange?: string | undefined;
  range?: string | undefined;
}

/** What to answer. */
export type ServingDecision =
  | { status: 200 }
  | { status: 206; start: number; end: number }
  | { status: 304 }
  | { status: 412 }
  | { status: 416 };

function etagsOf(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Weak comparison (If-None-Match): `W/"x"` matches `"x"`. */
function weakMatch(header: string, etag: string): boolean {
  return etagsOf(header).some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

/** Strong comparison (If-Match, If-Range): a weak tag never matches. */
function strongMatch(header: string, etag: string): boolean {
  return etagsOf(header).some((tag) => tag === '*' || tag === etag);
}

/** `bytes=` and one or more `first-last`, `first-` or `-suffix` specs (RFC 9110 §14.1.1). */
const rangeSyntax = /^bytes=\s*(?:\d+-\d*|-\d+)(?:\s*,\s*(?:\d+-\d*|-\d+))*\s*$/;

function httpDateSeconds(value: string): number | undefined {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

/**
 * The answer to a GET or HEAD of `size` bytes, in the order of RFC 9110 §13.2.2:
 * If-Match / If-Unmodified-Since (412), If-None-Match / If-Modified-Since (304), then Range
 * under If-Range. One range is served as 206; several ranges are answered with the whole file
 * (200), which RFC 9110 §14.2 allows, so no multipart body is ever built; a syntactically bad
 * Range is ignored; a range that starts past the end is 416.
 */
export function decideServing(
  size: number,
  validators: Validators,
  headers: ConditionalHeaders,
): ServingDecision {
  const { etag, lastModified } = validators;
  if (headers.ifMatch !== undefined) {
    if (!strongMatch(headers.ifMatch, etag)) {
      return { status: 412 };
    }
  } else if (headers.ifUnmodifiedSince !== undefined) {
    const since = httpDateSeconds(headers.ifUnmodifiedSince);
    if (since !== undefined && lastModified > since) {
      return { status: 412 };
    }
  }
  if (headers.ifNoneMatch !== undefined) {
    if (weakMatch(headers.ifNoneMatch, etag)) {
      return { status: 304 };
    }
  } else if (headers.ifModifiedSince !== undefined) {
    const since = httpDateSeconds(headers.ifModifiedSince);
    if (since !== undefined && lastModified <= since) {
      return { status: 304 };
    }
  }
  if (headers.range === undefined) {
    return { status: 200 };
  }
  if (headers.ifRange !== undefined) {
    const ifRange = headers.ifRange.trim();
    const current =
      ifRange.startsWith('"') || ifRange.startsWith('W/')
        ? ifRange === etag
        : httpDateSeconds(ifRange) === lastModified;
    if (!current) {
      return { status: 200 };
    }
  }
  if (!rangeSyntax.test(headers.range)) {
    // Not a byte range this server understands: RFC 9110 §14.2 says to ignore the header.
    return { status: 200 };
  }
  const ranges = parseRange(size, headers.range, { combine: true });
  if (ranges === -2) {
    return { status: 200 };
  }
  if (ranges === -1) {
    return { status: 416 };
  }
  if (ranges.type !== 'bytes' || ranges.length !== 1) {
    return { status: 200 };
  }
  const [range] = ranges;
  if (range === undefined) {
    return { status: 200 };
  }
  return { status: 206, start: range.start, end: range.end };
}

/**
 * CORS of the content origin, for the site's pages (a different origin when `CONTENT_ORIGIN` is
 * set) that read a file's bytes with `fetch` and a Range: the request headers a reader may send,
 * and the answer headers it may read. Links are bearer capabilities, so no credentials are
 * allowed, and only the site's own origins are named (never `*`).
 */
export const contentCorsRequestHeaders = [
  'range',
  'if-range',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
];
export const contentCorsExposedHeaders = [
  'Content-Range',
  'Content-Length',
  'ETag',
  'Accept-Ranges',
  'Content-Disposition',
];
