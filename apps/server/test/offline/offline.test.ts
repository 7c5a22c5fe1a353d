import { taskMessage } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { dialects, makeUser, ok } from '../helper';
import { signIn } from '../identity';
import {
  canary,
  content,
  contentSha256,
  source,
  useOfflineApp,
  useSources,
  type FileBody,
  type TaskBody,
} from './offline-fixture';

useSources();

describe.each(dialects)('offline downloads on %s', (dialect) => {
  const f = useOfflineApp(dialect);
  const { start, member, call, expectError, offline, created, task, file, rootFiles, sourceUrl } =
    f;

  it('fetches a URL into the downloads folder, hashing on the way, and records the event', async () => {
    await start();
    const { user, headers } = await member();
    const queued = await created(headers, sourceUrl('/file.bin'), {
      params: { source: 'url_checker' },
    });
    expect(queued).toMatchObject({
      type: 'offline',
      phase: 'PHASE_TYPE_PENDING',
      name: 'file.bin',
      progress: 0,
      params: { url: sourceUrl('/file.bin'), source: 'url_checker' },
    });
    expect(await f.t.container.offlineWorker.runPending()).toBe(1);

    const done = await task(headers, queued.id);
    // Where the task was made outlives the worker's writes.
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_name: 'file.bin',
      file_size: String(content.length),
      message: '',
      params: { source: 'url_checker' },
    });
    const stored = await file(headers, done.file_id);
    expect(stored).toMatchObject({
      name: 'file.bin',
      size: String(content.length),
      kind: 'drive#file',
    });
    expect((await f.t.container.files.get(user.id, done.file_id)).sha256).toBe(contentSha256);
    const folder = await file(headers, stored.parent_id);
    expect(folder).toMatchObject({
      kind: 'drive#folder',
      name: 'My Downloads',
      folder_type: 'DOWNLOAD',
      parent_id: '',
    });

    // A second download lands in the same folder; a name from Content-Disposition wins.
    f.clock.advance(1000);
    const named = await created(headers, sourceUrl('/named'));
    await f.t.container.offlineWorker.runPending();
    const namedTask = await task(headers, named.id);
    expect(namedTask).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_name: '報告 final.pdf' });
    expect((await file(headers, namedTask.file_id)).parent_id).toBe(folder.id);

    const events = ok<{ events: { type: string; file_id: string }[] }>(
      await call(headers, 'GET', '/drive/v1/events'),
    );
    expect(events.events.map((event) => [event.type, event.file_id])).toEqual([
      ['TYPE_OFFLINE', namedTask.file_id],
      ['TYPE_OFFLINE', done.file_id],
    ]);
  });

  it('makes a name from Content-Disposition safe: direction controls dropped, cut to 255 bytes keeping the extension', async () => {
    await start();
    const { headers } = await member();
    const spoofed = await created(headers, sourceUrl('/spoofed'));
    const long = await created(headers, sourceUrl('/long-name'));
    await f.t.container.offlineWorker.runPending();
    const spoofedTask = await task(headers, spoofed.id);
    expect(spoofedTask).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'invoicefdp.exe',
    });
    expect((await file(headers, spoofedTask.file_id)).name).toBe('invoicefdp.exe');
    const longTask = await task(headers, long.id);
    expect(longTask.phase).toBe('PHASE_TYPE_COMPLETE');
    const name = (await file(headers, longTask.file_id)).name;
    expect(name).toBe(`${'報告'.repeat(41)}報.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    // A name the member types is refused instead.
    expectError(
      await offline(headers, sourceUrl('/file.bin'), { name: 'a\u202Eb.exe' }),
      400,
      'file_name_direction_control',
    );
  });

  it("puts the file in the given folder, follows redirects, and names the folder in the member's language", async () => {
    await start();
    const { user, headers } = await member();
    const target = ok<{ file: FileBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Inbox',
        parent_id: '',
      }),
    ).file;
    const queued = await created(headers, sourceUrl('/redirect-ok'), {
      parent_id: target.id,
      name: 'mine.bin',
    });
    await f.t.container.offlineWorker.runPending();
    const done = await task(headers, queued.id);
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    // The name the member gave wins over the one the redirect's target gives.
    expect(await file(headers, done.file_id)).toMatchObject({
      parent_id: target.id,
      name: 'mine.bin',
    });

    const japanese = await makeUser(f.t, { locale: 'ja' });
    const token = await signIn(f.t, japanese.email, japanese.password);
    const jaHeaders = { authorization: `Bearer ${token.access_token}` };
    const jaTask = await created(jaHeaders, sourceUrl('/file.bin'));
    await f.t.container.offlineWorker.runPending();
    const jaFile = await file(jaHeaders, (await task(jaHeaders, jaTask.id)).file_id);
    expect((await file(jaHeaders, jaFile.parent_id)).name).toBe('マイダウンロード');
    expect(user.id).not.toBe(japanese.id);
  });

  it('refuses loopback and private addresses by default, in every spelling, saying so, with no connection', async () => {
    await start({ PLAN_FREE_CLOUD_DOWNLOADS: '100' }, false);
    const { headers } = await member();
    const payloads = [
      sourceUrl('/file.bin'),
      `http://localhost:${source.port}/file.bin`,
      `http://127.0.0.2:${canary.port}/secret`,
      `http://2130706434:${canary.port}/secret`,
      `http://0x7f000002:${canary.port}/secret`,
      `http://0177.0.0.2:${canary.port}/secret`,
      `http://127.2:${canary.port}/secret`,
      `http://[::ffff:127.0.0.2]:${canary.port}/secret`,
      `http://[::ffff:7f00:2]:${canary.port}/secret`,
      `http://[::127.0.0.2]:${canary.port}/secret`,
      `http://[::1]:${canary.port}/secret`,
      `http://0.0.0.0:${canary.port}/secret`,
      `http://0:${canary.port}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[64:ff9b::7f00:2]/',
      'http://[2002:7f00:2::1]/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      `http://127.0.0.2:22/`,
      `https://127.0.0.2:${canary.port}/`,
    ];
    const ids: string[] = [];
    for (const url of payloads) {
      ids.push((await created(headers, url)).id);
    }
    await f.t.container.offlineWorker.runPending();
    for (const [index, id] of ids.entries()) {
      const failed = await task(headers, id);
      expect(failed.phase, payloads[index]).toBe('PHASE_TYPE_ERROR');
      // A port outside the web's is refused before the address is looked at; a name that
      // resolves to a closed address reads like one that cannot be reached.
      const payload = payloads[index] ?? '';
      expect(failed.message, payload).toBe(
        taskMessage(
          payload.endsWith(':22/')
            ? 'port_not_allowed'
            : payload.includes('localhost')
              ? 'host_unreachable'
              : 'address_not_allowed',
          'en-US',
        ),
      );
      expect(failed.file_id).toBe('');
    }
    expect(canary.connections).toBe(0);
    expect((await rootFiles(headers)).filter((item) => item.kind === 'drive#file')).toEqual([]);
  });

  it('checks every redirect: none reaches an address outside the allowlist', async () => {
    await start();
    const { headers } = await member();
    const ids = [];
    for (const path of [
      '/redirect-canary',
      '/redirect-canary-decimal',
      '/redirect-localhost',
      '/redirect-loop',
    ]) {
      ids.push((await created(headers, sourceUrl(path))).id);
    }
    ids.push((await created(headers, `http://127.0.0.2:${canary.port}/secret`)).id);
    await f.t.container.offlineWorker.runPending();
    const failures = [];
    for (const id of ids) {
      const failed = await task(headers, id);
      expect(failed.phase).toBe('PHASE_TYPE_ERROR');
      failures.push(failed.message);
    }
    const notAllowed = taskMessage('address_not_allowed', 'en-US');
    // `localhost` is 127.0.0.1 here, which the tests open for the source, and nothing listens
    // there on the canary's port. A redirect loop ends on the redirect the fetcher no longer
    // follows.
    expect(failures).toEqual([
      notAllowed,
      notAllowed,
      taskMessage('host_unreachable', 'en-US'),
      taskMessage('source_status:302', 'en-US'),
      notAllowed,
    ]);
    expect(canary.connections).toBe(0);
  });

  it('refuses what is not an http(s) link when the task is created', async () => {
    await start();
    const { headers } = await member();
    for (const url of [
      'ftp://example.com/a',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gopher://example.com/',
      'http://user:pass@example.com/a',
      '',
      'not a url',
      `http://x/${'a'.repeat(5000)}`,
    ]) {
      expectError(await offline(headers, url), 400, 'invalid_argument');
    }
    expectError(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: 'http://a/',
      }),
      400,
      'invalid_argument',
    );
    expectError(
      await offline(headers, sourceUrl('/file.bin'), { parent_id: 'missing' }),
      404,
      'file_not_found',
    );
    expectError(
      await offline(headers, sourceUrl('/file.bin'), { params: { source: 'somewhere_else' } }),
      400,
      'invalid_argument',
    );
    expect(ok<{ tasks: TaskBody[] }>(await call(headers, 'GET', '/drive/v1/tasks')).tasks).toEqual(
      [],
    );
    // The page a task was made on is kept with it (one of the task sources).
    const checked = await created(headers, sourceUrl('/file.bin'), {
      params: { source: 'url_checker' },
    });
    expect(checked.params).toMatchObject({ source: 'url_checker' });
    expect((await task(headers, checked.id)).params).toMatchObject({ source: 'url_checker' });
    ok(await call(headers, 'DELETE', `/drive/v1/tasks?task_ids=${checked.id}`));
    // Magnet links are torrent tasks (offline-torrent.test.ts).
    const magnet = await created(
      headers,
      'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567',
    );
    expect(magnet).toMatchObject({
      phase: 'PHASE_TYPE_PENDING',
      params: { url: 'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567' },
    });
  });
});
