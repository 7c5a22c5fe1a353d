import { httpStatusOf, type ErrorReason } from '@nimbus/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok, localizedOf } from '../helper';
import { storeFile } from '../support/stored-file';
import { hostileDriveCalls } from './contract-hostile-drive';
import { filters, useContractApp, type Hostile, type Method } from './contract-fixture';

describe.each(dialects)('the HTTP contract of docs/api.md on %s', (dialect) => {
  const f = useContractApp(dialect);
  const { member, call } = f;

  it('answers hostile input on every files, tasks and share route with the error object of docs/api.md#errors, never a 500', async () => {
    const a = await member();
    const b = await member();
    const file = await storeFile(f.t, a.user.id, 'notes.txt', 'the notes');
    const folder = ok<{ file: { id: string } }>(
      await call(a.headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Trip',
        parent_id: '',
      }),
    ).file;
    const made = ok<{ share_id: string }>(
      await call(a.headers, 'POST', '/drive/v1/share', {
        file_ids: [file.id, folder.id],
        pass_code_option: 'NOT_REQUIRED',
      }),
    );
    const opened = ok<{ pass_code_token: string }>(
      await call({}, 'GET', `/drive/v1/share?share_id=${made.share_id}`),
    );
    const share = `share_id=${made.share_id}&pass_code_token=${opened.pass_code_token}`;
    const long = 'n'.repeat(256);

    /** Every route that takes a JSON body, with a body it accepts. */
    const jsonRoutes: [Method, string, Record<string, unknown>][] = [
      ['POST', '/drive/v1/files', { kind: 'drive#folder', name: 'x', parent_id: '' }],
      ['PATCH', `/drive/v1/files/${file.id}`, { name: 'x.txt' }],
      ['POST', '/drive/v1/files:batchTrash', { ids: [file.id] }],
      ['POST', '/drive/v1/files:batchUntrash', { ids: [file.id] }],
      ['POST', '/drive/v1/files:batchDelete', { ids: [file.id] }],
      ['POST', '/drive/v1/files:batchMove', { ids: [file.id], to: { parent_id: folder.id } }],
      ['POST', '/drive/v1/files:batchCopy', { ids: [file.id], to: { parent_id: folder.id } }],
      ['POST', '/drive/v1/files:star', { ids: [file.id] }],
      ['POST', '/drive/v1/files:unstar', { ids: [file.id] }],
      ['PATCH', '/drive/v1/files/trash:empty', {}],
      [
        'POST',
        `/drive/v1/files/${file.id}:prove`,
        { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
      ],
      ['POST', '/drive/v1/task', { type: 'offline', create_type: 'RETRY', id: 'abc' }],
      ['PATCH', '/drive/v1/tasks/abc', { phase: 'PHASE_TYPE_PAUSED' }],
      ['POST', '/drive/v1/share', { file_ids: [file.id] }],
      ['PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 5 }],
      ['POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }],
      [
        'POST',
        '/drive/v1/share:batch_file_info',
        { share_id: made.share_id, pass_code_token: opened.pass_code_token, file_ids: [file.id] },
      ],
      [
        'POST',
        '/drive/v1/share/restore',
        { share_id: made.share_id, pass_code_token: opened.pass_code_token },
      ],
      ['POST', '/audit.admin/v1/share', { share_id: made.share_id }],
    ];
    const generic: Hostile[] = jsonRoutes.flatMap(([method, url, body]): Hostile[] => [
      [`${url}: malformed JSON`, method, url, '{"ids": [', 'invalid_argument'],
      // A call that reads no field (trash:empty) takes any JSON; the others want their object.
      ...(Object.keys(body).length === 0
        ? []
        : [
            [`${url}: an array for the object`, method, url, [body], 'invalid_argument'] as Hostile,
          ]),
      [
        `${url}: a body over the limit`,
        method,
        url,
        { ...body, padding: 'x'.repeat(1024 * 1024 + 1) },
        'payload_too_large',
      ],
      [`${url}: a NUL in a field`, method, url, { ...body, nul: 'a\u0000b' }, 'invalid_argument'],
    ]);

    /**
     * Every path with an id in it, with a NUL in the id and an id longer than any (`:prove`
     * routes only ids of drive shape: any other names no path at all).
     */
    const idPaths: [Method, (id: string) => string, unknown, ErrorReason][] = [
      ['GET', (id) => `/drive/v1/files/${id}`, undefined, 'invalid_argument'],
      ['PATCH', (id) => `/drive/v1/files/${id}`, { name: 'x.txt' }, 'invalid_argument'],
      [
        'POST',
        (id) => `/drive/v1/files/${id}:prove`,
        { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
        'not_found',
      ],
      ['GET', (id) => `/drive/v1/tasks/${id}`, undefined, 'invalid_argument'],
      [
        'PATCH',
        (id) => `/drive/v1/tasks/${id}`,
        { phase: 'PHASE_TYPE_PAUSED' },
        'invalid_argument',
      ],
      ['PATCH', (id) => `/drive/v1/share/${id}`, { restore_limit: 5 }, 'invalid_argument'],
      ['HEAD', (id) => `/drive/v1/uploads/${id}`, undefined, 'invalid_argument'],
    ];
    const ids: Hostile[] = idPaths.flatMap(([method, path, body, notAnId]): Hostile[] => [
      [`${path('{id}')}: a NUL in the id`, method, path('a%00b'), body, notAnId],
      [`${path('{id}')}: an id of 65 characters`, method, path('i'.repeat(65)), body, notAnId],
      [
        `${path('{id}')}: an id cut inside a UTF-8 sequence`,
        method,
        path('%E0%A4%A'),
        body,
        'invalid_argument',
      ],
      [
        `${path('{id}')}: an id encoding a lone surrogate`,
        method,
        path('%ED%A0%80'),
        body,
        'invalid_argument',
      ],
      [
        `${path('{id}')}: an id past the router's length`,
        method,
        path('i'.repeat(9000)),
        body,
        'invalid_argument',
      ],
    ]);

    const specific: Hostile[] = hostileDriveCalls({ file, made, opened, share, long });

    for (const [what, method, url, payload, reason] of [...generic, ...ids, ...specific]) {
      // The saver is not the owner, so a save reaches its checks instead of file_restore_own.
      const headers = url.startsWith('/drive/v1/share/restore') ? b.headers : a.headers;
      const response = await call({ ...headers, 'accept-language': 'ko' }, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(httpStatusOf(reason));
      if (method === 'HEAD') {
        continue;
      }
      const error = errorOf(response);
      expect(error.error, what).toBe(reason);
      expect(localizedOf(error)?.locale, what).toBe('ko');
      expect(error.error_description, what).not.toContain('\u0000');
    }

    // Nothing of it changed the drive or the share.
    const root = ok<{ files: { id: string; name: string; trashed: boolean; starred: boolean }[] }>(
      await call(a.headers, 'GET', '/drive/v1/files?parent_id=&order=NAME_ASC'),
    );
    expect(root.files.map((item) => [item.name, item.trashed, item.starred])).toEqual([
      ['notes.txt', false, false],
      ['Trip', false, false],
    ]);
    const summary = ok<{
      data: { share_id: string; title: string; restore_limit: string; restore_count: string }[];
    }>(await call(a.headers, 'GET', '/drive/v1/share/list')).data;
    expect(
      summary.map((item) => [item.share_id, item.title, item.restore_limit, item.restore_count]),
    ).toEqual([[made.share_id, 'notes.txt', '-1', '0']]);
  });

  it('filters files only by values the fields hold, and by times in any RFC 3339 form', async () => {
    const { user, headers } = await member();
    await storeFile(f.t, user.id, 'early.txt', 'made at midnight');
    f.clock.advance(10 * 60 * 1000);
    await storeFile(f.t, user.id, 'late.png', 'made ten minutes later');
    async function names(value: unknown): Promise<string[]> {
      const page = ok<{ files: { name: string }[] }>(
        await call(
          headers,
          'GET',
          `/drive/v1/files?parent_id=*&order=NAME_ASC&filters=${filters(value)}`,
        ),
      );
      return page.files.map((item) => item.name);
    }
    // The stored times are 00:00:00.000Z and 00:10:00.000Z; the filters give them in other forms.
    expect(await names({ modified_time: { lt: '2030-01-01T00:10:00Z' } })).toEqual(['early.txt']);
    expect(await names({ modified_time: { gt: '2030-01-01T01:05:00+01:00' } })).toEqual([
      'late.png',
    ]);
    expect(
      await names({
        created_time: { gt: '2029-12-31T23:59:59.9999Z', lt: '2030-01-01t00:00:00.001z' },
      }),
    ).toEqual(['early.txt']);
    expect(await names({ modified_time: { gt: '2030-01-01T00:00:00.000Z' } })).toEqual([
      'late.png',
    ]);
    expect(
      await names({
        phase: { in: 'PHASE_TYPE_COMPLETE,PHASE_TYPE_PENDING' },
        file_category: { eq: 'TEXT' },
      }),
    ).toEqual(['early.txt']);
    for (const refused of [
      { phase: { eq: 'complete' } },
      { file_category: { eq: 'image' } },
      { modified_time: { gt: '2030-13-01T00:00:00Z' } },
      { created_time: { lt: '1 Jan 2030' } },
      { modified_time: { gt: 1_893_456_000 } },
    ]) {
      const response = await call(
        headers,
        'GET',
        `/drive/v1/files?parent_id=*&filters=${filters(refused)}`,
      );
      expect(response.statusCode, JSON.stringify(refused)).toBe(400);
      expect(errorOf(response)).toMatchObject({ error: 'invalid_argument', error_code: 3 });
      expect(errorOf(response).error_description).toMatch(/^filters: /);
    }
  });

  it('saves a share into the root when specify_parent_id names the root, and into "Saved from shares" without it', async () => {
    const owner = await member();
    const saver = await member();
    const shared = await storeFile(f.t, owner.user.id, 'poster.txt', 'a shared poster');
    const made = ok<{ share_id: string }>(
      await call(owner.headers, 'POST', '/drive/v1/share', {
        file_ids: [shared.id],
        pass_code_option: 'NOT_REQUIRED',
      }),
    );
    const toRoot = ok<{ share_status: string; restore_status: string; file_id: string }>(
      await call(saver.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        file_ids: [],
        specify_parent_id: true,
        parent_id: '',
        share_user_id: owner.user.id,
        gcids: [shared.gcid.toUpperCase()],
      }),
    );
    expect(toRoot).toMatchObject({
      share_status: 'OK',
      restore_status: 'RESTORE_COMPLETE',
      file_id: '',
    });
    const saved = ok<{ share_status: string; file_id: string }>(
      await call(saver.headers, 'POST', '/drive/v1/share/restore', { share_id: made.share_id }),
    );
    expect(saved.share_status).toBe('OK');
    const root = ok<{ files: { id: string; name: string; kind: string }[] }>(
      await call(saver.headers, 'GET', '/drive/v1/files?parent_id=&order=NAME_ASC'),
    );
    expect(root.files.map((item) => [item.name, item.kind])).toEqual([
      ['poster.txt', 'drive#file'],
      ['Saved from shares', 'drive#folder'],
    ]);
    expect(root.files[1]?.id).toBe(saved.file_id);
  });

  it('gives each ShareSummary the thumbnail of its shared picture, as listings do', async () => {
    const { user, headers } = await member();
    const picture = await storeFile(
      f.t,
      user.id,
      'beach.png',
      await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .png()
        .toBuffer(),
    );
    const text = await storeFile(f.t, user.id, 'notes.txt', 'no picture here');
    const pictureShare = ok<{ share_id: string }>(
      await call(headers, 'POST', '/drive/v1/share', { file_ids: [picture.id] }),
    );
    const textShare = ok<{ share_id: string }>(
      await call(headers, 'POST', '/drive/v1/share', { file_ids: [text.id] }),
    );
    const summaries = ok<{ data: { share_id: string; thumbnail_link: string }[] }>(
      await call(headers, 'GET', '/drive/v1/share/list'),
    ).data;
    const link =
      summaries.find((item) => item.share_id === pictureShare.share_id)?.thumbnail_link ?? '';
    expect(summaries.find((item) => item.share_id === textShare.share_id)?.thumbnail_link).toBe('');
    const listed = ok<{ files: { id: string; thumbnail_link: string }[] }>(
      await call(headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(link).not.toBe('');
    expect(link).toBe(listed.files.find((item) => item.id === picture.id)?.thumbnail_link);
    const thumbnail = await f.t.app.inject({
      method: 'GET',
      url: new URL(link).pathname + new URL(link).search,
      headers: { host: new URL(link).host },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\//);
    const changed = ok<{ thumbnail_link: string; restore_limit: string }>(
      await call(headers, 'PATCH', `/drive/v1/share/${pictureShare.share_id}`, {
        restore_limit: 3,
      }),
    );
    expect(changed).toMatchObject({ thumbnail_link: link, restore_limit: '3' });
    // A picture in the trash shows none.
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [picture.id] }));
    const after = ok<{ data: { share_id: string; thumbnail_link: string }[] }>(
      await call(headers, 'GET', '/drive/v1/share/list'),
    ).data;
    expect(after.find((item) => item.share_id === pictureShare.share_id)?.thumbnail_link).toBe('');
  });
});
