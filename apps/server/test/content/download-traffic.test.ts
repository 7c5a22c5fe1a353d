import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, dialects, errorOf, testClock, type TestApp } from '../helper';
import { createDownloadTrafficMeter } from '../../src/modules/content/download-traffic';
import { signIn, signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

const contentOrigin = 'http://content.nimbus-usercontent.test';

/** 0..99 as bytes. */
const hundred = Buffer.from(Array.from({ length: 100 }, (_, index) => index));

describe.each(dialects)('download traffic on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock('2030-01-15T12:00:00.000Z');
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES: '250' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  function fileCall(
    headers: Record<string, string>,
    id: string,
    query = '',
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'GET', url: `/drive/v1/files/${id}${query}`, headers });
  }

  async function downloadLink(headers: Record<string, string>, id: string): Promise<string> {
    const response = await fileCall(headers, id, '?usage=FETCH');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ web_content_link: string }>().web_content_link;
  }

  function fetchContent(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const parsed = new URL(url);
    return t.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host, ...headers },
    });
  }

  async function traffic(headers: Record<string, string>) {
    const response = await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ quotas: { download_traffic: { limit: string; usage: string } } }>()
      .quotas.download_traffic;
  }

  /** The member's traffic once the counter writes under way have landed (they follow the bytes). */
  async function expectTraffic(
    headers: Record<string, string>,
    expected: { limit: string; usage: string },
  ) {
    await vi.waitFor(async () => expect(await traffic(headers)).toEqual(expected));
  }

  it('counts a download by its size and a range by its length, and about shows it', async () => {
    const { user, headers } = await signedInMember(t);
    const record = await storeFile(t, user.id, 'numbers.bin', hundred);
    await expectTraffic(headers, { limit: '250', usage: '0' });

    const url = await downloadLink(headers, record.id);
    const full = await fetchContent(url);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(hundred)).toBe(true);
    await expectTraffic(headers, { limit: '250', usage: '100' });

    const range = await fetchContent(url, { range: 'bytes=10-29' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(hundred.subarray(10, 30))).toBe(true);
    await expectTraffic(headers, { limit: '250', usage: '120' });

    // A HEAD sends no body and counts nothing; another member's usage is their own.
    const head = await t.app.inject({
      method: 'HEAD',
      url: new URL(url).pathname,
      headers: { host: new URL(url).host },
    });
    expect(head.statusCode).toBe(200);
    const other = await signedInMember(t);
    expect(await traffic(other.headers)).toEqual({ limit: '250', usage: '0' });
    await expectTraffic(headers, { limit: '250', usage: '120' });
  });

  it('does not count inline previews', async () => {
    const { user, headers } = await signedInMember(t);
    const record = await storeFile(t, user.id, 'picture.png', hundred);
    const url = await downloadLink(headers, record.id);
    const preview = await fetchContent(`${url}?disposition=inline`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    await expectTraffic(headers, { limit: '250', usage: '0' });
    expect((await fetchContent(url)).statusCode).toBe(200);
    await expectTraffic(headers, { limit: '250', usage: '100' });
  });

  it('adds the bytes in batches as they pass, and the rest when the body ends', async () => {
    const { user, headers } = await signedInMember(t);
    const meter = createDownloadTrafficMeter({
      traffic: t.container.downloadTrafficRecords,
      plans: t.container.memberships,
      now: clock.now,
      batchBytes: 64,
    });
    const source = new PassThrough();
    const chunks = meter.meter(user.id, source)[Symbol.asyncIterator]();
    source.write(Buffer.alloc(40, 1));
    expect(((await chunks.next()).value as Buffer).length).toBe(40);
    await expectTraffic(headers, { limit: '250', usage: '0' });
    source.write(Buffer.alloc(40, 2));
    // The chunk that completes a batch passes on at once; the batch (80 bytes) is written beside it.
    expect(((await chunks.next()).value as Buffer).length).toBe(40);
    await expectTraffic(headers, { limit: '250', usage: '80' });
    source.end(Buffer.alloc(40, 3));
    expect(((await chunks.next()).value as Buffer).length).toBe(40);
    expect((await chunks.next()).done).toBe(true);
    await expectTraffic(headers, { limit: '250', usage: '120' });
  });

  it('counts zip downloads as the bytes of the archive sent', async () => {
    const { user, headers } = await signedInMember(t);
    const record = await storeFile(t, user.id, 'numbers.bin', hundred);
    const zip = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: [record.id] },
    });
    expect(zip.statusCode, zip.body).toBe(200);
    const archive = await fetchContent(zip.json<{ url: string }>().url);
    expect(archive.statusCode).toBe(200);
    await expectTraffic(headers, { limit: '250', usage: String(archive.rawPayload.length) });
  });

  it('answers download_traffic_exhausted on a new download link and a new download once the traffic is used up', async () => {
    const { user, headers } = await signedInMember(t);
    const record = await storeFile(t, user.id, 'numbers.bin', hundred);
    const url = await downloadLink(headers, record.id);
    for (let index = 0; index < 3; index += 1) {
      expect((await fetchContent(url)).statusCode).toBe(200);
    }
    await expectTraffic(headers, { limit: '250', usage: '300' });

    const refused = await fileCall(headers, record.id, '?usage=FETCH');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ error: 'download_traffic_exhausted', error_code: 8 });

    const download = await fetchContent(url);
    expect(errorOf(download).error).toBe('download_traffic_exhausted');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers.etag).toBeUndefined();
    const zip = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: [record.id] },
    });
    expect(errorOf(zip).error).toBe('download_traffic_exhausted');
    await expectTraffic(headers, { limit: '250', usage: '300' });

    // The File itself still reads (names, sizes); the next UTC month starts from zero.
    expect((await fileCall(headers, record.id)).statusCode).toBe(200);
    clock.advance(20 * 24 * 60 * 60 * 1000);
    const token = await signIn(t, user.email, user.password);
    const february = { authorization: `Bearer ${token.access_token}` };
    await expectTraffic(february, { limit: '250', usage: '0' });
    expect((await fileCall(february, record.id, '?usage=FETCH')).statusCode).toBe(200);
  });
});
