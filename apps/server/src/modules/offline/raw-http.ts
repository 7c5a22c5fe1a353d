import net from 'node:net';
import type { ByteSink } from '../storage/hashed-file-writer';
import {
  BlockedAddressError,
  guardedLookup,
  isAllowedAddress,
  type FetchPolicy,
} from './fetch-guard';

/** The bytes of a source, moved into a sink. */
export interface SourceBody {
  /**
   * Moves every byte into `sink` and resolves at the end; `check(received)` runs before bytes
   * are taken (`received`: the sink's bytes with them) and throws to stop. Rejects when the
   * source fails, ends early, or `check` or the sink threw (the connection is closed then).
   */
  pipeTo(sink: ByteSink, check: (received: number) => void): Promise<void>;
  /** Stops reading and closes the connection. */
  destroy(error?: Error): void;
}

/** The status and head of an answer, and its body. */
export interface RawResponse {
  status: number;
  /** Header fields by lower-case name (the first of repeated fields). */
  headers: Record<string, string | undefined>;
  /** The body, read straight into the sink's memory. */
  body: SourceBody;
}

/** The source broke the HTTP/1.1 rules, or ended before the bytes it announced. */
export class SourceProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceProtocolError';
  }
}

/** Largest head of an answer (status line and fields). */
const maxHeadBytes = 64 * 1024;

/** Fields read off a head; the rest are ignored. */
const wantedFields = new Set([
  'accept-ranges',
  'content-disposition',
  'content-length',
  'content-range',
  'content-type',
  'etag',
  'last-modified',
  'location',
  'transfer-encoding',
]);

interface ParsedHead {
  status: number;
  headers: Record<string, string | undefined>;
}

/** Parses a head (without its blank line); throws `SourceProtocolError` on a malformed one. */
export function parseHead(text: string): ParsedHead {
  const lines = text.split('\r\n');
  const statusLine = /^HTTP\/1\.[01] ([1-9]\d\d)(?: .*)?$/.exec(lines[0] ?? '');
  if (!statusLine) {
    throw new SourceProtocolError('malformed status line');
  }
  const headers: Record<string, string | undefined> = {};
  for (const line of lines.slice(1)) {
    const field = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!field) {
      // Folded lines and garbage alike.
      throw new SourceProtocolError('malformed header field');
    }
    const name = (field[1] as string).toLowerCase();
    const value = field[2] as string;
    if (!wantedFields.has(name)) {
      continue;
    }
    const earlier = headers[name];
    if (name === 'content-length' && earlier !== undefined && earlier !== value) {
      throw new SourceProtocolError('conflicting Content-Length');
    }
    headers[name] = earlier ?? value;
  }
  return { status: Number(statusLine[1]), headers };
}

/**
 * Decodes a `Transfer-Encoding: chunked` body in place: each read's bytes are walked once, the
 * data moved to the front of the same memory (`copyWithin`) and the framing dropped.
 */
export class ChunkedDecoder {
  private state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size';
  /** The line being read (a size line or a trailer field), which a read may cut. */
  private line = '';
  /** Data bytes left in the current chunk. */
  private left = 0;

  /** The last chunk and the trailer were read. */
  get done(): boolean {
    return this.state === 'done';
  }

