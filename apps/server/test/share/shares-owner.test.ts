import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok } from '../helper';
import { summaryKeys, useSharesApp, type OpenBody, type SummaryBody } from './shares-fixture';

describe.each(dialects)('shares on %s', (dialect) => {
  const f = useSharesApp(dialect);
  const { member, call, ownerDrive, share, open, tokenFor, summaries } = f;

  it('makes links with a generated or custom pass code and lists them as ShareSummary', async () => {
    const a = await member();
    const c = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(
      { ...a.headers, 'accept-language': 'es' },
      { file_ids: [drive.trip.id, drive.top.id], expiration_days: 7, restore_limit: 3 },
    );
    expect(made.share_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(made.share_url).toBe(`http://nimbus.test/s/${made.share_id}`);
    expect(made.pass_code).toMatch(/^[a-z0-9]{4}$/);
    expect(made.share_text).toContain(made.share_url);
    expect(made.share_text).toContain(`Código de acceso: ${made.pass_code}`);
    f.clock.advance(1000);
    const custom = await share(a.headers, {
      file_ids: [drive.top.id],
      pass_code_option: 'REQUIRED',
      custom_pass_code: 'Open2030',
      title: 'For you',
    });
    expect(custom.pass_code).toBe('Open2030');
    f.clock.advance(1000);
    const open1 = await share(a.headers, {
      file_ids: [drive.b.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    expect(open1.pass_code).toBe('');

    const list = await summaries(a.headers);
    expect(list.data.map((row) => row.share_id)).toEqual([
      open1.share_id,
      custom.share_id,
      made.share_id,
    ]);
    const first = list.data[2] as SummaryBody;
    expect(Object.keys(first).sort()).toEqual(summaryKeys);
    expect(first).toMatchObject({
      share_status: 'OK',
      file_num: '2',
      expiration_days: '7',
      restore_limit: '3',
      restore_count: '0',
      pass_code: made.pass_code,
    });
    expect(Number(first.file_size)).toBe(
      'photo bytes of day one'.length + 'notes of the trip'.length + 'a file at the root'.length,
    );

    const paged = await summaries(a.headers, { limit: '2' });
    expect(paged.data).toHaveLength(2);
    const rest = await summaries(a.headers, { limit: '2', page_token: paged.next_page_token });
    expect(rest.data.map((row) => row.share_id)).toEqual([made.share_id]);
    expect(rest.next_page_token).toBe('');

    const patched = ok<SummaryBody>(
      await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: 'NewCode9',
        expiration_days: -1,
        restore_limit: -1,
      }),
    );
    expect(patched).toMatchObject({
      pass_code: 'NewCode9',
      expiration_days: '-1',
      restore_limit: '-1',
    });

    // Another member's shares answer not_found, as missing ones do.
    expect(
      errorOf(
        await call(c.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 1 }),
      ).error,
    ).toBe('not_found');
    expect(
      errorOf(
        await call(c.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }),
      ).error,
    ).toBe('not_found');
    expect(
      errorOf(await call(c.headers, 'POST', '/drive/v1/share', { file_ids: [drive.top.id] })).error,
    ).toBe('file_not_found');
    expect((await summaries(c.headers)).data).toEqual([]);

    ok(await call(a.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [custom.share_id] }));
    expect((await summaries(a.headers)).data.map((row) => row.share_id)).toEqual([
      open1.share_id,
      made.share_id,
    ]);
    expect(
      (await summaries(a.headers, { filters: JSON.stringify({ share_status: { eq: 'EXPIRED' } }) }))
        .data,
    ).toEqual([]);
  });

  it('lists the shares that chose one of the owner’s items, and no one else’s', async () => {
    const a = await member();
    const c = await member();
    const drive = await ownerDrive(a.user.id);
    const theirs = await ownerDrive(c.user.id);
    const both = await share(a.headers, { file_ids: [drive.top.id, drive.b.id] });
    f.clock.advance(1000);
    const topOnly = await share(a.headers, { file_ids: [drive.top.id], expiration_days: 1 });
    f.clock.advance(1000);
    await share(a.headers, { file_ids: [drive.trip.id] });
    const ofItem = (id: string, status?: string) =>
      JSON.stringify({ file_id: { eq: id }, ...(status ? { share_status: { eq: status } } : {}) });

    const top = await summaries(a.headers, { filters: ofItem(drive.top.id) });
    expect(top.data.map((row) => row.share_id)).toEqual([topOnly.share_id, both.share_id]);
    expect(top.data[0]).toMatchObject({ expiration_days: '1', view_count: '0' });
    // Only the items a share chose: a file inside a shared folder is not listed by itself.
    expect((await summaries(a.headers, { filters: ofItem(drive.b.id) })).data).toHaveLength(1);
    expect((await summaries(a.headers, { filters: ofItem(drive.secret.id) })).data).toEqual([]);
    // With a status as well: both links are active, none expired.
    expect((await summaries(a.headers, { filters: ofItem(drive.top.id, 'OK') })).data).toHaveLength(
      2,
    );
    expect((await summaries(a.headers, { filters: ofItem(drive.top.id, 'EXPIRED') })).data).toEqual(
      [],
    );
    // An ended link is not listed.
    ok(await call(a.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [both.share_id] }));
    expect(
      (await summaries(a.headers, { filters: ofItem(drive.top.id, 'OK') })).data.map(
        (row) => row.share_id,
      ),
    ).toEqual([topOnly.share_id]);

    // Another member's item, or one that does not exist, answers file_not_found.
    for (const id of [theirs.top.id, 'no-such-file']) {
      const response = await call(
        a.headers,
        'GET',
        `/drive/v1/share/list?filters=${encodeURIComponent(ofItem(id))}`,
      );
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error).toBe('file_not_found');
    }
  });

  it('answers hostile and malformed input with the error object', async () => {
    const a = await member();
    const drive = await ownerDrive(a.user.id);
    const bad: [string, Record<string, unknown>][] = [
      ['/drive/v1/share', { file_ids: [] }],
      ['/drive/v1/share', { file_ids: [drive.top.id], expiration_days: 0 }],
      ['/drive/v1/share', { file_ids: [drive.top.id], restore_limit: -5 }],
      ['/drive/v1/share', { file_ids: [drive.top.id], custom_pass_code: 'a b' }],
      ['/drive/v1/share', { file_ids: [drive.top.id], custom_pass_code: "x' or 1=1 --" }],
      [
        '/drive/v1/share',
        { file_ids: [drive.top.id], pass_code_option: 'NOT_REQUIRED', custom_pass_code: 'abcd1' },
      ],
      ['/drive/v1/share', { file_ids: [drive.top.id], title: 'x'.repeat(300) }],
      ['/drive/v1/share', { file_ids: 'all' }],
    ];
    for (const [url, body] of bad) {
      const response = await call(a.headers, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    for (const filters of [
      '{',
      '{"title":{"eq":"x"}}',
      '{"share_status":{"eq":"NOPE"}}',
      '{"share_status":{"gt":"OK"}}',
      '{"file_id":{"in":"a,b"}}',
      '{"file_id":{"eq":""}}',
      '{"file_id":{"eq":7}}',
    ]) {
      expect(
        errorOf(
          await call(
            a.headers,
            'GET',
            `/drive/v1/share/list?filters=${encodeURIComponent(filters)}`,
          ),
        ).error,
      ).toBe('invalid_argument');
    }
    expect(
      errorOf(await call(a.headers, 'GET', '/drive/v1/share/list?page_token=%3Cscript%3E')).error,
    ).toBe('invalid_argument');
    expect(errorOf(await call({}, 'GET', '/drive/v1/share/list')).error).toBe('unauthenticated');
    expect(
      errorOf(await call({}, 'POST', '/drive/v1/share', { file_ids: [drive.top.id] })).error,
    ).toBe('unauthenticated');
    expect(errorOf(await open('x'.repeat(65))).error).toBe('invalid_argument');
    for (const hostile of ["' or 1=1 --", '../../etc/passwd', '%00', '']) {
      const body = ok<OpenBody>(await open(hostile));
      expect(body.share_status).toBe('NOT_FOUND');
      expect(body.files).toEqual([]);
    }
    const made = await share(a.headers, { file_ids: [drive.trip.id] });
    const token = await tokenFor(made.share_id, made.pass_code);
    expect(
      errorOf(
        await call(
          {},
          'GET',
          `/drive/v1/share/detail?share_id=${made.share_id}&pass_code_token=${token}&page_token=garbage!`,
        ),
      ).error,
    ).toBe('invalid_argument');
    expect(
      errorOf(
        await call({}, 'POST', '/drive/v1/share:batch_file_info', {
          share_id: made.share_id,
          pass_code_token: token,
          file_ids: [],
        }),
      ).error,
    ).toBe('invalid_argument');
  });
});
