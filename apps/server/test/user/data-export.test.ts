import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '@nimbus/contracts';
import { newId } from '../../src/lib/secrets';
import { createAccountPurgeRepository } from '../../src/modules/user/account-purge.repository';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signIn, signedInMember } from '../identity';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';
import { storeFile } from '../support/stored-file';
import { unzip } from '../support/zip';

const dayMs = 24 * 60 * 60 * 1000;

describe.each(dialects)('data export on %s', (dialect) => {
  let t: TestApp;
  let mail: MailCatcher;
  const clock = testClock('2030-03-01T10:00:00.000Z');
  let alice: Awaited<ReturnType<typeof signedInMember>>;
  let bob: Awaited<ReturnType<typeof signedInMember>>;
  const photo = randomBytes(300_000);
  const note = Buffer.from('hello from the root folder\n');
  const video = randomBytes(400_000);
  const shas = new Map<string, string>();
  let full: Buffer;
  let ready: DataExport;
  const shareIds = new Map<string, string>();

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await buildTestApp(
      dialect,
      { SMTP_URL: mail.url, PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES: '1000' },
      { now: clock.now },
    );
    alice = await signedInMember(t);
    bob = await signedInMember(t);
    const photos = await t.container.files.createFolder(alice.user.id, {
      name: 'Photos',
      parentId: '',
    });
    await t.container.files.createFolder(alice.user.id, { name: 'Empty', parentId: photos.id });
    const noteFile = await storeFile(t, alice.user.id, 'note.txt', note);
    const photoFile = await storeFile(t, alice.user.id, 'beach.jpg', photo, photos.id);
    const videoFile = await storeFile(t, alice.user.id, 'video.bin', video);
    for (const file of [noteFile, photoFile, videoFile]) {
      shas.set(file.name, file.sha256 as string);
    }
    const bobFile = await storeFile(t, bob.user.id, 'bob-secret.txt', 'not for alice');
    // Both have a share and a membership: the export lists Alice's and nothing of Bob's.
    for (const [member, fileId] of [
      [alice, noteFile.id],
      [bob, bobFile.id],
    ] as const) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share',
        headers: member.headers,
        payload: { file_ids: [fileId] },
      });
      shareIds.set(member.user.id, ok<{ share_id: string }>(made).share_id);
      await t.container.memberships.grant({
        userId: member.user.id,
        type: 'platinum',
        days: member === alice ? 30 : 45,
        source: 'admin',
      });
    }
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  function call(method: 'GET' | 'POST', url: string, headers: Record<string, string>) {
    return t.app.inject({ method, url, headers });
  }

  function download(
    url: string,
    headers: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return call('GET', new URL(url).pathname, { ...headers, ...extra });
  }

  it('queues one export at a time and refuses a second while it is under way', async () => {
    expect(ok<DataExport>(await call('GET', '/v1/user/export', alice.headers)).phase).toBe('none');
    const queued = await call('POST', '/v1/user/export', alice.headers);
    expect(ok<DataExport>(queued).phase).toBe('pending');
    const second = await call('POST', '/v1/user/export', alice.headers);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).error).toBe('already_exists');
    expect(ok<DataExport>(await call('GET', '/v1/user/export', alice.headers)).phase).toBe(
      'pending',
    );
  });

  it('builds it in the background and mails a link that expires', async () => {
    const since = mail.mails.length;
    await t.container.dataExportWorker.runPending();
    ready = ok<DataExport>(await call('GET', '/v1/user/export', alice.headers));
    expect(ready).toMatchObject({ phase: 'ready', file_count: 3, reason: '' });
    expect(ready.expires_at).toBe(new Date(clock.now().getTime() + 7 * dayMs).toISOString());
    const message = await mail.waitFor(alice.user.email, since);
    expect(message.subject).toBe('Your Nimbus data export is ready');
    expect(message.text).toContain(ready.url);
  });

  it('downloads a zip of every file with its bytes and a JSON of this member only', async () => {
    const response = await download(ready.url, alice.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['accept-ranges']).toBe('bytes');
    full = response.rawPayload;
    expect(full.length).toBe(ready.size);
    const entries = await unzip(full);
    expect([...entries.keys()].sort()).toEqual([
      'Drive/Photos/',
      'Drive/Photos/Empty/',
      'Drive/Photos/beach.jpg',
      'Drive/note.txt',
      'Drive/video.bin',
      'nimbus-account.json',
    ]);
    expect((entries.get('Drive/Photos/beach.jpg') as Buffer).equals(photo)).toBe(true);
    expect((entries.get('Drive/note.txt') as Buffer).equals(note)).toBe(true);
    expect((entries.get('Drive/video.bin') as Buffer).equals(video)).toBe(true);
    const text = (entries.get('nimbus-account.json') as Buffer).toString('utf8');
    const document = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(
      expect.arrayContaining([
        'account',
        'shares',
        'offline_tasks',
        'memberships',
        'payments',
        'subscriptions',
      ]),
    );
    expect(document.account).toMatchObject({ id: alice.user.id, email: alice.user.email });
    expect(document.shares).toEqual([expect.objectContaining({ id: shareIds.get(alice.user.id) })]);
    expect(document.memberships).toEqual([expect.objectContaining({ days: 30 })]);
    expect(text).not.toContain(shareIds.get(bob.user.id) ?? 'no share of bob');
    expect(text).not.toContain('password');
    expect(text).not.toContain(bob.user.id);
    expect(text).not.toContain(bob.user.email);
    expect(full.includes(Buffer.from('bob-secret'))).toBe(false);
  });

  it('resumes a download cut off mid-way from the entry it stopped in, reading no blob before it', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL(new URL(ready.url).pathname, origin);
    const videoStart = full.indexOf(video.subarray(0, 64));
    // The connection drops once 100 kB of the last file came (the client keeps what it got).
    const received = await cutOffDownload(url, alice.headers, videoStart + 100_000);
    expect(received.length).toBeLessThan(videoStart + video.length - 100_000);
    const reads = vi.spyOn(t.container.blobStore, 'get');
    try {
      // Until the server has seen the connection go, the download still holds the member's turn.
      const rest = await vi.waitFor(
        async () => {
          reads.mockClear();
          const answer = await download(ready.url, alice.headers, {
            range: `bytes=${received.length}-`,
            'if-range': String(received.etag),
          });
          expect(answer.statusCode).toBe(206);
          return answer;
        },
        { timeout: 3_000, interval: 20 },
      );
      const whole = Buffer.concat([received.bytes, rest.rawPayload]);
      expect(whole.equals(full)).toBe(true);
      const entries = await unzip(whole);
      expect((entries.get('Drive/video.bin') as Buffer).equals(video)).toBe(true);
      expect((entries.get('Drive/Photos/beach.jpg') as Buffer).equals(photo)).toBe(true);
      // Only the last file's blob was read, from where the connection dropped.
      expect(reads.mock.calls).toEqual([
        [shas.get('video.bin'), { start: received.length - videoStart, end: video.length - 1 }],
      ]);

      // From inside the photo: its blob from there, then the later files whole.
      reads.mockClear();
      const cut = 120_000;
      const photoStart = full.indexOf(photo.subarray(0, 64));
      const fromPhoto = await download(ready.url, alice.headers, { range: `bytes=${cut}-` });
      expect(fromPhoto.statusCode).toBe(206);
      expect(fromPhoto.headers['content-range']).toBe(
        `bytes ${cut}-${full.length - 1}/${full.length}`,
      );
      expect(Buffer.concat([full.subarray(0, cut), fromPhoto.rawPayload]).equals(full)).toBe(true);
      expect(reads.mock.calls.map(([sha256, range]) => [sha256, range?.start])).toEqual([
        [shas.get('beach.jpg'), cut - photoStart],
        [shas.get('note.txt'), 0],
        [shas.get('video.bin'), 0],
      ]);

      // Bytes of the account's JSON read no blob at all.
      reads.mockClear();
      const middle = await download(ready.url, alice.headers, {
        range: 'bytes=100-199',
        'if-range': String(fromPhoto.headers.etag),
      });
      expect(middle.statusCode).toBe(206);
      expect(middle.rawPayload.equals(full.subarray(100, 200))).toBe(true);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('answers a Range under a stale If-Range with the whole zip', async () => {
    for (const stale of ['"export-an-earlier-one"', 'Tue, 01 Jan 2030 00:00:00 GMT']) {
      const answer = await download(ready.url, alice.headers, {
        range: 'bytes=120000-',
        'if-range': stale,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(full)).toBe(true);
    }
  });

  it('answers 416 and HEAD with a Range from the record', async () => {
    const cut = 120_000;
    const past = await download(ready.url, alice.headers, { range: `bytes=${full.length}-` });
    expect(past.statusCode).toBe(416);
    const head = await t.app.inject({
      method: 'HEAD',
      url: new URL(ready.url).pathname,
      headers: { ...alice.headers, range: `bytes=${cut}-` },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-length']).toBe(String(full.length - cut));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers HEAD, 304 and 416 without reading the manifest, and sends one download at a time', async () => {
    const path = new URL(ready.url).pathname;
    const entriesOf = vi.spyOn(t.container.exportRecords, 'entriesOf');
    try {
      const head = await t.app.inject({ method: 'HEAD', url: path, headers: alice.headers });
      expect(head.headers['content-length']).toBe(String(full.length));
      const etag = String(head.headers.etag);
      expect((await download(ready.url, alice.headers, { 'if-none-match': etag })).statusCode).toBe(
        304,
      );
      const past = await download(ready.url, alice.headers, { range: `bytes=${full.length}-` });
      expect(past.statusCode).toBe(416);
      expect(entriesOf).not.toHaveBeenCalled();

      // While one download of Alice's is being sent, another is refused until it closes.
      const opened = await t.container.dataExports.open(alice.user.id, path.split('/').pop() ?? '');
      const sending = await opened.bytes(0, full.length - 1);
      expect(entriesOf).toHaveBeenCalledTimes(1);
      const second = await download(ready.url, alice.headers);
      expect(second.statusCode).toBe(429);
      expect(errorOf(second).error).toBe('too_many_requests');
      expect(second.headers['retry-after']).toBeDefined();
      const closed = new Promise((resolve) => sending.once('close', resolve));
      sending.destroy();
      await closed;
      const again = await download(ready.url, alice.headers, { range: 'bytes=0-99' });
      expect(again.statusCode).toBe(206);
      expect(again.rawPayload.equals(full.subarray(0, 100))).toBe(true);
      // The range closed the stream early: the member may download again at once.
      expect((await download(ready.url, alice.headers)).rawPayload.equals(full)).toBe(true);
    } finally {
      entriesOf.mockRestore();
    }
  });

  it('does not count the export against the download traffic', async () => {
    const about = ok<{ quotas: { download_traffic: { usage: string } } }>(
      await call('GET', '/drive/v1/about', alice.headers),
    );
    // Over 300 kB went out above under a limit of 1000 bytes, and every download was served.
    expect(about.quotas.download_traffic.usage).toBe('0');
  });

  it("refuses another member's session and a forged link", async () => {
    const other = await download(ready.url, bob.headers);
    expect(other.statusCode).toBe(403);
    expect(errorOf(other).error).toBe('content_link_invalid');
    const forged = await download(`${ready.url}x`, alice.headers);
    expect(errorOf(forged).error).toBe('content_link_invalid');
    const anonymous = await download(ready.url, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('fails an export whose files keep going, mails the reason, and the process goes on', async () => {
    const carol = await signedInMember(t);
    const since = mail.mails.length;
    const gone = await storeFile(t, carol.user.id, 'gone.txt', 'bytes nobody holds');
    // The blob of the file loses its last reference under the export (a delete racing it).
    await t.container.database.db
      .updateTable('blobs')
      .set({ ref_count: 0 })
      .where('sha256', '=', gone.sha256 as string)
      .execute();
    ok(await call('POST', '/v1/user/export', carol.headers));
    await t.container.dataExportWorker.runPending();
    const failed = ok<DataExport>(await call('GET', '/v1/user/export', carol.headers));
    expect(failed).toMatchObject({ phase: 'failed', reason: 'drive_changing', url: '' });
    const message = await mail.waitFor(carol.user.email, since);
    expect(message.subject).toBe('Your Nimbus data export could not be made');
    expect(message.text).toContain('files were being deleted from your drive');
    expect(message.text).toContain('/drive/account');
    // A failed export is over: the member may ask again.
    expect(ok<DataExport>(await call('POST', '/v1/user/export', carol.headers)).phase).toBe(
      'pending',
    );
    await t.container.dataExportWorker.runPending();
  });

  it('takes up an export whose worker died once its lease runs out', async () => {
    const dave = await signedInMember(t);
    await storeFile(t, dave.user.id, 'kept.txt', 'kept across a restart');
    ok(await call('POST', '/v1/user/export', dave.headers));
    // Another process took it and died: its lease holds it for ten minutes.
    const stamp = clock.now().toISOString();
    const taken = await t.container.exportRecords.claim(
      'export-dead',
      stamp,
      new Date(clock.now().getTime() + 600_000).toISOString(),
    );
    expect(taken?.userId).toBe(dave.user.id);
    await t.container.dataExportWorker.runPending();
    expect(ok<DataExport>(await call('GET', '/v1/user/export', dave.headers)).phase).toBe(
      'running',
    );
    clock.advance(600_001);
    await t.container.dataExportWorker.runPending();
    expect(ok<DataExport>(await call('GET', '/v1/user/export', dave.headers)).phase).toBe('ready');
  });

  it('gives each blob reference back once when a new request and the expiry end an export together', async () => {
    const erin = await signedInMember(t);
    const kept = await storeFile(t, erin.user.id, 'kept.txt', 'held by every export of erin');
    const sha256 = kept.sha256 as string;
    const records = t.container.exportRecords;
    const refs = async () => (await t.container.blobRecords.find(sha256))?.refCount ?? -1;
    const base = await refs();
    const at = clock.now().toISOString();
    // Three entries name the blob: each ready export holds three references.
    const entries = ['a', 'b', 'c'].map((name) => ({
      path: `Drive/${name}.txt`,
      kind: 'file' as const,
      sha256,
      size: kept.size,
      modifiedAt: at,
      crc32: 0,
      offset: 0,
    }));
    async function makeReadyAndDue(): Promise<void> {
      const taken = await records.claim('export-race', at, at);
      expect(taken?.userId).toBe(erin.user.id);
      const settled = await records.settleReady(taken?.id ?? '', 'export-race', {
        entries,
        fileCount: entries.length,
        size: 1,
        accountJson: '{}',
        expiresAt: new Date(clock.now().getTime() - 1_000).toISOString(),
        at,
      });
      expect(settled).toBe('ready');
      expect(await refs()).toBe(base + entries.length);
    }
    expect(await records.queue(newId(), erin.user.id, at)).toBe(true);
    for (let round = 0; round < 12; round += 1) {
      await makeReadyAndDue();
      // A new request ends the ready export while the housekeeping expires it.
      const [queued] = await Promise.all([
        records.queue(newId(), erin.user.id, at),
        records.expireDue(at, 100),
      ]);
      expect(queued).toBe(true);
      expect(await refs()).toBe(base);
    }
    // The pending export left is built normally, so the later tests find the queue empty.
    await makeReadyAndDue();
  });

  it('gives each blob reference back once when an account purge and the expiry end an export together', async () => {
    const owner = await signedInMember(t);
    const kept = await storeFile(t, owner.user.id, 'shared.txt', 'held by the purged exports');
    const sha256 = kept.sha256 as string;
    const records = t.container.exportRecords;
    const purges = createAccountPurgeRepository(t.container.database.db);
    const refs = async () => (await t.container.blobRecords.find(sha256))?.refCount ?? -1;
    const base = await refs();
    const at = clock.now().toISOString();
    for (let round = 0; round < 5; round += 1) {
      const gone = await signedInMember(t);
      expect(await records.queue(newId(), gone.user.id, at)).toBe(true);
      const taken = await records.claim('export-purge-race', at, at);
      expect(taken?.userId).toBe(gone.user.id);
      const settled = await records.settleReady(taken?.id ?? '', 'export-purge-race', {
        entries: [
          {
            path: 'Drive/shared.txt',
            kind: 'file',
            sha256,
            size: kept.size,
            modifiedAt: at,
            crc32: 0,
            offset: 0,
          },
        ],
        fileCount: 1,
        size: 1,
        accountJson: '{}',
        expiresAt: new Date(clock.now().getTime() - 1_000).toISOString(),
        at,
      });
      expect(settled).toBe('ready');
      expect(await refs()).toBe(base + 1);
      await Promise.all([
        purges.removeMember(
          { id: gone.user.id, email: gone.user.email, deletion_requested_at: at },
          clock.now(),
        ),
        records.expireDue(at, 100),
      ]);
      expect(await refs()).toBe(base);
    }
  });

  it('refuses an expired link and gives the blobs back when the export ends', async () => {
    const sha256 = (await t.container.exportRecords.entriesOf(await idOf()))
      .map((entry) => entry.sha256)
      .find((value) => value !== null) as string;
    const held = await t.container.blobRecords.find(sha256);
    clock.advance(7 * dayMs);
    // The access token of the morning has run out too: a fresh sign-in, as the member would.
    const token = await signIn(t, alice.user.email, alice.user.password);
    const headers = { authorization: `Bearer ${token.access_token}` };
    const expired = await download(ready.url, headers);
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired).error).toBe('content_link_expired');
    expect(ok<DataExport>(await call('GET', '/v1/user/export', headers)).phase).toBe('expired');
    await t.container.dataExports.expireDue();
    const released = await t.container.blobRecords.find(sha256);
    expect(released?.refCount).toBe((held?.refCount ?? 0) - 1);
    expect(ok<DataExport>(await call('POST', '/v1/user/export', headers)).phase).toBe('pending');
  });

  /**
   * A download over a real connection that drops once `atLeast` bytes came: the bytes the client
   * got (a chunk may bring more) and the validator it would resume under.
   */
  function cutOffDownload(
    url: URL,
    headers: Record<string, string>,
    atLeast: number,
  ): Promise<{ bytes: Buffer; length: number; etag: string }> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('error', () => undefined);
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length >= atLeast && !request.destroyed) {
            request.destroy();
            resolve({ bytes: Buffer.concat(chunks), length, etag: String(response.headers.etag) });
          }
        });
        response.on('end', () => reject(new Error('the download was not cut off')));
      });
      request.on('error', (error) => {
        if (!request.destroyed) {
          reject(error);
        }
      });
    });
  }

  async function idOf(): Promise<string> {
    const latest = await t.container.exportRecords.latestOf(alice.user.id);
    return latest?.id ?? '';
  }
});