  /** Decodes `view` in place; returns how many data bytes are now at its start. */
  decode(view: Buffer): number {
    let out = 0;
    let at = 0;
    while (at < view.length && this.state !== 'done') {
      if (this.state === 'data') {
        const take = Math.min(this.left, view.length - at);
        if (out !== at) {
          view.copyWithin(out, at, at + take);
        }
        out += take;
        at += take;
        this.left -= take;
        if (this.left === 0) {
          this.state = 'data-end';
        }
        continue;
      }
      const newline = view.indexOf(10, at);
      const end = newline < 0 ? view.length : newline;
      this.line += view.toString('latin1', at, end);
      at = newline < 0 ? view.length : newline + 1;
      if (this.line.length > 4096) {
        throw new SourceProtocolError('chunk line too long');
      }
      if (newline < 0) {
        continue;
      }
      const line = this.line.replace(/\r$/, '');
      this.line = '';
      if (this.state === 'data-end') {
        if (line !== '') {
          throw new SourceProtocolError('chunk data longer than its size');
        }
        this.state = 'size';
      } else if (this.state === 'size') {
        const size = /^([0-9A-Fa-f]{1,13})[ \t]*(?:;.*)?$/.exec(line);
        if (!size) {
          throw new SourceProtocolError('malformed chunk size');
        }
        this.left = Number.parseInt(size[1] as string, 16);
        this.state = this.left === 0 ? 'trailer' : 'data';
      } else if (line === '') {
        this.state = 'done';
      }
    }
    return out;
  }
}

export interface RawGetOptions {
  policy: FetchPolicy;
  signal: AbortSignal;
  /** Milliseconds the connection may stay silent. */
  idleTimeoutMs: number;
  /** Request header fields besides Host and Connection. */
  headers: Record<string, string>;
}

/**
 * One `GET` of a plain `http:` URL over a socket of its own, behind the SSRF guard (the name is
 * resolved by `guardedLookup`, the peer checked again once connected). The body is read with
 * the socket's `onread`: straight into the memory the sink lends, so a large download is never
 * copied on its way to the disk and the hash threads, and no buffer is made per read. A chunked
 * body is decoded in place; `Connection: close` ends each request.
 */
