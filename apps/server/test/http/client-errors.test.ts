import type net from 'node:net';
import { errorBodySchema, errorCodeOf, type ErrorBody } from '@nimbus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, localizedOf, type TestApp } from '../helper';
import { exchange, type RawAnswer } from '../support/raw-http';

/** The one answer of a refused request: the error object of docs/api.md#errors with `status`, and the connection closed. */
function refusedWith(answers: RawAnswer[], status: number): ErrorBody {
  expect(answers).toHaveLength(1);
  const [answer] = answers as [RawAnswer];
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['cache-control']).toBe('no-store');
  const error = errorBodySchema.parse(JSON.parse(answer.body));
  expect(error.error_code).toBe(errorCodeOf(error.error as never));
  // Nothing of the refused bytes comes back.
  expect(answer.body).not.toContain('x'.repeat(100));
  expect(answer.body).not.toContain('\u0001');
  return error;
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

/**
 * What Node's HTTP parser refuses before Fastify sees a request, sent over a real socket to the
 * listening server: each answers the error object of docs/api.md#errors with the status HTTP gives it, and
 * the server goes on serving.
 */
describe.each(dialects)('malformed HTTP on a listening server on %s', (dialect) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  const refused: readonly [
    what: string,
    bytes: () => string | Buffer,
    status: number,
    reason: string,
    description: RegExp,
  ][] = [
    [
      'a header over the limit',
      () =>
        head([
          'GET /drive/v1/about HTTP/1.1',
          'Host: nimbus.test',
          `X-Padding: ${'x'.repeat(20_000)}`,
        ]),
      431,
      'invalid_argument',
      /headers are larger/,
    ],
    [
      'a request target over the limit',
      () =>
        head([`GET /drive/v1/files?parent_id=${'x'.repeat(20_000)} HTTP/1.1`, 'Host: nimbus.test']),
      431,
      'invalid_argument',
      /headers are larger/,
    ],
    [
      '3,000 small headers',
      () =>
        head([
          'GET /drive/v1/about HTTP/1.1',
          'Host: nimbus.test',
          ...Array.from({ length: 3000 }, (_, index) => `X-H${index}: y`),
        ]),
      431,
      'invalid_argument',
      /headers are larger/,
    ],
    [
      'a request line that is no request line',
      () => head(['GARBAGE']),
      400,
      'invalid_argument',
      /not well-formed.*method/,
    ],
    [
      'a method of invalid characters',
      () => head(['G@T /drive/v1/about HTTP/1.1', 'Host: nimbus.test']),
      400,
      'invalid_argument',
      /not well-formed.*method/,
    ],
    [
      'an HTTP version that does not exist',
      () => head(['GET /drive/v1/about HTTP/9.9', 'Host: nimbus.test']),
      400,
      'invalid_argument',
      /not well-formed.*version/,
    ],
    [
      'a space in the request target',
      () => head(['GET /drive/v1/ab out HTTP/1.1', 'Host: nimbus.test']),
      400,
      'invalid_argument',
      /not well-formed/,
    ],
    [
      'a control character in the request target',
      () => head(['GET /drive/v1/\u0001about HTTP/1.1', 'Host: nimbus.test']),
      400,
      'invalid_argument',
      /url/,
    ],
    [
      'a control character in a header value',
      () => head(['GET /drive/v1/about HTTP/1.1', 'Host: nimbus.test', 'X-Name: a\u0001b']),
      400,
      'invalid_argument',
      /header/i,
    ],
    [
      'a space in a header name',
      () => head(['GET /drive/v1/about HTTP/1.1', 'Host: nimbus.test', 'X Name: b']),
      400,
      'invalid_argument',
      /header/i,
    ],
    [
      'a space before a header colon',
      () => head(['GET /drive/v1/about HTTP/1.1', 'Host: nimbus.test', 'X-Name : b']),
      400,
      'invalid_argument',
      /header/i,
    ],
    [
      'a folded header line',
      () => head(['GET /drive/v1/about HTTP/1.1', 'Host: nimbus.test', 'X-Name: a', ' b']),
      400,
      'invalid_argument',
      /not well-formed/,
    ],
    [
      'bare line feeds',
      () => 'GET /drive/v1/about HTTP/1.1\nHost: nimbus.test\n\n',
      400,
      'invalid_argument',
      /not well-formed/,
    ],
    [
      'both Content-Length and Transfer-Encoding',
      () =>
        `${head(['POST /v1/auth/signin HTTP/1.1', 'Host: nimbus.test', 'Content-Length: 5', 'Transfer-Encoding: chunked'])}0\r\n\r\n`,
      400,
      'invalid_argument',
      /Content-Length/,
    ],
    [
      'a Content-Length that is no number',
      () => head(['POST /v1/auth/signin HTTP/1.1', 'Host: nimbus.test', 'Content-Length: 12abc']),
      400,
      'invalid_argument',
      /Content-Length/,
    ],
    [
      'two different Content-Lengths',
      () =>
        `${head(['POST /v1/auth/signin HTTP/1.1', 'Host: nimbus.test', 'Content-Length: 1', 'Content-Length: 2'])}ab`,
      400,
      'invalid_argument',
      /Content-Length/,
    ],
    [
      'a Transfer-Encoding that does not end in chunked',
      () =>
        head([
          'POST /v1/auth/signin HTTP/1.1',
          'Host: nimbus.test',
          'Transfer-Encoding: chunked, gzip',
        ]),
      400,
      'invalid_argument',
      /Transfer-Encoding/,
    ],
    [
      'a chunk size that is not hexadecimal',
      () =>
        `${head(['POST /v1/auth/signin HTTP/1.1', 'Host: nimbus.test', 'Content-Type: application/json', 'Transfer-Encoding: chunked'])}ZZ\r\nab\r\n`,
      400,
      'invalid_argument',
      /chunk size/,
    ],
    [
      'chunk extensions over the limit',
      () =>
        `${head(['POST /v1/auth/signin HTTP/1.1', 'Host: nimbus.test', 'Content-Type: application/json', 'Transfer-Encoding: chunked'])}1;${'x'.repeat(20_000)}\r\na\r\n`,
      413,
      'payload_too_large',
      /chunk extensions/,
    ],
    [
      'the HTTP/2 connection preface',
      () => 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      400,
      'invalid_argument',
      /HTTP\/2/,
    ],
    [
      'a TLS handshake',
      () => Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
      400,
      'invalid_argument',
      /not well-formed/,
    ],
    [
      'an HTTP/1.1 request without Host',
      () => head(['GET /drive/v1/about HTTP/1.1']),
      400,
      'invalid_argument',
      /Host/,
    ],
    [
      'an HTTP/1.1 request with an empty Host',
      () => head(['GET /drive/v1/about HTTP/1.1', 'Host:']),
      400,
      'invalid_argument',
      /Host/,
    ],
    [
      'a CONNECT request',
      () => head(['CONNECT 169.254.169.254:80 HTTP/1.1', 'Host: 169.254.169.254:80']),
      405,
      'invalid_argument',
      /CONNECT/,
    ],
  ];

  it.each(refused)(
    'answers %s with the error object, and closes the connection',
    async (_what, bytes, status, reason, description) => {
      const error = refusedWith(await exchange(port, bytes()), status);
      expect(error.error).toBe(reason);
      expect(error.error_description).toMatch(description);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    },
  );

  it('answers in the language the refused request asked for when its bytes tell it', async () => {
    const error = refusedWith(
      await exchange(
        port,
        head([
          'GET /drive/v1/about HTTP/1.1',
          'Host: nimbus.test',
          'Accept-Language: ja',
          'X-Name: a\u0001b',
        ]),
      ),
      400,
    );
    expect(localizedOf(error)?.locale).toBe('ja');
  });

  it('answers a good request and then a malformed one on the same connection, each in turn', async () => {
    const answers = await exchange(
      port,
      `${head(['GET /healthz HTTP/1.1', 'Host: nimbus.test'])}${head(['GET /healthz HTTP/1.1', 'Host: nimbus.test', 'X-Name: a\u0001b'])}`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 400]);
    expect(answers[1]?.headers.connection).toBe('close');
    expect(errorBodySchema.parse(JSON.parse(answers[1]?.body ?? '')).error).toBe(
      'invalid_argument',
    );
  });

  it('answers an HTTP/1.0 request without Host, a request line without a version, and an Upgrade it does not take as plain requests', async () => {
    const [old] = await exchange(port, head(['GET /drive/v1/about HTTP/1.0']));
    expect(old?.status).toBe(401);
    const [versionless] = await exchange(port, head(['GET /drive/v1/about']));
    expect(errorBodySchema.parse(JSON.parse(versionless?.body ?? '')).error).toBe(
      'unauthenticated',
    );
    const [upgrade] = await exchange(
      port,
      head([
        'GET /drive/v1/about HTTP/1.1',
        'Host: nimbus.test',
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ]),
      { done: true },
    );
    expect(upgrade?.status).toBe(401);
    expect(errorBodySchema.parse(JSON.parse(upgrade?.body ?? '')).error).toBe('unauthenticated');
  });
});
