import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { negotiateLocale, type ErrorReason, type Locale } from '@nimbus/contracts';
import { toErrorBody } from './error-body';

/** An error Node's HTTP server reports for a connection (`clientError`): a parser code and the bytes it failed on. */
export interface ConnectionFailure extends Error {
  code?: string;
  /** llhttp's own words for what it refused (`Invalid header value char`): fixed texts, never the bytes. */
  reason?: string;
  /** The bytes the parser failed on (a Buffer, whatever Fastify's types say). */
  rawPacket?: unknown;
}

interface Refusal {
  status: number;
  reason: ErrorReason;
  description: string;
}

const malformed: Refusal = {
  status: 400,
  reason: 'invalid_argument',
  description: 'The request is not well-formed HTTP/1.1',
};

/**
 * What the failures of Node's HTTP parser (llhttp, `HPE_*`) and of its timers answer where it is
 * not `malformed`: the status Node itself would send, a reason of the catalogue, and what was
 * wrong, never the bytes.
 */
const refusals: Readonly<Record<string, Refusal>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'invalid_argument',
    description: 'The request line and headers are larger than the server accepts',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'payload_too_large',
    description: 'The chunk extensions of the body are larger than the server accepts',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'deadline_exceeded',
    description: 'The request did not arrive in time',
  },
  HPE_PAUSED_H2_UPGRADE: { ...malformed, description: 'HTTP/2 is not spoken here; use HTTP/1.1' },
};

/** The refusal of a connection failure: its status, reason and description (with llhttp's words, when it gave some). */
export function refusalOf(error: Pick<ConnectionFailure, 'code' | 'reason'>): Refusal {
  const refusal = (error.code === undefined ? undefined : refusals[error.code]) ?? malformed;
  const detail =
    typeof error.reason === 'string' && /^[\x20-\x7e]{1,100}$/.test(error.reason)
      ? error.reason
      : undefined;
  return detail === undefined
    ? refusal
    : { ...refusal, description: `${refusal.description} (${detail})` };
}

/** The `Accept-Language` of the bytes the parser failed on, when they hold it. */
function localeOf(error: ConnectionFailure): Locale {
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const header = packet.match(/\r?\naccept-language:[ \t]*([^\r\n]{0,256})/i);
  return negotiateLocale(header?.[1]);
}

/** The whole HTTP answer of a refusal: the error object of docs/api.md#errors, and the connection closes. */
function responseOf(refusal: Refusal, locale: Locale, requestId: string): string {
  const body = JSON.stringify(
    toErrorBody(refusal.reason, { locale, description: refusal.description }),
  );
  return [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** The answer to a connection failure, in the language of the bytes the parser failed on. */
export function refusalResponse(
  error: ConnectionFailure,
  requestId: string = randomUUID(),
): string {
  return responseOf(refusalOf(error), localeOf(error), requestId);
}

/** A socket of Node's HTTP server, with the answer it is writing, if any. */
type ServerSocket = Duplex & { _httpMessage?: ServerResponse<IncomingMessage> | null };

/**
 * Connections answered already: the parser reports its failure again for every later packet,
 * and the answer under way must not be cut short by a second one.
 */
const answered = new WeakSet<Duplex>();

/**
 * Answers what Node's HTTP server refuses before any request reaches Fastify (`clientError`):
 * headers over the limit, a malformed request line, a character HTTP does not allow, a broken
 * body framing, a request that took too long. The answer is the error object of docs/api.md#errors with
 * the status Node would give, and the connection closes. Nothing is written over an answer
 * already under way on the connection; a connection the peer reset is just let go.
 */
export function answerClientError(
  error: ConnectionFailure,
  socket: ServerSocket,
  log: { debug(object: object, message: string): void },
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) {
    return;
  }
  answered.add(socket);
  const requestId = randomUUID();
  log.debug({ code: error.code, requestId }, 'malformed request refused');
  const refuse = () => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    // The socket closes once the answer is out; what the peer still sends meanwhile is dropped.
    socket.end(refusalResponse(error, requestId), () => socket.destroy());
  };
  const inFlight = socket._httpMessage ?? undefined;
  if (inFlight?.req.complete) {
    // A later request on a kept-alive connection is the malformed one: its refusal follows the
    // answer under way, so that each answer stays the answer to its request.
    inFlight.once('finish', refuse);
    return;
  }
  if (inFlight?.headersSent) {
    // The body of the request being answered broke off: nothing can be said after its head.
    socket.destroy();
    return;
  }
  refuse();
}

const connectRefusal: Refusal = {
  status: 405,
  reason: 'invalid_argument',
  description: 'CONNECT is not served here: Nimbus is no proxy',
};

/**
 * Answers a CONNECT request (Node hands it to a `connect` listener, or else closes the connection
 * without a word) with the error object, and closes the connection.
 */
export function answerConnect(request: IncomingMessage, socket: Duplex): void {
  const header = request.headers['accept-language'];
  socket.end(responseOf(connectRefusal, negotiateLocale(header), randomUUID()), () =>
    socket.destroy(),
  );
}

/**
 * An HTTP/1.1 request without a `Host` header, which RFC 9112 §3.2 has refused with 400. Node's
 * own check (`requireHostHeader`) answers an empty body, so the server turns it off and the API
 * refuses such a request itself, with the error object.
 */
export function lacksHost(
  request: Pick<IncomingMessage, 'headers' | 'httpVersionMajor' | 'httpVersionMinor'>,
): boolean {
  const version = request.httpVersionMajor * 10 + request.httpVersionMinor;
  return version >= 11 && (request.headers.host ?? '') === '';
}
