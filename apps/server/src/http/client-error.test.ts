import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@nimbus/contracts';
import {
  answerClientError,
  lacksHost,
  refusalOf,
  refusalResponse,
  type ConnectionFailure,
} from './client-error';

const silent = { debug: () => undefined };

function failure(code: string, extra: Partial<ConnectionFailure> = {}): ConnectionFailure {
  return Object.assign(new Error(code), { code, ...extra });
}

/** A socket of the server: what is written to it, and whether it was destroyed. */
function socketOf(inFlight?: { headersSent: boolean; complete: boolean }) {
  const socket = new PassThrough();
  const written: string[] = [];
  socket.on('data', (chunk: Buffer) => written.push(chunk.toString()));
  const response = inFlight
    ? Object.assign(new EventEmitter(), {
        headersSent: inFlight.headersSent,
        req: { complete: inFlight.complete },
      })
    : undefined;
  Object.assign(socket, {
    _httpMessage: response as unknown as ServerResponse<IncomingMessage> | undefined,
  });
  return { socket, written, response };
}

describe('refusals of what Node’s HTTP server rejects before a request exists', () => {
  it('gives each failure the status HTTP has for it and a reason of the catalogue', () => {
    expect(refusalOf(failure('HPE_HEADER_OVERFLOW'))).toMatchObject({
      status: 431,
      reason: 'invalid_argument',
    });
    expect(refusalOf(failure('HPE_CHUNK_EXTENSIONS_OVERFLOW'))).toMatchObject({
      status: 413,
      reason: 'payload_too_large',
    });
    expect(refusalOf(failure('ERR_HTTP_REQUEST_TIMEOUT'))).toMatchObject({
      status: 408,
      reason: 'deadline_exceeded',
    });
    expect(refusalOf(failure('HPE_INVALID_METHOD'))).toMatchObject({
      status: 400,
      reason: 'invalid_argument',
    });
    expect(refusalOf(failure('SOMETHING_NEW'))).toMatchObject({
      status: 400,
      reason: 'invalid_argument',
    });
  });

  it("adds llhttp's own words, and nothing that is not a short printable text", () => {
    expect(
      refusalOf(failure('HPE_INVALID_HEADER_TOKEN', { reason: 'Invalid header token' }))
        .description,
    ).toMatch(/\(Invalid header token\)$/);
    expect(
      refusalOf(failure('HPE_INVALID_HEADER_TOKEN', { reason: 'a\u0001b' })).description,
    ).not.toContain('\u0001');
    expect(
      refusalOf(failure('HPE_INVALID_HEADER_TOKEN', { reason: 'x'.repeat(500) })).description,
    ).not.toContain('xxx');
  });

  it('writes a whole HTTP answer: the error object, its length, no caching, and a closing connection', () => {
    const text = refusalResponse(
      failure('HPE_HEADER_OVERFLOW', {
        rawPacket: Buffer.from('GET / HTTP/1.1\r\nAccept-Language: pt-BR\r\nX: y'),
      }),
      'id-1',
    );
    const [head = '', body = ''] = text.split('\r\n\r\n');
    expect(head.split('\r\n')).toEqual([
      'HTTP/1.1 431 Request Header Fields Too Large',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'X-Request-Id: id-1',
      'Connection: close',
    ]);
    const error = errorBodySchema.parse(JSON.parse(body));
    expect(error.error).toBe('invalid_argument');
    expect(error.details[1]).toMatchObject({ locale: 'pt' });
  });

  it('answers once, then closes the connection', async () => {
    const { socket, written } = socketOf();
    const closed = new Promise((resolve) => socket.on('close', resolve));
    answerClientError(failure('HPE_INVALID_METHOD'), socket, silent);
    answerClientError(failure('HPE_INVALID_METHOD'), socket, silent);
    await closed;
    expect(written.join('').match(/^HTTP\/1\.1 400 /gm)).toHaveLength(1);
  });

  it('lets a connection the peer reset go without a word', () => {
    const { socket, written } = socketOf();
    answerClientError(failure('ECONNRESET'), socket, silent);
    expect(written).toEqual([]);
    expect(socket.destroyed).toBe(false);
  });

  it('writes nothing over an answer whose head is out: the connection just closes', () => {
    const { socket, written } = socketOf({ headersSent: true, complete: false });
    answerClientError(failure('HPE_INVALID_CHUNK_SIZE'), socket, silent);
    expect(written).toEqual([]);
    expect(socket.destroyed).toBe(true);
  });

  it('refuses a malformed later request only after the answer to the earlier one is out', async () => {
    const { socket, written, response } = socketOf({ headersSent: true, complete: true });
    answerClientError(failure('HPE_INVALID_METHOD'), socket, silent);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([]);
    const closed = new Promise((resolve) => socket.on('close', resolve));
    response?.emit('finish');
    await closed;
    expect(written.join('')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });

  it('tells an HTTP/1.1 request without Host from an HTTP/1.0 one', () => {
    expect(lacksHost({ headers: {}, httpVersionMajor: 1, httpVersionMinor: 1 })).toBe(true);
    expect(lacksHost({ headers: { host: '' }, httpVersionMajor: 1, httpVersionMinor: 1 })).toBe(
      true,
    );
    expect(
      lacksHost({ headers: { host: 'nimbus.test' }, httpVersionMajor: 1, httpVersionMinor: 1 }),
    ).toBe(false);
    expect(lacksHost({ headers: {}, httpVersionMajor: 1, httpVersionMinor: 0 })).toBe(false);
  });
});
