import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf } from '../helper';
import { storeFile } from '../support/stored-file';
import { unzip } from '../support/zip';
import { hundred, png, useContentApp, type FileBody } from './content-fixture';

describe.each(dialects)('downloads and previews on %s', (dialect) => {
  const f = useContentApp(dialect);
  const { member, fileOf, fetchContent } = f;

  it('zips a selection with nested folders, empty folders and names in any script', async () => {
    const { user, headers } = await member();
    const create = async (name: string, parentId = '') => {
      const answer = await f.t.app.inject({
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
    await storeFile(f.t, user.id, 'один.txt', 'первый', trip);
    await storeFile(f.t, user.id, 'two.bin', hundred, photos);
    const loose = await storeFile(f.t, user.id, '메모.txt', '메모 내용');
    const trashed = await storeFile(f.t, user.id, 'gone.txt', 'gone', trip);
    await f.t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchTrash',
      headers,
      payload: { ids: [trashed.id] },
    });

    const made = await f.t.app.inject({
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

    const single = await f.t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: [photos] },
    });
    expect(single.json<{ name: string }>().name).toBe('写真.zip');

    // The largest selection a call takes makes the longest link.
    const many = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        storeFile(f.t, user.id, `item-${index}.txt`, `item ${index}`),
      ),
    );
    const big = await f.t.app.inject({
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
    const tooMany = await f.t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers,
      payload: { ids: [...many.map((file) => file.id), loose.id] },
    });
    expect(errorOf(tooMany).error).toBe('invalid_argument');

    const reference = await f.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(reference.json<{ paths: Record<string, unknown> }>().paths)).toContain(
      '/drive/v1/files:zip',
    );
  });

  it('draws thumbnails in the three sizes and reports image dimensions', async () => {
    const { user, headers } = await member();
    const record = await storeFile(f.t, user.id, 'wide.png', await png(800, 600));
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

    const listed = await f.t.app.inject({
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
    const document = await storeFile(f.t, user.id, 'report.bin', hundred);
    const song = await storeFile(
      f.t,
      user.id,
      'song.mp3',
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]),
    );
    const picture = await storeFile(f.t, user.id, 'picture.png', await png(8, 8));
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

    const answer = await f.t.app.inject({ method: 'GET', url: '/drive/v1/events', headers });
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
    const picture = await storeFile(f.t, user.id, 'wide.png', await png(800, 600));
    const numbers = await storeFile(f.t, user.id, 'numbers.bin', hundred);
    await f.t.container.events.record(user.id, [
      { type: 'TYPE_UPLOAD', fileId: picture.id },
      { type: 'TYPE_UPLOAD', fileId: numbers.id },
    ]);
    type EventBody = { file_id: string; thumbnail_link: string; file_category: string };
    const eventsOf = async (query: string) => {
      const response = await f.t.app.inject({
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
      const response = await f.t.app.inject({
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
    const record = await storeFile(f.t, user.id, 'kept.png', image);
    const copy = await storeFile(f.t, user.id, 'copy.png', image);
    const link = (await fileOf(headers, record.id, '?thumbnail_size=SIZE_SMALL')).thumbnail_link;
    const thumbnailSha256 = String((await fetchContent(link)).headers.etag).replaceAll('"', '');
    expect((await f.t.container.blobRecords.find(thumbnailSha256))?.refCount).toBe(1);

    // One file of two gone: the content is still referenced, the thumbnail stays.
    await f.t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchDelete',
      headers,
      payload: { ids: [record.id] },
    });
    expect(await f.t.container.media.releaseOrphans()).toBe(0);
    await f.t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchDelete',
      headers,
      payload: { ids: [copy.id] },
    });
    expect(await f.t.container.media.releaseOrphans()).toBe(1);
    expect((await f.t.container.blobRecords.find(thumbnailSha256))?.refCount).toBe(0);
    expect(await f.t.container.media.releaseOrphans()).toBe(0);
  });

  it('recognises content by its bytes and offers media renditions', async () => {
    const { user, headers } = await member();
    const disguised = await storeFile(f.t, user.id, 'picture-without-extension', await png(20, 10));
    const file = await fileOf(headers, disguised.id);
    expect(file.file_category).toBe('IMAGE');
    expect(file.params).toMatchObject({ width: '20', height: '10' });
    const notAnImage = await storeFile(f.t, user.id, 'fake.png', 'just text');
    expect((await fileOf(headers, notAnImage.id)).thumbnail_link).toBe('');

    const video = await storeFile(
      f.t,
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
    const code = await storeFile(f.t, user.id, 'greet.ts', source);
    const module = await storeFile(f.t, user.id, 'greet.cts', source);
    const camera = await storeFile(f.t, user.id, 'clip.mts', source);
    const video = await storeFile(f.t, user.id, 'broadcast.ts', stream);

    // The listing reads the first bytes of `.ts` names before it answers.
    const listed = await f.t.app.inject({ method: 'GET', url: '/drive/v1/files', headers });
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
    const record = await storeFile(f.t, owner.user.id, 'private.txt', 'private');
    const response = await f.t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${record.id}`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    const zip = await f.t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:zip',
      headers: stranger.headers,
      payload: { ids: [record.id] },
    });
    expect(zip.statusCode).toBe(404);
    expect(errorOf(zip).error).toBe('file_not_found');

    const url = (await fileOf(owner.headers, record.id)).web_content_link;
    await f.t.app.inject({
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
