import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import {
  errorBodySchema,
  errorCodeOf,
  httpStatusOf,
  isErrorReason,
  kindOfReason,
} from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import parseTorrent from 'parse-torrent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, ok, type TestApp, type TestRoute } from '../helper';
import { post, sessionCookieOf, signIn } from '../identity';
import { exemptRoutes, runAccountProbes } from '../support/account-probes';
import { storeFile } from '../support/stored-file';

/**
 * Every route of the real app's route table (as Fastify registers it, so a route added tomorrow
 * is in here without anyone listing it) gets a battery of hostile calls: no credentials, a
 * member's credentials, another member's ids, hostile path parameters, hostile bodies, repeated
 * query keys and cookie state changes without an Origin. Every answer must stay below 500, and
 * every failure must be the error object of docs/api.md#errors from the catalogue, as JSON, with no stack
 * and no internal path; the server must be healthy afterwards and the other member untouched.
 * Routes that name an account or take a guessable secret are probed for enumeration and for
 * lockouts anyone could trigger (support/account-probes.ts). Routes that take a link get links
 * that once crashed the server or probe past the address rules (a tracker that redirects to
 * https or to a closed address, a truncated .torrent file), and the server must answer next.
 */

type Headers = Record<string, string>;

interface Call {
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
const nonJsonRoutes: readonly [pattern: RegExp, reason: string][] = [
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
];

/** Routes that answer a tus status the protocol fixes (409 offset, 412 version, 460 checksum) instead of the kind's. */
const protocolStatusRoutes: readonly [pattern: RegExp, reason: string][] = [
  [/^\/drive\/v1\/uploads\//, 'tus 1.0 fixes 409, 412, 415 and 460 for its own failures'],
];

/** Paths that name a resource by something other than a member-owned id, with the reason. */
const publicParamRoutes: readonly [pattern: RegExp, reason: string][] = [
  [/^\/content\/v1\//, 'a signed, expiring content token is the credential itself'],
  [/^\/v1\/user\/avatar\//, 'avatars are public and addressed by content hash'],
  [/^\/config\/v1\//, 'the scope names a configuration group, not a resource'],
  [/^\/api\/reference\/static\//, 'static files of the OpenAPI reference'],
  [/^\/v1\/shield\/challenge\/assets\//, 'static assets of the captcha challenge page'],
];

/** Routes that name a credential and answer a signed-out caller otherwise than `unauthenticated`. */
const signedOutOtherwise: readonly [
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
const leakPatterns: readonly RegExp[] = [
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

const bodyLimit = 64 * 1024;

/** Path parameters a forger tries, already percent-encoded as they go on the wire. */
const hostileParams: readonly [string, string][] = [
  ['traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['a NUL', 'a%00b'],
  ['10k characters', 'x'.repeat(10_000)],
  ['unicode with an override and a BOM', '%F0%9F%98%80%E2%80%AE%EF%BB%BFx'],
  ['a lone surrogate', '%ED%A0%80'],
  ['a number', '12345678901234567890'],
];

const json = 'application/json';
const deep = `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`;

/** Bodies a forger sends: [what, content type, payload]. */
const hostileBodies: readonly [string, string, string][] = [
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
const hostileQuery = [
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
const signedOutCalls: readonly [
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
function hostileForms(field: string): [string, string, string | Buffer][] {
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
const hostileFields: readonly [string, unknown][] = [
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
const hostileQueryValues: readonly [string, string][] = [
  ['a NUL', 'a%00b'],
  ['10k characters', 'x'.repeat(10_000)],
  ['a lone surrogate', '%ED%A0%80'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['a negative number', '-1'],
  ['a number past 2^64', '184467440737095516160000'],
  ['JSON of the wrong shape', '%5B%7B%22a%22%3A1%7D%5D'],
];

/** Headers a forger sends with an otherwise ordinary call. */
const hostileHeaders: readonly [string, Headers][] = [
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
const linkSource = {
  server: http.createServer(),
  port: 0,
  asked: new Map<string, number>(),
  truncated: Buffer.alloc(0) as Buffer,
};
const canary = { server: net.createServer(), port: 0, connections: 0 };

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
function hostileLinks(): [string, string][] {
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

/** The field names of a zod schema (objects, unions of objects, pipes, optional wrappers). */
function keysOf(schema: unknown, depth = 0): string[] {
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

const bodyMethods = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function firstMatch(list: readonly [RegExp, string][], url: string): string | undefined {
  return list.find(([pattern]) => pattern.test(url))?.[1];
}

/** The parameter names of a route pattern (`:id`, `:id(regex)`, and `*`). */
function paramsOf(pattern: string): string[] {
  const names = [...pattern.replaceAll('::', '').matchAll(/:([A-Za-z0-9_]+)/g)].map(
    (match) => match[1] ?? '',
  );
  return pattern.endsWith('*') ? [...names, '*'] : names;
}

/** A concrete URL of a route pattern, with `values` for its parameters. */
function urlOf(pattern: string, values: Record<string, string>): string {
  let url = pattern
    .replaceAll('::', '\u0001')
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_whole, name: string) => values[name] ?? 'x')
    .replaceAll('\u0001', ':');
  if (url.endsWith('*')) {
    url = `${url.slice(0, -1)}${values['*'] ?? 'x'}`;
  }
  return url;
}

describe.each(dialects)('the whole route table on %s', (dialect) => {
  it('answers hostile, malformed, oversized and unauthorised input on every route with the error object of docs/api.md#errors, never a 500', async () => {
    const t: TestApp = await buildTestApp(dialect, {
      BODY_LIMIT: String(bodyLimit),
      RATE_LIMIT_MAX: '1000000',
      PLAN_FREE_STORAGE_BYTES: '10000000',
      FEEDBACK_MAX_PER_MEMBER: '1000',
      FEEDBACK_MAX_PER_ADDRESS: '10000',
      // The lockout probe solves a few dozen challenges: a small proof of work keeps it quick.
      SHIELD_POW_MAX_COUNTER: '2000',
      // The hostile links: their source is open to offline downloads, the canary is not (its
      // port is, so the address is what refuses it); a swarm that never answers gives up soon.
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: `${linkSource.port},${canary.port}`,
      OFFLINE_TORRENT_DHT: 'false',
      OFFLINE_TORRENT_METADATA_SECONDS: '1',
      OFFLINE_TIMEOUT_SECONDS: '2',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
    });
    try {
      const { failures, calls } = await battery(t);
      expect(failures, failures.join('\n')).toEqual([]);
      expect(calls).toBeGreaterThan(1000);
    } finally {
      await t.close();
    }
  }, 240_000);

  it('fails a route that answers hostile input with a 500, a stack or text', async () => {
    const t: TestApp = await buildTestApp(dialect, {
      BODY_LIMIT: String(bodyLimit),
      RATE_LIMIT_MAX: '1000000',
    });
    try {
      // Routes as a careless change might add them: one throws on a body it did not expect, one
      // reads a parameter as JSON, one writes its failure as text with a stack.
      t.app.post('/drive/v1/careless', async (request) => ({
        count: (request.body as { ids: string[] }).ids.length,
      }));
      t.app.get(
        '/drive/v1/careless/:id',
        async (request) => JSON.parse((request.params as { id: string }).id) as unknown,
      );
      t.app.get('/drive/v1/careless-text', async (_request, reply) =>
        reply.code(400).type('text/plain').send(new Error('boom').stack),
      );
      const { failures } = await battery(t, (route) => route.url.startsWith('/drive/v1/careless'));
      expect(
        failures.some((failure) => failure.startsWith('POST /drive/v1/careless [a member] -> 500')),
      ).toBe(true);
      expect(
        failures.some((failure) =>
          failure.startsWith('GET /drive/v1/careless/:id [traversal in :id] -> 500'),
        ),
      ).toBe(true);
      expect(
        failures.some((failure) =>
          failure.includes('/drive/v1/careless-text [no credentials] -> 400: leaks'),
        ),
      ).toBe(true);
      expect(
        failures.some((failure) =>
          failure.includes(
            '/drive/v1/careless-text [no credentials] -> 400: an error as text/plain',
          ),
        ),
      ).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});

/** Runs the battery on every route of the table (or those `only` picks) and lists what failed. */
const everyRoute = (): boolean => true;

async function battery(
  t: TestApp,
  only: (route: TestRoute) => boolean = everyRoute,
): Promise<{ failures: string[]; calls: number }> {
  linkSource.asked.clear();
  canary.connections = 0;
  const a = await makeUser(t);
  const b = await makeUser(t);
  let aHeaders: Headers = {
    authorization: `Bearer ${(await signIn(t, a.email, a.password)).access_token}`,
  };
  const bHeaders: Headers = {
    authorization: `Bearer ${(await signIn(t, b.email, b.password)).access_token}`,
  };
  const signedIn = await post(
    t,
    '/v1/auth/signin',
    { client_id: 'web', username: a.email, password: a.password },
    { origin: 'http://nimbus.test' },
  );
  const aCookie = `nimbus_session=${sessionCookieOf(signedIn)}`;

  // b's things, for a to reach for.
  const bFile = await storeFile(t, b.id, 'diary.txt', 'private words');
  const bShare = ok<{ share_id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/share',
      headers: bHeaders,
      payload: { file_ids: [bFile.id] },
    }),
  );
  const bTask = ok<{ task_id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:star',
      headers: bHeaders,
      payload: { ids: [bFile.id] },
    }),
  );
  const bUpload = ok<{ file: { id: string }; resumable: { params: { url: string } } }>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files',
      headers: bHeaders,
      payload: {
        kind: 'drive#file',
        name: 'big.bin',
        parent_id: '',
        size: '10',
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
      },
    }),
  );
  const bUploadId = new URL(bUpload.resumable.params.url).pathname.split('/').pop() ?? '';
  const bSession =
    ok<{ sessions: { id: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/v1/user/sessions', headers: bHeaders }),
    ).sessions[0]?.id ?? '';

  /** Another member's ids, by the path they are named in. */
  const idorIds: readonly [RegExp, Record<string, string>, string?][] = [
    [/^\/drive\/v1\/files\/:id/, { id: bFile.id }],
    [/^\/audit\.admin\/v1\/files\//, { file_id: bFile.id }],
    [/^\/drive\/v1\/share\/:share_id/, { share_id: bShare.share_id }],
    [/^\/audit\.admin\/v1\/shares\//, { share_id: bShare.share_id }],
    [/^\/drive\/v1\/tasks\/:id/, { id: bTask.task_id }],
    [/^\/drive\/v1\/uploads\/:id/, { id: bUploadId }],
    [/^\/v1\/user\/sessions\/:id/, { id: bSession }],
  ];
  /** Bodies and headers that pass validation, so that the ownership check is what answers. */
  const validCalls: Record<string, { payload?: unknown; headers?: Headers }> = {
    'PATCH /drive/v1/files/:id': { payload: { name: 'stolen.txt' } },
    'POST /drive/v1/files/:id(^[A-Za-z0-9_-]{1,64})::prove': {
      payload: { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
    },
    'PATCH /drive/v1/share/:share_id': { payload: { restore_limit: 5 } },
    'PATCH /drive/v1/tasks/:id': { payload: { phase: 'PHASE_TYPE_PAUSED' } },
    'HEAD /drive/v1/uploads/:id': { headers: { 'tus-resumable': '1.0.0' } },
    'DELETE /drive/v1/uploads/:id': { headers: { 'tus-resumable': '1.0.0' } },
    'PATCH /drive/v1/uploads/:id': {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: 'abc',
    },
    'POST /drive/v1/uploads/:id/form': {
      headers: { 'content-type': 'multipart/form-data; boundary=nimbusfuzz' },
      payload:
        '--nimbusfuzz\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n0123456789\r\n--nimbusfuzz--\r\n',
    },
    'PATCH /audit.admin/v1/shares/:share_id': { payload: { audit_status: 'PROHIBITED' } },
    'PATCH /audit.admin/v1/files/:file_id': { payload: { audit_status: 'PROHIBITED' } },
  };
  /** What an IDOR answers where it is not `not_found`, with the reason. */
  const idorOtherwise: readonly [RegExp, string, string][] = [
    [
      /^\/audit\.admin\//,
      'permission_denied',
      'audit calls are for operators; a member is refused before any id is read',
    ],
  ];

  async function snapshotOfB(): Promise<string> {
    const parts = await Promise.all(
      [
        '/v1/user/me',
        '/drive/v1/files?parent_id=*',
        '/drive/v1/share/list',
        '/v1/user/sessions',
        '/drive/v1/tasks',
      ].map(async (url) => {
        const response = await t.app.inject({ method: 'GET', url, headers: bHeaders });
        // Times that move by themselves (a session's use is written once a minute) are left out.
        return `${url} ${response.statusCode} ${response.body.replace(/"(last_used_time|expire|expiration|url|thumbnail_link|web_content_link|token)":"[^"]*"/g, '')}`;
      }),
    );
    return parts.join('\n');
  }
  const bBefore = await snapshotOfB();

  const failures: string[] = [];
  const fail = (call: Call, response: LightMyRequestResponse, why: string) => {
    failures.push(
      `${call.method} ${call.route.url} [${call.what}] -> ${response.statusCode}: ${why} ${response.body.slice(0, 200)}`,
    );
  };

  /** The checks every answer must pass; returns the error reason of a failure. */
  function check(call: Call, response: LightMyRequestResponse): string | undefined {
    const status = response.statusCode;
    const type = String(response.headers['content-type'] ?? '');
    if (status >= 500) {
      fail(call, response, 'a server error');
    }
    if (!firstMatch(nonJsonRoutes, call.route.url) || status >= 400) {
      for (const pattern of leakPatterns) {
        if (pattern.test(response.body)) {
          fail(call, response, `leaks ${String(pattern)}`);
        }
      }
    }
    if (status < 400) {
      if (
        !firstMatch(nonJsonRoutes, call.route.url) &&
        status !== 204 &&
        call.method !== 'HEAD' &&
        call.method !== 'OPTIONS' &&
        !type.startsWith(json)
      ) {
        fail(call, response, `answers ${type || 'no type'} where JSON is due`);
      }
      return undefined;
    }
    if (!type.startsWith(json)) {
      fail(call, response, `an error as ${type || 'no type'}`);
      return undefined;
    }
    if (call.method === 'HEAD') {
      return undefined;
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      fail(call, response, 'an error that is not JSON');
      return undefined;
    }
    const parsed = errorBodySchema.safeParse(body);
    if (!parsed.success) {
      fail(call, response, 'an error that is not the object of docs/api.md#errors');
      return undefined;
    }
    const reason = parsed.data.error;
    if (!isErrorReason(reason)) {
      fail(call, response, `an error reason outside the catalogue: ${reason}`);
      return undefined;
    }
    if (parsed.data.error_code !== errorCodeOf(reason)) {
      fail(call, response, `error_code ${parsed.data.error_code} for ${reason}`);
    }
    if (status !== httpStatusOf(reason) && !firstMatch(protocolStatusRoutes, call.route.url)) {
      fail(
        call,
        response,
        `status ${status} for ${reason} (the catalogue says ${httpStatusOf(reason)})`,
      );
    }
    return reason;
  }

  async function send(call: Call): Promise<{ response: LightMyRequestResponse; reason?: string }> {
    const response = await t.app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers: call.headers,
      ...(call.payload === undefined ? {} : { payload: call.payload }),
    });
    return { response, reason: check(call, response) };
  }

  function encoded(payload: unknown): { payload?: string; headers: Headers } {
    if (payload === undefined) {
      return { headers: {} };
    }
    return typeof payload === 'string'
      ? { payload, headers: {} }
      : { payload: JSON.stringify(payload), headers: { 'content-type': json } };
  }

  // Sign a's bearer token in again when a route (sign-out, revoke, deletion) ended it.
  async function keepASignedIn(): Promise<void> {
    const me = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers: aHeaders });
    if (me.statusCode === 401) {
      aHeaders = { authorization: `Bearer ${(await signIn(t, a.email, a.password)).access_token}` };
    }
  }

  const aFile = await storeFile(t, a.id, 'notes.txt', 'my notes');
  /** Bodies a route accepts, so that hostile parameters and credentials reach past validation. */
  const acceptedBodies: Record<string, unknown> = {
    'POST /drive/v1/files': { kind: 'drive#folder', name: 'Trip', parent_id: '' },
    'PATCH /drive/v1/files/:id': { name: 'renamed.txt' },
    'POST /drive/v1/files::batchTrash': { ids: [aFile.id] },
    'POST /drive/v1/files::batchUntrash': { ids: [aFile.id] },
    'POST /drive/v1/files::batchMove': { ids: [aFile.id], to: { parent_id: '' } },
    'POST /drive/v1/files::batchCopy': { ids: [aFile.id], to: { parent_id: '' } },
    'POST /drive/v1/files::star': { ids: [aFile.id] },
    'POST /drive/v1/files::unstar': { ids: [aFile.id] },
    'POST /drive/v1/files::zip': { ids: [aFile.id] },
    'POST /drive/v1/share': { file_ids: [aFile.id] },
    'PATCH /drive/v1/share/:share_id': { restore_limit: 5 },
    'PATCH /drive/v1/tasks/:id': { phase: 'PHASE_TYPE_PAUSED' },
    'POST /drive/v1/task': { type: 'offline', create_type: 'RETRY', id: 'abc' },
    'PATCH /audit.admin/v1/shares/:share_id': { audit_status: 'PROHIBITED' },
    'PATCH /audit.admin/v1/files/:file_id': { audit_status: 'PROHIBITED' },
    'POST /drive/v1/files/:id(^[A-Za-z0-9_-]{1,64})::prove': {
      ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }],
    },
    'PATCH /v1/user/me': { name: 'Ada' },
    'POST /config/v1/:scope': { client: 'web' },
    'POST /drive/v1/feedback': {
      category: 'bug',
      message: 'The list does not scroll on my phone.',
    },
  };

  /** Routes that read multipart forms: the field of the file, where a fresh call goes, and a form they accept. */
  const goodPart = (headers: string, body: string) => `--good\r\n${headers}\r\n\r\n${body}\r\n`;
  const formRoutes: Record<string, { field: string; target: () => Promise<string>; good: string }> =
    {
      'POST /drive/v1/uploads/:id/form': {
        field: 'file',
        // A new upload of a's for each form, so that one that went through leaves the next a place.
        target: async () => {
          const started = ok<{ form: { url: string } }>(
            await t.app.inject({
              method: 'POST',
              url: '/drive/v1/files',
              headers: aHeaders,
              payload: {
                kind: 'drive#file',
                name: 'form.bin',
                parent_id: '',
                size: '10',
                upload_type: 'UPLOAD_TYPE_FORM',
              },
            }),
          );
          return new URL(started.form.url).pathname;
        },
        good: `${goodPart('Content-Disposition: form-data; name="file"; filename="form.bin"', '0123456789')}--good--\r\n`,
      },
      'POST /drive/v1/feedback': {
        field: 'attachments',
        target: () => Promise.resolve('/drive/v1/feedback'),
        good: `${goodPart('Content-Disposition: form-data; name="category"', 'bug')}${goodPart('Content-Disposition: form-data; name="message"', 'The list does not scroll on my phone.')}${goodPart('Content-Disposition: form-data; name="attachments"; filename="shot.png"\r\nContent-Type: image/png', 'not really a png')}--good--\r\n`,
      },
    };

  /** Routes that take a link: for a link, each caller and the body it sends. */
  const linkRoutes: Record<
    string,
    (link: string) => [who: string, headers: Headers, body: unknown][]
  > = {
    'POST /drive/v1/resource/list': (link) => [
      ['signed out', {}, { urls: link }],
      ['a member', aHeaders, { urls: link }],
    ],
    'POST /drive/v1/files': (link) => [
      [
        'a member',
        aHeaders,
        { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: link, files: ['0'] } },
      ],
    ],
  };

  const routes = t.routes
    .filter(only)
    .flatMap((route) => route.methods.map((method) => ({ route, method })));
  let calls = 0;

  for (const { route, method } of routes) {
    const params = paramsOf(route.url);
    const filler = Object.fromEntries(params.map((name) => [name, 'abc']));
    const plain = urlOf(route.url, filler);
    const hasBody = bodyMethods.has(method);
    const accepted = acceptedBodies[`${method} ${route.url}`];
    const empty: { payload?: string; headers: Headers } = hasBody
      ? { payload: JSON.stringify(accepted ?? {}), headers: { 'content-type': json } }
      : { headers: {} };
    const battery: Call[] = [
      {
        what: 'no credentials',
        route,
        method,
        url: plain,
        headers: { ...empty.headers },
        payload: empty.payload,
      },
      {
        what: 'a member',
        route,
        method,
        url: plain,
        headers: { ...aHeaders, ...empty.headers },
        payload: empty.payload,
      },
      {
        what: 'repeated query keys',
        route,
        method,
        url: `${plain}?${hostileQuery}`,
        headers: { ...aHeaders, ...empty.headers },
        payload: empty.payload,
      },
      {
        what: 'a bearer header that is no bearer',
        route,
        method,
        url: plain,
        headers: { authorization: 'Basic YTpi', ...empty.headers },
        payload: empty.payload,
      },
      ...hostileParams.flatMap(([what, value]): Call[] =>
        params.map((name) => ({
          what: `${what} in :${name}`,
          route,
          method,
          url: urlOf(route.url, { ...filler, [name]: value }),
          headers: { ...aHeaders, ...empty.headers },
          payload: empty.payload,
        })),
      ),
      ...hostileHeaders.map(([what, headers]): Call => ({
        what,
        route,
        method,
        url: plain,
        headers: {
          ...(headers.cookie || headers.authorization ? {} : aHeaders),
          ...empty.headers,
          ...headers,
        },
        payload: empty.payload,
      })),
      // Each field of the body, one at a time, with each hostile value.
      ...(hasBody
        ? [...new Set([...keysOf(route.schema?.body), ...Object.keys(accepted ?? {})])].flatMap(
            (key) =>
              hostileFields.map(([what, value]): Call => ({
                what: `${what} in body.${key}`,
                route,
                method,
                url: plain,
                headers: { ...aHeaders, 'content-type': json },
                payload: JSON.stringify({ ...(accepted ?? {}), [key]: value }),
              })),
          )
        : []),
      // Each field of the query, one at a time, with each hostile value.
      ...keysOf(route.schema?.querystring).flatMap((key) =>
        hostileQueryValues.map(([what, value]): Call => ({
          what: `${what} in ?${key}`,
          route,
          method,
          url: `${plain}?${key}=${value}`,
          headers: { ...aHeaders, ...empty.headers },
          payload: empty.payload,
        })),
      ),
      ...(hasBody
        ? hostileBodies.map(([what, type, payload]): Call => ({
            what,
            route,
            method,
            url: plain,
            headers: { ...aHeaders, 'content-type': type },
            payload,
          }))
        : []),
    ];
    // A route whose OpenAPI entry names a credential (and not the empty one of an optional
    // credential) answers a caller without one `unauthenticated`, whatever else is wrong with
    // the call: credentials are checked before the path, query or body is read.
    const security = Array.isArray(route.schema?.security)
      ? (route.schema.security as object[])
      : [];
    const otherwise = signedOutOtherwise.find(
      ([pattern, methods]) => pattern.test(route.url) && methods.includes(method),
    );
    const signedOutAnswer = otherwise ? otherwise[2] : 'unauthenticated';
    const needsCredential =
      security.length > 0 &&
      security.every((scheme) => Object.keys(scheme).length > 0) &&
      method !== 'OPTIONS' &&
      signedOutAnswer !== undefined;
    // A hostile value in a parameter a pattern constrains matches no route at all.
    const constrained = route.url.includes('(');
    if (needsCredential) {
      battery.push(
        ...signedOutCalls
          .filter(([, extra]) => !(extra.param && constrained))
          .map(([what, extra]): Call => ({
            what: `no credentials and ${what}`,
            route,
            method,
            url: `${urlOf(route.url, Object.fromEntries(params.map((name) => [name, extra.param ?? 'abc'])))}${extra.query ?? ''}`,
            headers: hasBody ? { 'content-type': extra.type ?? json } : {},
            payload: hasBody ? (extra.payload ?? empty.payload) : undefined,
          })),
      );
    }
    for (const call of battery) {
      const { response, reason } = await send(call);
      calls += 1;
      const signedOutWrong =
        method === 'HEAD' ? response.statusCode !== 401 : reason !== signedOutAnswer;
      if (needsCredential && call.what.startsWith('no credentials') && signedOutWrong) {
        fail(call, response, `a call without credentials must answer ${signedOutAnswer}`);
      }
    }

    // Another member's ids: not_found (or the listed answer), never a success.
    const idor = idorIds.find(([pattern]) => pattern.test(route.url));
    // OPTIONS of a tus resource tells the server's tus facts and reads no upload (tus 1.0).
    if (idor && !firstMatch(publicParamRoutes, route.url) && method !== 'OPTIONS') {
      const valid = validCalls[`${method} ${route.url}`] ?? {};
      const body = encoded(valid.payload ?? (hasBody ? {} : undefined));
      const call: Call = {
        what: "another member's id",
        route,
        method,
        url: urlOf(route.url, { ...filler, ...idor[1] }),
        headers: { ...aHeaders, ...body.headers, ...valid.headers },
        payload: body.payload,
      };
      const { response, reason } = await send(call);
      calls += 1;
      const otherwise = idorOtherwise.find(([pattern]) => pattern.test(route.url));
      const expected = otherwise?.[1] ?? 'not_found';
      const answered =
        reason === undefined
          ? undefined
          : expected === 'not_found'
            ? kindOfReason(reason as never)
            : reason;
      // HEAD answers carry no body: the status is what tells.
      const wrong =
        method === 'HEAD'
          ? response.statusCode !== httpStatusOf(expected as never)
          : answered !== expected;
      if (response.statusCode < 400 || wrong) {
        fail(call, response, `another member's id must answer ${expected}`);
      }
    }

    // Hostile forms on a route that reads one: each answers (the error object where it fails),
    // and the form that follows a failed one still goes through, so a broken form loses nothing.
    const form = formRoutes[`${method} ${route.url}`];
    if (form) {
      for (const [what, type, payload] of hostileForms(form.field)) {
        const url = await form.target();
        const call: Call = {
          what,
          route,
          method,
          url,
          headers: { ...aHeaders, 'content-type': type },
          payload,
        };
        const { response } = await send(call);
        calls += 1;
        if (response.statusCode >= 400) {
          const good = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...aHeaders, 'content-type': 'multipart/form-data; boundary=good' },
            payload: form.good,
          });
          calls += 1;
          if (good.statusCode !== 200) {
            fail(
              { ...call, what: `a good form after ${what}` },
              good,
              'a good form after a failed one must go through',
            );
          }
        }
      }
    }

    // Hostile links on a route that takes one: each answers (the error object where it fails), a
    // task made of one fails with a reason when it runs, and the server answers the next call.
    const linkCalls = linkRoutes[`${method} ${route.url}`];
    if (linkCalls) {
      // What escapes every handler ends the server process (main.ts stops on it); in here the
      // test runner would catch it, so it is caught and named as a failure of the call.
      const escaped: unknown[] = [];
      const onEscape = (error: unknown) => escaped.push(error);
      process.on('uncaughtException', onEscape);
      process.on('unhandledRejection', onEscape);
      for (const [what, link] of hostileLinks()) {
        for (const [who, headers, body] of linkCalls(link)) {
          const call: Call = {
            what: `${what}, ${who}`,
            route,
            method,
            url: plain,
            headers: { ...headers, 'content-type': json },
            payload: JSON.stringify(body),
          };
          const { response } = await send(call);
          calls += 1;
          const taskId =
            response.statusCode === 200
              ? (response.json<{ task?: { id: string } }>().task?.id ?? '')
              : '';
          if (taskId !== '') {
            await t.container.offlineWorker.runPending();
            const task = await t.app.inject({
              method: 'GET',
              url: `/drive/v1/tasks/${taskId}`,
              headers: aHeaders,
            });
            calls += 1;
            const ended =
              task.statusCode === 200 ? task.json<{ phase: string; message: string }>() : undefined;
            if (ended?.phase !== 'PHASE_TYPE_ERROR' || ended.message === '') {
              fail(
                { ...call, what: `the task of ${what}` },
                task,
                'a task of a hostile link must fail with a reason',
              );
            }
          }
          const next = await t.app.inject({ method: 'GET', url: '/readyz' });
          calls += 1;
          if (next.statusCode !== 200) {
            fail(
              { ...call, what: `the call after ${what}` },
              next,
              'the server must answer the call after a hostile link',
            );
          }
          for (const error of escaped.splice(0)) {
            fail(
              call,
              next,
              `an exception escaped: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
    }

    // A cookie session that changes state from no allowed origin is refused before anything runs.
    if (hasBody) {
      const call: Call = {
        what: 'a cookie without an Origin',
        route,
        method,
        url: plain,
        headers: { cookie: aCookie, 'content-type': json },
        payload: '{}',
      };
      const { response, reason } = await send(call);
      calls += 1;
      if (reason !== 'origin_not_allowed') {
        fail(call, response, 'a cookie state change from no origin must answer origin_not_allowed');
      }
    }
    await keepASignedIn();
  }

  if (only === everyRoute) {
    // The hostile links reached their tracker (each magnet link: two checks and a task) and
    // their source (two checks; the task reads it too), and nothing reached the canary.
    for (const [pathname, times] of [
      ['/announce-https', 3],
      ['/announce-closed', 3],
      ['/truncated.torrent', 2],
    ] as const) {
      expect(linkSource.asked.get(pathname) ?? 0, pathname).toBeGreaterThanOrEqual(times);
    }
    expect(canary.connections).toBe(0);
  }

  // Links handed out through a share stop with it, for every caller and every hostile header.
  const contentRoute = t.routes
    .filter(only)
    .find((route) => route.url === '/content/v1/:token/:name');
  if (contentRoute) {
    calls += await staleShareLinks(contentRoute);
  }

  // Enumeration and lockouts, on every route that names an account or takes a guessable secret.
  const probed = routes.map(({ route, method }) => ({
    route,
    method,
    fields: [...keysOf(route.schema?.body), ...keysOf(route.schema?.querystring)],
  }));
  const probes = await runAccountProbes(t, probed);
  failures.push(...probes.failures);
  if (only === everyRoute) {
    // The probes find their routes by field names: they must keep finding these, and every
    // exemption must still name a route that has such a field.
    expect(probes.probed).toEqual(
      expect.arrayContaining([
        'POST /v1/auth/verification (account)',
        'POST /v1/auth/verification (secret)',
        'POST /v1/auth/signin (account)',
        'POST /v1/auth/signin (secret)',
        'GET /drive/v1/share (secret)',
        ...Object.keys(exemptRoutes).map((key) => `${key} (exempt)`),
      ]),
    );
  }

  /**
   * Links of a's shares, taken from `file_info` while the shares are readable: after the pass
   * code changes or the share ends each answers `file_not_found`, and one whose share claim was
   * swapped for another share's answers `content_link_invalid`, on GET and HEAD, to anyone.
   */
  async function staleShareLinks(route: TestRoute): Promise<number> {
    const shared = await storeFile(t, a.id, 'shared.txt', 'shared words');
    const linkOf = async (body: Record<string, unknown>) => {
      const made = ok<{ share_id: string; pass_code: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/share',
          headers: aHeaders,
          payload: { file_ids: [shared.id], ...body },
        }),
      );
      const opened = ok<{ pass_code_token: string }>(
        await t.app.inject({
          method: 'GET',
          url: `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: made.pass_code }).toString()}`,
        }),
      );
      const info = ok<{ file_info: { web_content_link: string } }>(
        await t.app.inject({
          method: 'GET',
          url: `/drive/v1/share/file_info?${new URLSearchParams({ share_id: made.share_id, pass_code_token: opened.pass_code_token, file_id: shared.id }).toString()}`,
        }),
      );
      return { shareId: made.share_id, url: new URL(info.file_info.web_content_link) };
    };
    const changed = await linkOf({});
    const ended = await linkOf({ pass_code_option: 'NOT_REQUIRED' });
    for (const link of [changed, ended]) {
      const live = await t.app.inject({
        method: 'GET',
        url: link.url.pathname,
        headers: { host: link.url.host },
      });
      expect(live.body).toBe('shared words');
    }
    ok(
      await t.app.inject({
        method: 'PATCH',
        url: `/drive/v1/share/${changed.shareId}`,
        headers: aHeaders,
        payload: { custom_pass_code: 'Changed1' },
      }),
    );
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share:batchDelete',
        headers: aHeaders,
        payload: { ids: [ended.shareId] },
      }),
    );
    const [, , token = '', name = ''] = changed.url.pathname.split('/').slice(1);
    const [payload = '', mac = ''] = token.split('.');
    const swapped = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace(changed.shareId, ended.shareId),
    ).toString('base64url');
    const stale: [string, string, string][] = [
      ['a share whose pass code changed', changed.url.pathname, 'file_not_found'],
      ['an ended share', ended.url.pathname, 'file_not_found'],
      [
        'a share claim swapped for another share',
        `/content/v1/${swapped}.${mac}/${name}`,
        'content_link_invalid',
      ],
    ];
    const callers: [string, Headers][] = [
      ['no credentials', {}],
      ['the owner', aHeaders],
      ['another member', bHeaders],
      ...hostileHeaders,
    ];
    let sent = 0;
    for (const [link, url, expected] of stale) {
      for (const [who, headers] of callers) {
        for (const method of ['GET', 'HEAD']) {
          const call: Call = {
            what: `${link}, ${who}`,
            route,
            method,
            url,
            headers: { ...headers, host: changed.url.host },
          };
          const { response, reason } = await send(call);
          sent += 1;
          const wrong =
            method === 'HEAD'
              ? response.statusCode !== httpStatusOf(expected as never)
              : reason !== expected;
          if (wrong) {
            fail(call, response, `a stale share link must answer ${expected}`);
          }
        }
      }
    }
    return sent;
  }

  // Still healthy, a still works, b is as b was.
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  await keepASignedIn();
  ok(await t.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=', headers: aHeaders }));
  expect(await snapshotOfB()).toBe(bBefore);
  return { failures, calls };
}
