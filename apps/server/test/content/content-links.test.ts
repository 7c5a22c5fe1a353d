import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { s3Env, startS3Server, type TestS3Server } from '../s3-server';
import { storeFile } from '../support/stored-file';
import { unzip } from '../support/zip';
import {
  contentOrigin,
  hundred,
  pathOf,
  png,
  useContentApp,
  type FileBody,
} from './content-fixture';

describe.each(dialects)('downloads and previews on %s', (dialect) => {
  const f = useContentApp(dialect);
  const { member, fileOf, fetchContent } = f;

  it('fills signed links on the content origin and serves the bytes with validators', async () => {
    const { user, headers } = await member();
    const record = await storeFile(f.t, user.id, 'numbers.bin', hundred);
    const file = await fileOf(headers, record.id);
    const link = file.links['application/octet-stream'];
    expect(link?.url).toBe(file.web_content_link);
    expect(link?.type).toBe('application/octet-stream');
    expect(Date.parse(link?.expire ?? '')).toBe(f.clock.now().getTime() + 3600 * 1000);
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
    const record = await storeFile(f.t, user.id, 'numbers.bin', hundred);
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
    const record = await storeFile(f.t, user.id, 'numbers.bin', hundred);
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
    const mine = await storeFile(f.t, user.id, 'mine.txt', 'mine');
    const other = await storeFile(f.t, user.id, 'other.txt', 'other');
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

    f.clock.advance(3601 * 1000);
    const expired = await fetchContent(url);
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired).error).toBe('content_link_expired');
  });

  it("lets the site's pages read ranges across origins, and no other origin", async () => {
    const { user, headers } = await member();
    const record = await storeFile(f.t, user.id, 'notes.txt', hundred);
    const url = (await fileOf(headers, record.id)).web_content_link;
    const site = 'http://nimbus.test';

    const preflight = await f.t.app.inject({
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
    const strangerPreflight = await f.t.app.inject({
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
    const api = await f.t.app.inject({
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
      f.t,
      user.id,
      'page.html',
      '<script>alert(document.domain)</script>',
    );
    const svg = await storeFile(
      f.t,
      user.id,
      'drawing.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const image = await storeFile(f.t, user.id, 'photo.png', await png(40, 30));
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
    const record = await storeFile(f.t, user.id, '報告 отчёт.txt', 'text');
    const answer = await fetchContent((await fileOf(headers, record.id)).web_content_link);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="?? ?????.txt"; filename*=UTF-8''${encodeURIComponent('報告 отчёт.txt')}`,
    );
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
    const { user, headers } = await signedInMember(t);
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
