import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import parseTorrent from 'parse-torrent';
import { afterAll, beforeAll } from 'vitest';
import type { TestRoute } from '../helper';

export type Headers = Record<string, string>;

export interface Call {
  what: string;
  route: TestRoute;
  method: string;
  url: string;
  headers: Headers;
  payload?: string | Buffer;
}

/**
 * Routes whose successful answers are not JSON, each with the reason. Their failures are still
 * the error object of docs/api.md#errors; only a 2xx/3xx of theirs may carry another type.
 */
export const nonJsonRoutes: readonly [pattern: RegExp, reason: string][] = [
  [
    /^\/api\/reference/,
    'the OpenAPI reference: Swagger UI HTML, scripts, and the document as YAML',
  ],
  [/^\/content\/v1\//, 'signed content links stream file bytes (docs/api.md#files downloads)'],
  [/^\/v1\/user\/avatar\//, 'avatars are image bytes, addressed by their SHA-256'],
  [
    /^\/v1\/shield\/challenge/,
    'the captcha challenge page and its assets are HTML, scripts and styles',
  ],
  [/^\/drive\/v1\/uploads\//, 'tus 1.0 answers 204 with tus headers and no body'],
  [/^\*$/, 'CORS preflight answers 204 with no body'],
  [/^\/v1\/user\/(authorize|device)$/, 'OAuth sign-in pages may redirect the browser (RFC 6749)'],
  [
    /^\/dav(\/|$)/,
    'WebDAV answers multistatus XML, file bytes and empty 201s (docs/api.md#webdav)',
  ],
];

/**
 * Routes whose protocol fixes an XML error body for some failures; the body still carries the
 * error object's `error` and `error_code`, which are checked like a JSON one's.
 */
export const xmlErrorRoutes: readonly [pattern: RegExp, reason: string][] = [
  [
    /^\/dav(\/|$)/,
    "RFC 4918's preconditions answer a DAV:error body holding the error object's fields (docs/api.md#webdav)",
  ],
];

/** Routes that answer a tus status the protocol fixes (409 offset, 412 version, 460 checksum) instead of the kind's. */
export const protocolStatusRoutes: readonly [pattern: RegExp, reason: string][] = [
  [/^\/drive\/v1\/uploads\//, 'tus 1.0 fixes 409, 412, 415 and 460 for its own failures'],
  [/^\/dav(\/|$)/, 'WebDAV fixes 405, 409, 412, 415, 423 and 507 for its own failures (RFC 4918)'],
];

/** Paths that name a resource by something other than a member-owned id, with the reason. */
export const publicParamRoutes: readonly [pattern: RegExp, reason: string][] = [
  [/^\/content\/v1\//, 'a signed, expiring content token is the credential itself'],
  [/^\/v1\/user\/avatar\//, 'avatars are public and addressed by content hash'],
  [/^\/config\/v1\//, 'the scope names a configuration group, not a resource'],
  [/^\/api\/reference\/static\//, 'static files of the OpenAPI reference'],
  [/^\/v1\/shield\/challenge\/assets\//, 'static assets of the captcha challenge page'],
];

/** Routes that name a credential and answer a signed-out caller otherwise than `unauthenticated`. */
export const signedOutOtherwise: readonly [
  pattern: RegExp,
  methods: readonly string[],
  answer: string | undefined,
  reason: string,
][] = [
  [
    /^\/v1\/user\/authorize$/,
    ['GET', 'HEAD'],
    undefined,
    'the browser form of the OAuth authorization endpoint sends a signed-out browser to the sign-in page',
  ],
  [
    /^\/drive\/v1\/share::zip$/,
    ['POST'],
    'login_required',
    'a visitor of a share is asked to sign in to download (the web app opens its sign-in dialog)',
  ],
];

/** Text in an answer that would reveal the server's insides: a stack frame, a source or temp path. */
export const leakPatterns: readonly RegExp[] = [
  /\n\s+at \S/,
  /node_modules/,
  /\/src\/modules\//,
  /\.ts:\d+/,
  /file:\/\//,
  /\/work\//,
  /\/tmp\//,
  /nimbus-test-/,
  /SqliteError|syntax error at or near|relation ".*" does not exist/i,
];

export const bodyLimit = 64 * 1024;

/** Path parameters a forger tries, already percent-encoded as they go on the wire. */
export const hostileParams: readonly [string, string][] = [
  ['traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['a NUL', 'a%00b'],
  ['10k characters', 'x'.repeat(10_000)],
  ['unicode with an override and a BOM', '%F0%9F%98%80%E2%80%AE%EF%BB%BFx'],
  ['a lone surrogate', '%ED%A0%80'],
  ['a number', '12345678901234567890'],
];

export const json = 'application/json';
export const deep = `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`;

/** Bodies a forger sends: [what, content type, payload]. */
export const hostileBodies: readonly [string, string, string][] = [
  ['malformed JSON', json, '{"ids": ['],
  ['an array', json, '[{"ids":[]}]'],
  ['a string', json, '"text"'],
  ['null', json, 'null'],
  ['an empty body', json, ''],
  ['a form body', 'application/x-www-form-urlencoded', 'name=x&ids=1'],
  ['XML', 'application/xml', '<ids><id>1</id></ids>'],
  ['text', 'text/plain', 'hello'],
  ['prototype keys', json, '{"__proto__":{"admin":true},"ids":["x"]}'],
  ['constructor keys', json, '{"constructor":{"prototype":{"admin":true}},"name":"x"}'],
  ['deep nesting', json, deep],
  [
    'wrong types everywhere',
    json,
    '{"ids":7,"name":["x"],"parent_id":{"a":1},"kind":null,"client_id":1,"size":-1,"file_ids":"x","share_id":[1],"limit":"NaN"}',
  ],
  ['a body past the limit', json, `{"padding":"${'x'.repeat(bodyLimit + 1)}"}`],
];

/** Repeated keys, arrays and prototype keys on the query of every route. */
export const hostileQuery = [
  'limit=1&limit=2',
  'parent_id=a&parent_id=b',
  'page_token=x&page_token=%00',
  'filters=%7B&filters=%5B%5D',
  'share_id=a&share_id=b',
  'ids[]=1&ids[]=2',
  'd=a&d=b',
  'scene=a&scene=b',
  'thumbnail_size=SIZE_SMALL&thumbnail_size=x',
  'usage=FETCH&usage=FETCH',
  'pass_code_token=a&pass_code_token=b',
  'client_id=web&client_id=tv',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
].join('&');

/** Signed-out calls whose path, query or body is also wrong: the missing credential is what answers. */
export const signedOutCalls: readonly [
  string,
  { param?: string; query?: string; type?: string; payload?: string },
][] = [
  ['a malformed body', { payload: '{"ids": [' }],
  ['a body of the wrong shape', { payload: '{"ids":7,"name":["x"],"parent_id":{"a":1}}' }],
  ['a body past the limit', { payload: `{"padding":"${'x'.repeat(bodyLimit + 1)}"}` }],
  [
    'a multipart body',
    {
      type: 'multipart/form-data; boundary=x',
      payload:
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc\r\n--x--\r\n',
    },
  ],
  ['a hostile query', { query: '?limit=-1&filters=%7B&page_token=%00&usage=x' }],
  ['a hostile path parameter', { param: '..%2F..%2Fetc%2Fpasswd' }],
];

/** Multipart forms a forger sends to a route that reads one, for a file in field `field`: [what, content type, payload]. */
export function hostileForms(field: string): [string, string, string | Buffer][] {
  const type = 'multipart/form-data; boundary=nimbus';
  const part = (headers: string, body: string) => `--nimbus\r\n${headers}\r\n\r\n${body}\r\n`;
  const file = (name: string, body = '0123456789') =>
    part(`Content-Disposition: form-data; name="${field}"; filename="${name}"`, body);
  return [
    ['a form without a boundary', 'multipart/form-data', `${file('a.bin')}--nimbus--\r\n`],
    [
      'a form with another boundary',
      'multipart/form-data; boundary=other',
      `${file('a.bin')}--nimbus--\r\n`,
    ],
    [
      'a form of 200-character boundary',
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
      `--${'b'.repeat(200)}\r\n\r\n`,
    ],
    [
      'a form cut off inside the file',
      type,
      `--nimbus\r\nContent-Disposition: form-data; name="${field}"; filename="a.bin"\r\n\r\n01234`,
    ],
    ['a form cut off inside the headers', type, '--nimbus\r\nContent-Disposition: form-da'],
    ['an empty form', type, '--nimbus--\r\n'],
    ['an empty body', type, ''],
    [
      'a form of 100 fields',
      type,
      `${Array.from({ length: 100 }, (_, index) => part(`Content-Disposition: form-data; name="f${index}"`, 'x')).join('')}--nimbus--\r\n`,
    ],
    [
      'a field of 1 MiB',
      type,
      `${part('Content-Disposition: form-data; name="message"', 'x'.repeat(1024 * 1024))}--nimbus--\r\n`,
    ],
    [
      'a part header of 100 KiB',
      type,
      `${part(`Content-Disposition: form-data; name="${field}"; filename="${'x'.repeat(100 * 1024)}"`, '0123456789')}--nimbus--\r\n`,
    ],
    [
      'a part of 1,000 headers',
      type,
      `${part(Array.from({ length: 1000 }, (_, index) => `X-H${index}: y`).join('\r\n'), '0123456789')}--nimbus--\r\n`,
    ],
    [
      'two files',
      type,
      `${file('a.bin')}${file('b.bin')}${file('c.bin')}${file('d.bin')}--nimbus--\r\n`,
    ],
    [
      'a traversal and NUL file name',
      type,
      `${file('../../../etc/passwd\u0000.txt')}--nimbus--\r\n`,
    ],
    [
      'a file in a field of another name',
      type,
      `${part('Content-Disposition: form-data; name="__proto__"; filename="a.bin"', '0123456789')}--nimbus--\r\n`,
    ],
    [
      'a part without a disposition',
      type,
      `${part('Content-Type: text/plain', '0123456789')}--nimbus--\r\n`,
    ],
    [
      'a nested multipart/mixed part',
      type,
      `${part(`Content-Disposition: form-data; name="${field}"\r\nContent-Type: multipart/mixed; boundary=inner`, `--inner\r\nContent-Disposition: file; filename="a.bin"\r\n\r\n0123456789\r\n--inner--`)}--nimbus--\r\n`,
    ],
    [
      'a base64 transfer encoding',
      type,
      `${part(`Content-Disposition: form-data; name="${field}"; filename="a.bin"\r\nContent-Transfer-Encoding: base64`, 'MDEyMzQ1Njc4OQ==')}--nimbus--\r\n`,
    ],
    [
      'a UTF-16 field',
      type,
      Buffer.concat([
        Buffer.from(
          `--nimbus\r\nContent-Disposition: form-data; name="message"\r\nContent-Type: text/plain; charset=utf-16le\r\n\r\n`,
        ),
        Buffer.from('\ud800hello', 'utf16le'),
        Buffer.from('\r\n--nimbus--\r\n'),
      ]),
    ],
    [
      'a file past any limit',
      type,
      `${file('big.bin', 'x'.repeat(6 * 1024 * 1024))}--nimbus--\r\n`,
    ],
  ];
}

/** Values a forger puts in a field: wrong types, control characters, surrogates, sizes. */
export const hostileFields: readonly [string, unknown][] = [
  ['a number past 2^64', 2 ** 64],
  ['a negative number', -1],
  ['a huge number', 1e308],
  ['a string', 'x'],
  ['a NUL', 'a\u0000b'],
  ['10k characters', 'x'.repeat(10_000)],
  ['a lone surrogate', 'x\ud800'],
  ['a right-to-left override', 'invoice\u202Efdp.exe'],
  ['300 bytes of CJK', '写'.repeat(100)],
  ['a Windows device name with a drive letter', 'C:CON.txt'],
  ['an array', ['x', 1]],
  ['an object with prototype keys', { constructor: { prototype: { admin: true } }, toString: 'x' }],
  ['null', null],
  ['true', true],
];

/** Query values a forger sends, percent-encoded. */
export const hostileQueryValues: readonly [string, string][] = [
  ['a NUL', 'a%00b'],
  ['10k characters', 'x'.repeat(10_000)],
  ['a lone surrogate', '%ED%A0%80'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['a negative number', '-1'],
  ['a number past 2^64', '184467440737095516160000'],
  ['JSON of the wrong shape', '%5B%7B%22a%22%3A1%7D%5D'],
];

/** Headers a forger sends with an otherwise ordinary call. */
export const hostileHeaders: readonly [string, Headers][] = [
  [
    'a session cookie of garbage',
    { cookie: 'nimbus_session=%E0%A4%A; nimbus_session=..%2F; other=%' },
  ],
  ['a bearer token of 4096 characters', { authorization: `Bearer ${'A'.repeat(4096)}` }],
  [
    'a bearer token of a forged JWT',
    { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.' },
  ],
  [
    'an accept-language of garbage',
    { 'accept-language': `${'x'.repeat(5000)}, ja;q=abc, *;q=-1, __proto__` },
  ],
  [
    'device and captcha headers of garbage',
    { 'x-device-id': '../../etc', 'x-captcha-token': 'x'.repeat(10_000), 'x-client-id': 'web' },
  ],
  ['a gzip content-encoding that is no gzip', { 'content-encoding': 'gzip' }],
  ['a JSON type in UTF-16', { 'content-type': 'application/json; charset=utf-16' }],
  [
    'ranges past any file',
    { range: 'bytes=99999999999999999999-, -0, 5-1', 'if-range': '"x"', 'if-none-match': '*' },
  ],
];

/**
 * A tracker and link source on 127.0.0.1 (opened to offline downloads by configuration), counting
 * what it was asked, and a canary on 127.0.0.2, outside the rules, counting every TCP connection
 * reaching it: none may.
 */
export const linkSource = {
  server: http.createServer(),
  port: 0,
  asked: new Map<string, number>(),
  truncated: Buffer.alloc(0) as Buffer,
};
export const canary = { server: net.createServer(), port: 0, connections: 0 };

linkSource.server.on('request', (request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://source');
  linkSource.asked.set(pathname, (linkSource.asked.get(pathname) ?? 0) + 1);
  if (pathname === '/announce-https') {
    // Many real trackers move to https; the tracker client of a library once threw on that hop
    // where nothing caught it, and the process died.
    response.writeHead(302, { location: `https://127.0.0.1:${linkSource.port}/announce` });
  } else if (pathname === '/announce-closed') {
    response.writeHead(302, { location: `http://127.0.0.2:${canary.port}/announce` });
  } else if (pathname === '/truncated.torrent') {
    response.writeHead(200, {
      'content-type': 'application/x-bittorrent',
      'content-length': String(linkSource.truncated.length),
    });
    response.end(linkSource.truncated);
    return;
  } else {
    response.writeHead(404);
  }
  response.end();
});

/** Links a forger sends to a route that takes one: [what, link], a fresh info hash each time. */
export function hostileLinks(): [string, string][] {
  const magnet = (announce: string) =>
    `magnet:?xt=urn:btih:${randomBytes(20).toString('hex')}&dn=hostile&tr=${encodeURIComponent(`http://127.0.0.1:${linkSource.port}${announce}`)}`;
  return [
    ['a magnet link whose tracker redirects to https', magnet('/announce-https')],
    ['a magnet link whose tracker redirects to a closed address', magnet('/announce-closed')],
    [
      'a link to a truncated .torrent file',
      `http://127.0.0.1:${linkSource.port}/truncated.torrent`,
    ],
  ];
}
/** Starts the link source and the canary before the tests of a file and stops them after. */
export function useLinkSource() {
  beforeAll(async () => {
    canary.server.on('connection', (socket) => {
      canary.connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.server.listen(0, '127.0.0.2', resolve));
    canary.port = (canary.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => linkSource.server.listen(0, '127.0.0.1', resolve));
    linkSource.port = (linkSource.server.address() as AddressInfo).port;
    const torrent = parseTorrent.toTorrentFile({
      infoHash: '',
      info: {
        name: Buffer.from('pack'),
        'piece length': 16384,
        pieces: randomBytes(40),
        length: 20_000,
      },
      announce: [`http://127.0.0.1:${linkSource.port}/announce-https`],
      urlList: [],
    });
    linkSource.truncated = torrent.subarray(0, Math.floor(torrent.length / 2));
  });

  afterAll(async () => {
    await new Promise((resolve) => canary.server.close(resolve));
    await new Promise((resolve) => linkSource.server.close(resolve));
  });
}

/** The field names of a zod schema (objects, unions of objects, pipes, optional wrappers). */
export function keysOf(schema: unknown, depth = 0): string[] {
  if (depth > 5 || typeof schema !== 'object' || schema === null) {
    return [];
  }
  const zod = schema as {
    shape?: Record<string, unknown>;
    options?: unknown[];
    def?: { in?: unknown; innerType?: unknown };
  };
  if (zod.shape && typeof zod.shape === 'object') {
    return Object.keys(zod.shape);
  }
  if (Array.isArray(zod.options)) {
    return [...new Set(zod.options.flatMap((option) => keysOf(option, depth + 1)))];
  }
  return keysOf(zod.def?.in ?? zod.def?.innerType, depth + 1);
}

export const bodyMethods = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export function firstMatch(list: readonly [RegExp, string][], url: string): string | undefined {
  return list.find(([pattern]) => pattern.test(url))?.[1];
}

/** The parameter names of a route pattern (`:id`, `:id(regex)`, and `*`). */
export function paramsOf(pattern: string): string[] {
  const names = [...pattern.replaceAll('::', '').matchAll(/:([A-Za-z0-9_]+)/g)].map(
    (match) => match[1] ?? '',
  );
  return pattern.endsWith('*') ? [...names, '*'] : names;
}

/** A concrete URL of a route pattern, with `values` for its parameters. */
export function urlOf(pattern: string, values: Record<string, string>): string {
  let url = pattern
    .replaceAll('::', '\u0001')
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_whole, name: string) => values[name] ?? 'x')
    .replaceAll('\u0001', ':');
  if (url.endsWith('*')) {
    url = `${url.slice(0, -1)}${values['*'] ?? 'x'}`;
  }
  return url;
}
