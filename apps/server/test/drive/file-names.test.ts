import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { errorMessage } from '@nimbus/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, localizedOf, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { unzip } from '../support/zip';

const contentOrigin = 'http://content.nimbus.test';

/**
 * The one rule for names (`fileNameProblem`, `safeFileName`, `portableFileName` of the contracts)
 * through every call that takes or gives one: create folder, rename, upload, offline task name,
 * zip name, zip entries and downloads.
 */
describe.each(dialects)('names of files and folders on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { CONTENT_ORIGIN: contentOrigin });
  });
  afterEach(async () => {
    await t.close();
  });

  type Headers = Record<string, string>;

  async function member(locale = 'en-US') {
    const { user, headers } = await signedInMember(t, { locale });
    return { user, headers: { ...headers, 'accept-language': locale } as Headers };
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function refused(response: LightMyRequestResponse, reason: string, problem: string) {
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response);
    expect(error.error).toBe(reason);
    expect(error.error_code).toBe(3);
    expect(error.details[0]).toMatchObject({ metadata: { problem } });
    return error;
  }

  function fetchContent(url: string): Promise<LightMyRequestResponse> {
    const parsed = new URL(url);
    return t.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host },
    });
  }

  const spoofed = 'invoice\u202Efdp.exe';

  it('refuses a direction control and an over-long name in every call that names something, with a message in the member’s language', async () => {
    const { headers } = await member('ja');
    const made = ok<{ file: { id: string } }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'target',
        parent_id: '',
      }),
    ).file;
    const calls: [string, () => Promise<LightMyRequestResponse>][] = [
      [
        'create folder',
        () =>
          call(headers, 'POST', '/drive/v1/files', {
            kind: 'drive#folder',
            name: spoofed,
            parent_id: '',
          }),
      ],
      ['rename', () => call(headers, 'PATCH', `/drive/v1/files/${made.id}`, { name: spoofed })],
      [
        'resumable upload',
        () =>
          call(headers, 'POST', '/drive/v1/files', {
            kind: 'drive#file',
            name: spoofed,
            parent_id: '',
            size: '10',
            upload_type: 'UPLOAD_TYPE_RESUMABLE',
          }),
      ],
      [
        'form upload',
        () =>
          call(headers, 'POST', '/drive/v1/files', {
            kind: 'drive#file',
            name: spoofed,
            parent_id: '',
            size: '10',
            upload_type: 'UPLOAD_TYPE_FORM',
          }),
      ],
      [
        'empty upload',
        () =>
          call(headers, 'POST', '/drive/v1/files', {
            kind: 'drive#file',
            name: spoofed,
            parent_id: '',
            size: '0',
            upload_type: 'UPLOAD_TYPE_RESUMABLE',
          }),
      ],
      [
        'offline task',
        () =>
          call(headers, 'POST', '/drive/v1/files', {
            kind: 'drive#file',
            upload_type: 'UPLOAD_TYPE_URL',
            url: { url: 'https://example.com/a.bin' },
            name: spoofed,
          }),
      ],
      [
        'zip name',
        () => call(headers, 'POST', '/drive/v1/files:zip', { ids: [made.id], name: spoofed }),
      ],
    ];
    for (const [what, send] of calls) {
      const error = refused(await send(), 'file_name_direction_control', 'direction_control');
      expect(localizedOf(error), what).toEqual({
        '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
        locale: 'ja',
        message: errorMessage('file_name_direction_control', 'ja'),
      });
    }
    const long = `${'写'.repeat(84)}.txt`;
    refused(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        name: long,
        parent_id: '',
        size: '10',
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
      }),
      'file_name_too_long',
      'too_long',
    );
    refused(
      await call(headers, 'PATCH', `/drive/v1/files/${made.id}`, { name: long }),
      'file_name_too_long',
      'too_long',
    );
    refused(
      await call(headers, 'PATCH', `/drive/v1/files/${made.id}`, { name: 'a\u2028b' }),
      'file_name_invalid',
      'control',
    );
    // Nothing was made or renamed.
    const listed = ok<{ files: { name: string }[] }>(
      await call(headers, 'GET', '/drive/v1/files?parent_id=*'),
    ).files;
    expect(listed.map((file) => file.name)).toEqual(['target']);
  });

  it('takes names of 255 bytes in any script and names only Windows refuses, for uploads and renames', async () => {
    const { headers } = await member();
    const names = [
      `${'写'.repeat(83)}.txt`,
      'تقرير الرحلة.pdf',
      'CON',
      'aux.c',
      'C:',
      'what?.txt',
      'name.',
    ];
    for (const name of names) {
      const started = ok<{ file: { id: string; name: string } }>(
        await call(headers, 'POST', '/drive/v1/files', {
          kind: 'drive#file',
          name,
          parent_id: '',
          size: '10',
          upload_type: 'UPLOAD_TYPE_RESUMABLE',
        }),
      );
      expect(started.file.name).toBe(name);
      const renamed = ok<{ name: string }>(
        await call(headers, 'PATCH', `/drive/v1/files/${started.file.id}`, { name: `${name} 2` }),
      );
      expect(renamed.name).toBe(`${name} 2`);
    }
  });

  it('zips names Windows refuses under names it takes, numbering those that become alike, and drops direction controls', async () => {
    const { user, headers } = await member();
    const folder = (name: string, parentId = '') =>
      call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name,
        parent_id: parentId,
      }).then((answer) => ok<{ file: { id: string } }>(answer).file.id);
    const top = await folder('C:');
    const inner = await folder('LPT1', top);
    await storeFile(t, user.id, 'CON', 'console', top);
    await storeFile(t, user.id, 'nul.tar.gz', 'nothing', top);
    await storeFile(t, user.id, 'a:b.txt', 'colon', top);
    await storeFile(t, user.id, 'a_b.txt', 'underscore', top);
    await storeFile(t, user.id, 'A?B.txt', 'question', top);
    await storeFile(t, user.id, 'ends with a dot.', 'dot', inner);
    // A name kept from before direction controls were refused.
    const legacy = await storeFile(t, user.id, 'invoice.exe', 'legacy', inner);
    await t.container.database.db
      .updateTable('files')
      .set({ name: spoofed })
      .where('id', '=', legacy.id)
      .execute();

    const link = ok<{ url: string; name: string }>(
      await call(headers, 'POST', '/drive/v1/files:zip', { ids: [top] }),
    );
    expect(link.name).toBe('C:.zip');
    const answer = await fetchContent(link.url);
    expect(answer.statusCode).toBe(200);
    const entries = await unzip(answer.rawPayload);
    const names = [...entries.keys()];
    expect(names.filter((name) => !/^C_\/a_b/i.test(name)).sort()).toEqual(
      [
        'C_/',
        'C_/LPT1_/',
        'C_/CON_',
        'C_/nul_.tar.gz',
        'C_/LPT1_/ends with a dot',
        'C_/LPT1_/invoicefdp.exe',
      ].sort(),
    );
    expect(entries.get('C_/CON_')?.toString()).toBe('console');
    expect(entries.get('C_/LPT1_/invoicefdp.exe')?.toString()).toBe('legacy');
    // a:b.txt, a_b.txt and A?B.txt become alike: one keeps the name, the others are numbered.
    const alike = names.filter((name) => /^C_\/a_b/i.test(name));
    expect(alike.map((name) => name.toLowerCase()).sort()).toEqual([
      'c_/a_b(2).txt',
      'c_/a_b(3).txt',
      'c_/a_b.txt',
    ]);
    expect(alike.map((name) => entries.get(name)?.toString()).sort()).toEqual([
      'colon',
      'question',
      'underscore',
    ]);
  });

  it('sends a kept name with direction controls without them, and cuts zip names to 255 bytes', async () => {
    const { user, headers } = await member();
    const legacy = await storeFile(t, user.id, 'report.pdf', randomBytes(10));
    await t.container.database.db
      .updateTable('files')
      .set({ name: spoofed })
      .where('id', '=', legacy.id)
      .execute();
    const file = ok<{ web_content_link: string }>(
      await call(headers, 'GET', `/drive/v1/files/${legacy.id}`),
    );
    const download = await fetchContent(file.web_content_link);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=invoicefdp.exe');

    const long = ok<{ file: { id: string } }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: '写'.repeat(85),
        parent_id: '',
      }),
    ).file;
    const zip = ok<{ name: string }>(
      await call(headers, 'POST', '/drive/v1/files:zip', { ids: [long.id] }),
    );
    expect(zip.name).toBe(`${'写'.repeat(83)}.zip`);
    expect(Buffer.byteLength(zip.name)).toBeLessThanOrEqual(255);
  });
});
