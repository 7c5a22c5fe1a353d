import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { parse as parseContentDisposition } from 'content-disposition';
import { drainStream } from '../../lib/stream-drain';
import {
  BlockedAddressError,
  checkUrl,
  guardedLookup,
  isAllowedAddress,
  type FetchPolicy,
} from './fetch-guard';
import { rawGet, type RawResponse, type SourceBody } from './raw-http';

export type { SourceBody } from './raw-http';

/** A source that answered with its bytes. */
export interface OpenedSource {
  body: SourceBody;
  /** The URL that answered, after redirects. */
  url: URL;
  /** The name the source gives (`Content-Disposition`) or the last segment of its URL; may be `''`. */
  fileName: string;
  /** Size of the whole file when the source said it (`Content-Length`, or the total of `Content-Range`). */
  size: number | undefined;
  mimeType: string;
  /** Where `body` starts in the file: the asked offset when the source answered the range (206), else 0. */
  start: number;
  /**
   * What a later `If-Range` can name this version of the file by: a strong ETag, else
   * Last-Modified; null when the source gives neither (it cannot be resumed safely).
   */
  validator: string | null;
  /** The source says it serves byte ranges (`Accept-Ranges: bytes`, or it answered one). */
  acceptsRanges: boolean;
}

/** Asks for the rest of a file from `offset`, only while it is still the version `validator` names. */
export interface ResumeFrom {
  offset: number;
  validator: string;
}

/** The source answered an HTTP status that carries no file. */
export class SourceStatusError extends Error {
  constructor(readonly status: number) {
    super(`source answered ${status}`);
    this.name = 'SourceStatusError';
  }
}

/** Opens URLs for offline downloads; swapped for a fake in small tests. */
export interface UrlFetcher {
  open(url: string, signal: AbortSignal, resume?: ResumeFrom): Promise<OpenedSource>;
}

export interface UrlFetcherOptions {
  policy: FetchPolicy;
  /** Redirects followed at most (each one checked like the first URL). */
  maxRedirects?: number;
  /** Milliseconds a connection may stay silent before it is given up. */
  idleTimeoutMs?: number;
}

/** The last path segment of a URL, percent-decoded; `''` when it has none. */
export function nameFromUrl(url: URL): string {
  const segment =
    url.pathname
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function nameFromDisposition(header: string | undefined): string {
  if (header === undefined || header === '') {
    return '';
  }
  try {
    return parseContentDisposition(header).parameters.filename ?? '';
  } catch {
    return '';
  }
}

function sizeOf(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d{1,16}$/.test(header)) {
    return undefined;
  }
  return Number(header);
}

type Headers = Record<string, string | string[] | undefined>;

/** The first value of a header field. */
function fieldOf(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The validator of a response: a strong ETag, else Last-Modified, else null. */
function validatorOf(headers: Headers): string | null {
  const etag = fieldOf(headers, 'etag');
  if (etag !== undefined && /^"[^"]{0,500}"$/.test(etag)) {
    return etag;
  }
  const modified = fieldOf(headers, 'last-modified');
  return modified !== undefined && modified.length <= 100 && !Number.isNaN(Date.parse(modified))
    ? modified
    : null;
}

/** `bytes start-end/total` of a 206 answer; undefined when it is not that. */
function contentRangeOf(
  header: string | undefined,
): { start: number; end: number; total: number | undefined } | undefined {
  const match = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16}|\*)$/.exec(header?.trim() ?? '');
  if (!match) {
    return undefined;
  }
  return {
    start: Number(match[1]),
    end: Number(match[2]),
    total: match[3] === '*' ? undefined : Number(match[3]),
  };
}

/** A body read through `node:http` (copied into the sink chunk by chunk). */
function streamBody(stream: Readable): SourceBody {
  return {
    pipeTo: (sink, check) =>
      drainStream(stream, (chunk) => {
        check(sink.queued + chunk.length);
        return sink.push(chunk);
      }),
    destroy: (error) => stream.destroy(error),
  };
}

