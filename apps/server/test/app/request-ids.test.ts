import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

type Line = Record<string, unknown>;

/**
 * One request id followed from the API call into the background jobs it starts: the lines a
 * worker logs while running a share save, a data export (and the mail it sends) or a video's
 * preparing name the request that queued it, as an offline download's do (metrics.test.ts).
 */
describe.each(dialects)('request ids carried into background jobs on %s', (dialect) => {
  let t: TestApp;
  const lines: Line[] = [];
  let member: Awaited<ReturnType<typeof signedInMember>>;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Line);
        done();
      },
    });
    t = await buildTestApp(
      dialect,
      { TRANSCODE_AT_INGEST: 'remux' },
      { logger: pino({ level: 'info' }, sink), restores: { backgroundItems: 1 } },
    );
    member = await signedInMember(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The lines logged with `msg`, and the request ids they name. */
  const named = (msg: string) => lines.filter((line) => line.msg === msg).map((line) => line.reqId);

  it('names the request that queued a share save on the restore worker lines', async () => {
    const owner = await signedInMember(t);
    const files = await Promise.all(
      ['a.txt', 'b.txt'].map((name) => storeFile(t, owner.user.id, name, `bytes of ${name}`)),
    );
    const made = ok<{ share_id: string; pass_code: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share',
        headers: owner.headers,
        payload: { file_ids: files.map((file) => file.id) },
      }),
    );
    const opened = ok<{ pass_code_token: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/share?share_id=${made.share_id}&pass_code=${made.pass_code}`,
      }),
    );
    const saved = ok<{ restore_status: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share/restore',
        headers: { ...member.headers, 'x-request-id': 'save-check-0001' },
        payload: { share_id: made.share_id, pass_code_token: opened.pass_code_token },
      }),
    );
    expect(saved.restore_status).toBe('RESTORE_START');
    expect(await t.container.restoreWorker.runPending()).toBe(1);
    expect(named('restore task started')).toEqual(['save-check-0001']);
  });

  it('names the request that asked for a data export on its worker lines and its mail', async () => {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/v1/user/export',
      headers: { ...member.headers, 'x-request-id': 'export-check-0001' },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const mailsBefore = named('mail sent').length;
    expect(await t.container.dataExportWorker.runPending()).toBe(1);
    expect(named('data export started')).toEqual(['export-check-0001']);
    // The export-ready mail is sent by the worker, as the work of the same request.
    expect(named('mail sent').slice(mailsBefore)).toEqual(['export-check-0001']);
  });

  it('names the request whose upload queued a video on the preparing worker lines', async () => {
    // Not a video ffmpeg can read (the preparing fails): only the lines' request id is looked at.
    const bytes = Buffer.from('not really a film');
    const started = ok<{ resumable: { params: { url: string } } }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers: member.headers,
        payload: {
          kind: 'drive#file',
          parent_id: '',
          upload_type: 'UPLOAD_TYPE_RESUMABLE',
          name: 'film.mp4',
          size: String(bytes.length),
        },
      }),
    );
    const patched = await t.app.inject({
      method: 'PATCH',
      url: new URL(started.resumable.params.url).pathname,
      headers: {
        ...member.headers,
        'x-request-id': 'upload-check-0001',
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: bytes,
    });
    expect(patched.statusCode, patched.body).toBe(204);
    expect(await t.container.videoPrepare.runPending()).toBe(1);
    expect(named('video preparing started')).toEqual(['upload-check-0001']);
  });
});