export function rawGet(url: URL, options: RawGetOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const spare = Buffer.allocUnsafe(64 * 1024);
    let head = Buffer.alloc(0);
    let phase: 'head' | 'waiting' | 'body' | 'done' = 'head';
    /** Body bytes that came with the head. */
    let early: Buffer = Buffer.alloc(0);
    /** Body bytes still to come; undefined: until the connection closes or the last chunk. */
    let remaining: number | undefined;
    let chunked: ChunkedDecoder | undefined;
    let sink: ByteSink | undefined;
    let check: ((received: number) => void) | undefined;
    /** The lent memory the next read goes to (as handed to the socket); undefined: the spare buffer. */
    let lent: Buffer | undefined;
    let settle: { resolve(): void; reject(error: Error): void } | undefined;
    let failure: Error | undefined;

    const finish = (error?: Error) => {
      if (phase === 'done') {
        return;
      }
      phase = 'done';
      failure = error;
      socket.destroy();
      if (settle !== undefined) {
        if (error === undefined) {
          settle.resolve();
        } else {
          settle.reject(error);
        }
      } else if (error !== undefined) {
        reject(error);
      }
    };

    /** Takes `length` bytes the socket put in `buffer`; returns whether to read on. */
    const take = (length: number, buffer: Buffer): boolean => {
      if (sink === undefined || check === undefined) {
        return false;
      }
      if (remaining !== undefined && length > remaining) {
        finish(new SourceProtocolError('more bytes than Content-Length'));
        return false;
      }
      let wait: Promise<void> | undefined;
      try {
        const data = chunked === undefined ? length : chunked.decode(buffer.subarray(0, length));
        check(sink.queued + data);
        wait = buffer === lent ? sink.commit(data) : sink.push(buffer.subarray(0, data));
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
        return false;
      }
      lent = undefined;
      if (remaining !== undefined) {
        remaining -= length;
      }
      if (remaining === 0 || chunked?.done === true) {
        finish();
        return false;
      }
      if (wait !== undefined) {
        wait.then(
          () => {
            if (phase === 'body') {
              socket.resume();
            }
          },
          (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
        );
        return false;
      }
      return true;
    };

    const onHead = (length: number): boolean => {
      head = Buffer.concat([head, spare.subarray(0, length)]);
      for (;;) {
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) {
          if (head.length > maxHeadBytes) {
            finish(new SourceProtocolError('head too large'));
          }
          return phase === 'head';
        }
        let parsed: ParsedHead;
        try {
          parsed = parseHead(head.subarray(0, end).toString('latin1'));
        } catch (error) {
          finish(error as Error);
          return false;
        }
        head = head.subarray(end + 4);
        if (parsed.status < 200 && parsed.status !== 101) {
          // An interim answer (100 Continue, 103 Early Hints): the real one follows.
          continue;
        }
        early = head;
        const { status, headers } = parsed;
        const length = headers['content-length'];
        const coding = headers['transfer-encoding']?.toLowerCase();
        if ((coding !== undefined && coding !== 'chunked') || parsed.status === 101) {
          finish(new SourceProtocolError('unsupported transfer coding'));
          return false;
        }
        if (length !== undefined && !/^\d{1,16}$/.test(length)) {
          finish(new SourceProtocolError('malformed Content-Length'));
          return false;
        }
        if (status === 204 || status === 304) {
          remaining = 0;
        } else if (coding === 'chunked') {
          // Transfer-Encoding wins over Content-Length (RFC 9112 §6.3).
          chunked = new ChunkedDecoder();
        } else if (length !== undefined) {
          remaining = Number(length);
        }
        phase = 'waiting';
        resolve({ status, headers, body });
        return false;
      }
    };

    const socket = net.connect({
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(url.port || 80),
      lookup: guardedLookup(options.policy),
      onread: {
        // Asked before each read: where the next bytes go.
        buffer: () => {
          if (phase !== 'body' || sink === undefined) {
            return spare;
          }
          let target: Buffer | undefined;
          try {
            target = sink.lend();
          } catch {
            target = undefined;
          }
          const view = target ?? spare;
          const next =
            remaining === undefined || remaining >= view.length
              ? view
              : view.subarray(0, remaining);
          lent = target === undefined ? undefined : next;
          return next;
        },
        callback: (length, buffer) => {
          if (phase === 'head') {
            return onHead(length);
          }
          if (phase === 'body') {
            return take(length, buffer as Buffer);
          }
          return false;
        },
      },
    });
    socket.setTimeout(options.idleTimeoutMs, () =>
      finish(new Error('the source stayed silent too long')),
    );
    socket.once('connect', () => {
      // Defence in depth: whatever resolved, the peer must be an allowed address.
      if (
        socket.remoteAddress === undefined ||
        !isAllowedAddress(socket.remoteAddress, options.policy)
      ) {
        finish(new BlockedAddressError('peer address'));
        return;
      }
      const fields = Object.entries({ ...options.headers, host: url.host, connection: 'close' })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\n${fields}\r\n`);
    });
    socket.on('end', () => {
      if (phase === 'head') {
        finish(new SourceProtocolError('the source closed before its answer'));
      } else if (remaining === undefined && chunked === undefined) {
        finish();
      } else {
        finish(new SourceProtocolError('the source ended before the end of its body'));
      }
    });
    socket.on('error', (error) => finish(error));
    const onAbort = () =>
      finish(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
    if (options.signal.aborted) {
      onAbort();
      return;
    }
    options.signal.addEventListener('abort', onAbort, { once: true });
    socket.once('close', () => options.signal.removeEventListener('abort', onAbort));

    const body: SourceBody = {
      pipeTo(to, checkBytes) {
        if (phase !== 'waiting') {
          return Promise.reject(failure ?? new Error('the body was read already'));
        }
        return new Promise<void>((resolveBody, rejectBody) => {
          settle = { resolve: resolveBody, reject: rejectBody };
          sink = to;
          check = checkBytes;
          phase = 'body';
          // Bytes past Content-Length are not the file's (nor, with chunks, past the last one: the decoder stops there).
          const first = remaining === undefined ? early : early.subarray(0, remaining);
          if (first.length > 0 && !take(first.length, first)) {
            // Ended, failed, or the sink asks to wait (it resumes the socket then).
            return;
          }
          if (remaining === 0) {
            finish();
            return;
          }
          socket.resume();
        });
      },
      destroy(error) {
        finish(error);
      },
    };
  });
}