/** One GET of one URL through `node:http(s)` behind the guard: the connection goes only to an allowed address. */
function nodeGet(
  url: URL,
  policy: FetchPolicy,
  signal: AbortSignal,
  idleTimeoutMs: number,
  headers: Record<string, string>,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, {
      method: 'GET',
      // A fresh connection each time: no pooled socket of another check is reused.
      agent: false,
      lookup: guardedLookup(policy),
      signal,
      timeout: idleTimeoutMs,
      headers,
    });
    outgoing.on('socket', (socket) => {
      // Defence in depth: whatever resolved, the peer must be an allowed address.
      socket.once('connect', () => {
        if (socket.remoteAddress === undefined || !isAllowedAddress(socket.remoteAddress, policy)) {
          outgoing.destroy(new BlockedAddressError('peer address'));
        }
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('the source stayed silent too long')));
    outgoing.on('response', (response: http.IncomingMessage) => {
      const fields: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        fields[name] = Array.isArray(value) ? value[0] : value;
      }
      resolve({ status: response.statusCode ?? 0, headers: fields, body: streamBody(response) });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * One GET of one URL: plain `http:` by `rawGet` (bytes read straight into the sink's memory);
 * `https:` and URLs with credentials by `node:http(s)`.
 */
async function request(
  url: URL,
  policy: FetchPolicy,
  signal: AbortSignal,
  idleTimeoutMs: number,
  resume: ResumeFrom | undefined,
): Promise<RawResponse> {
  const headers: Record<string, string> = {
    'user-agent': 'Nimbus offline download',
    accept: '*/*',
    'accept-encoding': 'identity',
    ...(resume === undefined
      ? {}
      : { range: `bytes=${resume.offset}-`, 'if-range': resume.validator }),
  };
  if (url.protocol === 'http:' && url.username === '' && url.password === '') {
    return rawGet(url, { policy, signal, idleTimeoutMs, headers });
  }
  return nodeGet(url, policy, signal, idleTimeoutMs, headers);
}

/**
 * Opens http(s) URLs behind the SSRF guard of `fetch-guard.ts`: every URL, the first and each
 * redirect's (at most `maxRedirects`), is checked before its host is resolved, and the name is
 * resolved once and connected to only when every address it has is allowed.
 */
export function createUrlFetcher(options: UrlFetcherOptions): UrlFetcher {
  const maxRedirects = options.maxRedirects ?? 5;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  return {
    async open(address, signal, resume) {
      let url = new URL(address);
      for (let hop = 0; ; hop += 1) {
        checkUrl(url, options.policy);
        const response = await request(url, options.policy, signal, idleTimeoutMs, resume);
        const { status } = response;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location !== undefined) {
          response.body.destroy();
          if (hop >= maxRedirects) {
            throw new SourceStatusError(status);
          }
          url = new URL(location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.body.destroy();
          throw new SourceStatusError(status);
        }
        const mimeType =
          (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const validator = validatorOf(response.headers);
        let start = 0;
        let size = sizeOf(response.headers['content-length']);
        if (status === 206) {
          const range = contentRangeOf(response.headers['content-range']);
          // Only the asked range of the same version is taken; anything else is the source's error.
          if (
            resume === undefined ||
            range?.start !== resume.offset ||
            validator !== resume.validator
          ) {
            response.body.destroy();
            throw new SourceStatusError(status);
          }
          start = range.start;
          size = range.total;
        }
        return {
          body: response.body,
          url,
          fileName:
            nameFromDisposition(response.headers['content-disposition']) || nameFromUrl(url),
          size,
          mimeType: mimeType.length <= 255 ? mimeType : '',
          start,
          validator,
          acceptsRanges: status === 206 || response.headers['accept-ranges'] === 'bytes',
        };
      }
    },
  };
}
