import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, makeUser, testClock, type TestApp } from '../helper';
import { signIn } from '../identity';
import { s3Env, startS3Server, type TestS3Server } from '../s3-server';
import { storeFile } from '../support/stored-file';
import { unzip } from '../support/zip';

const contentOrigin = 'http://content.nimbus-usercontent.test';

interface LinkBody {
  url: string;
  token: string;
  expire: string;
  type: string;
}

interface FileBody {
  id: string;
  name: string;
  file_category: string;
  web_content_link: string;
  thumbnail_link: string;
  links: Record<string, LinkBody>;
  medias: {
    media_id: string;
    link: LinkBody;
    is_playable: boolean;
    video: { audio_codec: string };
  }[];
  params: Record<string, string>;
}

/** 0..99 as bytes: every range of it is easy to check. */
const hundred = Buffer.from(Array.from({ length: 100 }, (_, index) => index));

/** The path of a content link, for `inject` (the host is the content origin). */
function pathOf(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(contentOrigin);
  return parsed.pathname + parsed.search;
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

describe.each(dialects)('downloads and previews on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, CONTENT_LINK_TTL_SECONDS: '3600' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  async function member() {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    return { user, headers: { authorization: `Bearer ${token.access_token}` } };
  }

  async function fileOf(
    headers: Record<string, string>,
    id: string,
    query = '',
  ): Promise<FileBody> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${id}${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileBody>();
  }

  function fetchContent(
    url: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url: pathOf(url),
      headers: { host: new URL(contentOrigin).host, ...headers },
    });
  }

  it('fills signed links on the content origin and serves the bytes with validators', async () => {
    const { user, headers } = await member();
    const record = await storeFile(t, user.id, 'numbers.bin', hundred);
    const file = await fileOf(headers, record.id);
    const link = file.links['application/octet-stream'];
    expect(link?.url).toBe(file.web_content_link);
    expect(link?.type).toBe('application/octet-stream');
    expect(Date.parse(link?.expire ?? '')).toBe(clock.now().getTime() + 3600 * 1000);
    expect(file.web_content_link).toContain('/content/v1/');
    expect(file.web_content_link.endsWith('/numbers.bin')).toBe(true);

    const full = await fetchContent(file.web_content_link);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(hundred)).toBe(true);
    expect(full.headers['content-length']).toBe('100');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers.etag).toBe(`"${record.sha256}"`);
    expect(full.headers['last-modified']).toBe(new Date(record.createdAt).toUTCString());
    expect(full.headers['content-type']).toBe('application/octet-stream');
    expect(full.headers['content-disposition']).toBe('attachment; filename=numbers.bin');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const head = await fetchContent(file.web_content_link, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('100');
    expect(head.headers.etag).toBe(`"${record.sha256}"`);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers single ranges (merged when they overlap), the whole body for several, and 416 when none is satisfiable', async () => {
    const { user, headers } = await member();
    const record = await storeFile(t, user.id, 'numbers.bin', hundred);
    const url = (await fileOf(headers, record.id)).web_content_link;
    const cases: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      ['bytes=40-59', 40, 59],
      ['bytes=-5', 95, 99],
      ['bytes=90-', 90, 99],
      ['bytes=95-500', 95, 99],
    ];
    for (const [range, start, end] of cases) {
      const answer = await fetchContent(url, { range });
      expect(answer.statusCode, range).toBe(206);
      expect(answer.headers['content-range'], range).toBe(`bytes ${start}-${end}/100`);
      expect(answer.headers['content-length'], range).toBe(String(end - start + 1));
      expect(answer.rawPayload.equals(hundred.subarray(start, end + 1)), range).toBe(true);
    }
    const headRange = await fetchContent(url, { range: 'bytes=10-19' }, 'HEAD');
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers['content-length']).toBe('10');
    expect(headRange.rawPayload.length).toBe(0);

    // Several disjoint ranges: the whole body with 200 (RFC 9110 §14.2), never a multipart body.
    for (const range of ['bytes=0-1,50-51', 'bytes=-5,0-0', 'bytes=10-19, 30-39, 60-']) {
      const several = await fetchContent(url, { range });
      expect(several.statusCode, range).toBe(200);
      expect(several.headers['content-type'], range).toBe('application/octet-stream');
      expect(several.headers['content-range'], range).toBeUndefined();
      expect(several.headers['content-length'], range).toBe('100');
      expect(several.headers['accept-ranges'], range).toBe('bytes');
      expect(several.rawPayload.equals(hundred), range).toBe(true);
    }
    const severalHead = await fetchContent(url, { range: 'bytes=0-1,50-51' }, 'HEAD');
    expect(severalHead.statusCode).toBe(200);
    expect(severalHead.headers['content-length']).toBe('100');
    // Ranges that overlap or touch are one range; an unsatisfiable one beside a good one is dropped.
    const merged: [string, number, number][] = [
      ['bytes=0-9,5-19', 0, 19],
      ['bytes=0-9,10-19', 0, 19],
      ['bytes=20-29,200-300', 20, 29],
    ];
    for (const [range, start, end] of merged) {
      const answer = await fetchContent(url, { range });
      expect(answer.statusCode, range).toBe(206);
      expect(answer.headers['content-range'], range).toBe(`bytes ${start}-${end}/100`);
      expect(answer.rawPayload.equals(hundred.subarray(start, end + 1)), range).toBe(true);
    }
    const noneSatisfiable = await fetchContent(url, { range: 'bytes=100-,200-300' });
    expect(noneSatisfiable.statusCode).toBe(416);
    expect(noneSatisfiable.headers['content-range']).toBe('bytes */100');

    const beyond = await fetchContent(url, { range: 'bytes=100-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */100');
    expect(errorOf(beyond).error).toBe('out_of_range');

    const malformed = await fetchContent(url, { range: 'bytes=abc' });
    expect(malformed.statusCode).toBe(200);
  });

  it('honours If-Range, If-None-Match and If-Modified-Since', async () => {
    const { user, headers } = await member();
    const record = await storeFile(t, user.id, 'numbers.bin', hundred);
    const url = (await fileOf(headers, record.id)).web_content_link;
    const etag = `"${record.sha256}"`;
    const lastModified = new Date(record.createdAt).toUTCString();

    const matching = await fetchContent(url, { range: 'bytes=0-3', 'if-range': etag });
    expect(matching.statusCode).toBe(206);
    expect(matching.rawPayload.equals(hundred.subarray(0, 4))).toBe(true);
    const byDate = await fetchContent(url, { range: 'bytes=0-3', 'if-range': lastModified });
    expect(byDate.statusCode).toBe(206);
    const changed = await fetchContent(url, {
      range: 'bytes=0-3',
      'if-range': `"${'0'.repeat(64)}"`,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(hundred)).toBe(true);
    const weak = await fetchContent(url, { range: 'bytes=0-3', 'if-range': `W/${etag}` });
    expect(weak.statusCode).toBe(200);

    const cached = await fetchContent(url, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(etag);
    expect((await fetchContent(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await fetchContent(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect(
      (
        await fetchContent(url, {
          'if-modified-since': new Date(Date.parse(record.createdAt) - 60_000).toUTCString(),
        })
      ).statusCode,
    ).toBe(200);
    const precondition = await fetchContent(url, { 'if-match': '"other"' });
    expect(precondition.statusCode).toBe(412);
    expect(errorOf(precondition).error).toBe('failed_precondition');
  });

  it('refuses expired, tampered and forged links with the error object', async () => {
    const { user, headers } = await member();
    const mine = await storeFile(t, user.id, 'mine.txt', 'mine');
    const other = await storeFile(t, user.id, 'other.txt', 'other');
    const url = (await fileOf(headers, mine.id)).web_content_link;
    const token = decodeURIComponent(new URL(url).pathname.split('/')[3] ?? '');
    const [payload, signature] = token.split('.') as [string, string];

    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { f: string };
    const retargeted = Buffer.from(JSON.stringify({ ...claims, f: other.id }), 'utf8').toString(
      'base64url',
    );
    for (const bad of [
      `${retargeted}.${signature}`,
      `${payload}.${'A'.repeat(43)}`,
      'not-a-token',
      `${payload}.`,
    ]) {
      const answer = await fetchContent(
        `${contentOrigin}/content/v1/${encodeURIComponent(bad)}/mine.txt`,
      );
      expect(answer.statusCode, bad).toBe(403);
      expect(errorOf(answer).error, bad).toBe('content_link_invalid');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }

    clock.advance(3601 * 1000);
    const expired = await fetchContent(url);
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired).error).toBe('content_link_expired');
  });

  it("lets the site's pages read ranges across origins, and no other origin", async () => {
    const { user, headers } = await member();
    const record = await storeFile(t, user.id, 'notes.txt', hundred);
    const url = (await fileOf(headers, record.id)).web_content_link;
    const site = 'http://nimbus.test';

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: pathOf(url),
      headers: {
        host: new URL(contentOrigin).host,
        origin: site,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(site);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'range',
    );
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const ranged = await fetchContent(url, { origin: site, range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(hundred.subarray(0, 10))).toBe(true);
    expect(ranged.headers['access-control-allow-origin']).toBe(site);
    expect(ranged.headers['access-control-allow-credentials']).toBeUndefined();
    expect(
      String(ranged.headers['access-control-expose-headers'])
        .split(',')
        .map((name) => name.trim()),
    ).toEqual(
      expect.arrayContaining([
        'Content-Range',
        'Content-Length',
        'ETag',
        'Accept-Ranges',
        'Content-Disposition',
      ]),
    );
    expect(String(ranged.headers.vary)).toMatch(/origin/i);
    const head = await fetchContent(url, { origin: site }, 'HEAD');
    expect(head.headers['access-control-allow-origin']).toBe(site);

    const stranger = await fetchContent(url, { origin: 'http://evil.test', range: 'bytes=0-9' });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(stranger.headers.vary)).toMatch(/origin/i);
    const strangerPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: pathOf(url),
      headers: {
        host: new URL(contentOrigin).host,
        origin: 'http://evil.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range',
      },
    });
    expect(strangerPreflight.headers['access-control-allow-origin']).toBeUndefined();

    // The API keeps its own CORS (cookie sessions: credentials allowed for the site).
    const api = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${record.id}`,
      headers: { ...headers, origin: site },
    });
    expect(api.headers['access-control-allow-origin']).toBe(site);
    expect(api.headers['access-control-allow-credentials']).toBe('true');
  });

  it('never runs HTML or SVG, and shows only inert types inline', async () => {
    const { user, headers } = await member();
    const html = await storeFile(
      t,
      user.id,
      'page.html',
      '<script>alert(document.domain)</script>',
    );
    const svg = await storeFile(
      t,
      user.id,
      'drawing.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const image = await storeFile(t, user.id, 'photo.png', await png(40, 30));
    for (const record of [html, svg]) {
      const url = (await fileOf(headers, record.id)).web_content_link;
      const answer = await fetchContent(`${url}?disposition=inline`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/octet-stream');
      expect(answer.headers['content-disposition']).toBe(`attachment; filename=${record.name}`);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    const url = (await fileOf(headers, image.id)).web_content_link;
    const inline = await fetchContent(`${url}?disposition=inline`);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toBe('inline; filename=photo.png');
    const attachment = await fetchContent(url);
    expect(attachment.headers['content-disposition']).toBe('attachment; filename=photo.png');
  });

  it('names downloads in any script with filename*', async () => {
    const { user, headers } = await member();
    const record = await storeFile(t, user.id, '報告 отчёт.txt', 'text');
    const answer = await fetchContent((await fileOf(headers, record.id)).web_content_link);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="?? ?????.txt"; filename*=UTF-8''${encodeURIComponent('報告 отчёт.txt')}`,
    );
  });

  it('zips a selection with nested folders, empty folders and names in any script', async () => {
    const { user, headers } = await member();
    const create = async (name: string, parentId = '') => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#folder', name, parent_id: parentId },
      });
      return answer.json<{ file: { id: string } }>().file.id;
    };
    const photos = await create('写真');
    const trip = await create('Поездка', photos);
    await create('空', photos);
    await storeFile(t, user.id, 'один.txt', 'первый', trip);
    await storeFile(t, user.id, 'two.bin', hundred, photos);
    const loose = await storeFile(t, user.id, '메모.txt', '메모 내용');
    const trashed = await storeFile(t, user.id, 'gone.txt', 'gone', trip);
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchTrash',
      headers,
      payload: { ids: [trashed.id] },
    });

    const made = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: [photos, loose.id] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json<{ kind: string; url: string; name: string }>();
    expect(link.kind).toBe('drive#zip');
    const answer = await fetchContent(link.url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length));
    const entries = await unzip(answer.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        '写真/',
        '写真/Поездка/',
        '写真/Поездка/один.txt',
        '写真/two.bin',
        '写真/空/',
        '메모.txt',
      ].sort(),
    );
    expect((entries.get('写真/Поездка/один.txt') as Buffer).toString()).toBe('первый');
    expect((entries.get('写真/two.bin') as Buffer).equals(hundred)).toBe(true);
    expect((entries.get('메모.txt') as Buffer).toString()).toBe('메모 내용');

    const single = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: [photos] },
    });
    expect(single.json<{ name: string }>().name).toBe('写真.zip');

    // The largest selection a call takes makes the longest link.
    const many = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        storeFile(t, user.id, `item-${index}.txt`, `item ${index}`),
      ),
    );
    const big = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: many.map((file) => file.id) },
    });
    const bigEntries = await unzip(
      (await fetchContent(big.json<{ url: string }>().url)).rawPayload,
    );
    expect(bigEntries.size).toBe(100);
    expect((bigEntries.get('item-42.txt') as Buffer).toString()).toBe('item 42');
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: [...many.map((file) => file.id), loose.id] },
    });
    expect(errorOf(tooMany).error).toBe('invalid_argument');

    const reference = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(reference.json<{ paths: Record<string, unknown> }>().paths)).toContain(
      '/drive/v1/files:zip',
    );
  });

  it('draws thumbnails in the three sizes and reports image dimensions', async () => {
    const { user, headers } = await member();
    const record = await storeFile(t, user.id, 'wide.png', await png(800, 600));
    const small = await fileOf(headers, record.id, '?thumbnail_size=SIZE_SMALL');
    expect(small.params).toMatchObject({ width: '800', height: '600' });
    expect(small.file_category).toBe('IMAGE');
    const thumbnail = await fetchContent(small.thumbnail_link);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const drawn = await sharp(thumbnail.rawPayload).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['webp', 256, 192]);
    // Drawn once: the second fetch is the same blob.
    const again = await fetchContent(small.thumbnail_link);
    expect(again.headers.etag).toBe(thumbnail.headers.etag);
    expect(
      (
        await fetchContent(small.thumbnail_link, {
          'if-none-match': String(thumbnail.headers.etag),
        })
      ).statusCode,
    ).toBe(304);

    const large = await fileOf(headers, record.id, '?thumbnail_size=SIZE_LARGE');
    const big = await sharp((await fetchContent(large.thumbnail_link)).rawPayload).metadata();
    // Never enlarged past the original.
    expect([big.width, big.height]).toEqual([800, 600]);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/drive/v1/files?thumbnail_size=SIZE_MEDIUM',
      headers,
    });
    const row = listed.json<{ files: FileBody[] }>().files.find((file) => file.id === record.id);
    expect(row?.params).toMatchObject({ width: '800', height: '600' });
    const medium = await sharp(
      (await fetchContent(row?.thumbnail_link ?? '')).rawPayload,
    ).metadata();
    expect([medium.width, medium.height]).toEqual([512, 384]);
  });

  it('notes downloads, views and playback from the first byte in recent events', async () => {
    const { user, headers } = await member();
    const document = await storeFile(t, user.id, 'report.bin', hundred);
    const song = await storeFile(
      t,
      user.id,
      'song.mp3',
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]),
    );
    const picture = await storeFile(t, user.id, 'picture.png', await png(8, 8));
    const documentUrl = (await fileOf(headers, document.id)).web_content_link;
    await fetchContent(documentUrl, {}, 'HEAD');
    await fetchContent(documentUrl, { range: 'bytes=10-19' });
    await fetchContent(documentUrl);
    const played = (await fileOf(headers, song.id)).medias[0]?.link.url ?? '';
    await fetchContent(played, { range: 'bytes=0-' });
    await fetchContent(played, { range: 'bytes=100-' });
    await fetchContent(
      `${(await fileOf(headers, picture.id)).web_content_link}?disposition=inline`,
    );

    const answer = await t.app.inject({ method: 'GET', url: '/drive/v1/events', headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const events = answer.json<{ events: { type: string; file_id: string }[] }>().events;
    expect(events.map((event) => [event.type, event.file_id]).sort()).toEqual(
      [
        ['TYPE_DOWNLOAD', document.id],
        ['TYPE_PLAY', song.id],
        ['TYPE_VIEW', picture.id],
      ].sort(),
    );
  });

  it('recent events carry the thumbnail of a file that has one, as the file listing gives it', async () => {
    const { user, headers } = await member();
    const picture = await storeFile(t, user.id, 'wide.png', await png(800, 600));
    const numbers = await storeFile(t, user.id, 'numbers.bin', hundred);
    await t.container.events.record(user.id, [
      { type: 'TYPE_UPLOAD', fileId: picture.id },
      { type: 'TYPE_UPLOAD', fileId: numbers.id },
    ]);
    type EventBody = { file_id: string; thumbnail_link: string; file_category: string };
    const eventsOf = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/drive/v1/events${query}`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return new Map(
        response.json<{ events: EventBody[] }>().events.map((event) => [event.file_id, event]),
      );
    };
    const listedOf = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/drive/v1/files?parent_id=${query}`,
        headers,
      });
      return new Map(response.json<{ files: FileBody[] }>().files.map((file) => [file.id, file]));
    };

    const medium = await eventsOf('?thumbnail_size=SIZE_MEDIUM');
    const link = medium.get(picture.id)?.thumbnail_link ?? '';
    expect(link).toBe(
      (await listedOf('&thumbnail_size=SIZE_MEDIUM')).get(picture.id)?.thumbnail_link,
    );
    expect(medium.get(picture.id)?.file_category).toBe('IMAGE');
    const drawn = await sharp((await fetchContent(link)).rawPayload).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['webp', 512, 384]);
    // A file with no thumbnail has none; the default size is the listing's default.
    expect(medium.get(numbers.id)?.thumbnail_link).toBe('');
    const small = (await eventsOf('')).get(picture.id)?.thumbnail_link ?? '';
    expect(small).toBe((await listedOf('')).get(picture.id)?.thumbnail_link);
    const smallDrawn = await sharp((await fetchContent(small)).rawPayload).metadata();
    expect([smallDrawn.width, smallDrawn.height]).toEqual([256, 192]);
  });

  it('releases the thumbnails of content no file references any more', async () => {
    const { user, headers } = await member();
    const image = await png(64, 64);
    const record = await storeFile(t, user.id, 'kept.png', image);
    const copy = await storeFile(t, user.id, 'copy.png', image);
    const link = (await fileOf(headers, record.id, '?thumbnail_size=SIZE_SMALL')).thumbnail_link;
    const thumbnailSha256 = String((await fetchContent(link)).headers.etag).replaceAll('"', '');
    expect((await t.container.blobRecords.find(thumbnailSha256))?.refCount).toBe(1);

    // One file of two gone: the content is still referenced, the thumbnail stays.
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchDelete',
      headers,
      payload: { ids: [record.id] },
    });
    expect(await t.container.media.releaseOrphans()).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchDelete',
      headers,
      payload: { ids: [copy.id] },
    });
    expect(await t.container.media.releaseOrphans()).toBe(1);
    expect((await t.container.blobRecords.find(thumbnailSha256))?.refCount).toBe(0);
    expect(await t.container.media.releaseOrphans()).toBe(0);
  });

  it('recognises content by its bytes and offers media renditions', async () => {
    const { user, headers } = await member();
    const disguised = await storeFile(t, user.id, 'picture-without-extension', await png(20, 10));
    const file = await fileOf(headers, disguised.id);
    expect(file.file_category).toBe('IMAGE');
    expect(file.params).toMatchObject({ width: '20', height: '10' });
    const notAnImage = await storeFile(t, user.id, 'fake.png', 'just text');
    expect((await fileOf(headers, notAnImage.id)).thumbnail_link).toBe('');

    const video = await storeFile(
      t,
      user.id,
      'clip.mp4',
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
    );
    const medias = (await fileOf(headers, video.id)).medias;
    expect(medias).toHaveLength(1);
    expect(medias[0]?.link.url).toContain('disposition=inline');
    const played = await fetchContent(medias[0]?.link.url ?? '', { range: 'bytes=0-3' });
    expect(played.statusCode).toBe(206);
    expect(played.headers['content-type']).toBe('video/mp4');
    expect(played.headers['content-disposition']).toBe('inline; filename=clip.mp4');
  });

  it('tells a TypeScript source named .ts from an MPEG transport stream by its bytes', async () => {
    const { user, headers } = await member();
    const source =
      "import { readFile } from 'node:fs/promises';\n\nexport const greet = (name: string): string => `Hello, ${name}`;\n".repeat(
        80,
      );
    const stream = Buffer.alloc(188 * 40, 0xff);
    for (let packet = 0; packet < 40; packet += 1) {
      stream.set([0x47, 0x40, 0x00, 0x10, 0x00], packet * 188);
    }
    const code = await storeFile(t, user.id, 'greet.ts', source);
    const module = await storeFile(t, user.id, 'greet.cts', source);
    const camera = await storeFile(t, user.id, 'clip.mts', source);
    const video = await storeFile(t, user.id, 'broadcast.ts', stream);

    // The listing reads the first bytes of `.ts` names before it answers.
    const listed = await t.app.inject({ method: 'GET', url: '/drive/v1/files', headers });
    const categories = new Map(
      listed.json<{ files: FileBody[] }>().files.map((file) => [file.name, file.file_category]),
    );
    expect(Object.fromEntries(categories)).toEqual({
      'greet.ts': 'TEXT',
      'greet.cts': 'TEXT',
      'clip.mts': 'TEXT',
      'broadcast.ts': 'VIDEO',
    });

    for (const record of [code, module, camera]) {
      const file = await fileOf(headers, record.id);
      expect(file.file_category, record.name).toBe('TEXT');
      expect(file.medias, record.name).toEqual([]);
      expect(file.thumbnail_link, record.name).toBe('');
      const head = await fetchContent(file.web_content_link, { range: 'bytes=0-1048575' });
      expect(head.statusCode, record.name).toBe(206);
      expect(head.headers['content-type'], record.name).toBe('text/plain; charset=utf-8');
      expect(head.headers['content-disposition'], record.name).toBe(
        `attachment; filename=${record.name}`,
      );
      expect(head.body, record.name).toBe(source);
    }

    const broadcast = await fileOf(headers, video.id);
    expect(broadcast.file_category).toBe('VIDEO');
    expect(broadcast.medias).toHaveLength(1);
    const played = await fetchContent(broadcast.medias[0]?.link.url ?? '', {
      range: 'bytes=0-187',
    });
    expect(played.statusCode).toBe(206);
    expect(played.headers['content-type']).toBe('video/mp2t');
    expect(played.headers['content-disposition']).toBe('inline; filename=broadcast.ts');
  });

  it("answers not_found for another member's files, and for files gone since the link was made", async () => {
    const owner = await member();
    const stranger = await member();
    const record = await storeFile(t, owner.user.id, 'private.txt', 'private');
    const response = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${record.id}`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    const zip = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers: stranger.headers,
      payload: { ids: [record.id] },
    });
    expect(zip.statusCode).toBe(404);
    expect(errorOf(zip).error).toBe('file_not_found');

    const url = (await fileOf(owner.headers, record.id)).web_content_link;
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchTrash',
      headers: owner.headers,
      payload: { ids: [record.id] },
    });
    const gone = await fetchContent(url);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).error).toBe('file_not_found');
    expect(gone.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('downloads from the S3 blob store', () => {
  let s3: TestS3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp('sqlite', { ...s3Env(s3), CONTENT_ORIGIN: contentOrigin });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('serves ranges, zips and thumbnails from the bucket', async () => {
    const user = await makeUser(t);
    const headers = {
      authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
    };
    const record = await storeFile(t, user.id, 'numbers.bin', hundred);
    const image = await storeFile(t, user.id, 'photo.png', await png(300, 100));
    const file = (
      await t.app.inject({ method: 'GET', url: `/drive/v1/files/${record.id}`, headers })
    ).json<FileBody>();
    const path = pathOf(file.web_content_link);
    const middle = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { range: 'bytes=10-19' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(hundred.subarray(10, 20))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url: path });
    expect(whole.rawPayload.equals(hundred)).toBe(true);

    const zipped = (
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files:zip',
        headers,
        payload: { ids: [record.id] },
      })
    ).json<{ url: string }>();
    const entries = await unzip(
      (await t.app.inject({ method: 'GET', url: pathOf(zipped.url) })).rawPayload,
    );
    expect((entries.get('numbers.bin') as Buffer).equals(hundred)).toBe(true);

    const pictured = (
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/files/${image.id}?thumbnail_size=SIZE_SMALL`,
        headers,
      })
    ).json<FileBody>();
    expect(pictured.params).toMatchObject({ width: '300', height: '100' });
    const thumbnail = await sharp(
      (await t.app.inject({ method: 'GET', url: pathOf(pictured.thumbnail_link) })).rawPayload,
    ).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([256, 85]);
  });
});
