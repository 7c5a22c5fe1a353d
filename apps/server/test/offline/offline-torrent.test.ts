import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok } from '../helper';
import { signIn } from '../identity';
import {
  canary,
  contents,
  infoHash,
  magnet,
  pieceRequests,
  torrentFile,
  total,
  tracker,
  useSwarm,
  useTorrentApp,
  type FileBody,
  type Listed,
  type ResourceBody,
  type TaskBody,
} from './offline-torrent-fixture';

useSwarm();

describe.each(dialects)('torrent downloads on %s', (dialect) => {
  const f = useTorrentApp(dialect);
  const { start, member, call, everything, offline, created, task, tree, uploadTorrent, check } = f;

  it("lists a magnet link's files from the swarm (metadata only), and a task picking one of them knows them at once", async () => {
    await start();
    const { user, headers } = await member();
    const requestedBefore = pieceRequests;
    const requestsBefore = tracker.requests;
    const [resource] = await check(headers, [magnet]);
    expect(resource).toMatchObject({
      name: 'pack',
      reachable: true,
      is_torrent: true,
      message: '',
      file_size: String(total),
    });
    expect(resource?.files.map((file) => [file.name, file.file_size]).sort()).toEqual(
      [...contents].map(([name, bytes]) => [name, String(bytes.length)]).sort(),
    );
    expect(tracker.requests).toBeGreaterThan(requestsBefore);
    // Only the metadata travelled: no piece was asked of the seeder.
    expect(pieceRequests).toBe(requestedBefore);

    // Checked again: from memory, without joining the swarm again.
    const startsAfter = tracker.starts;
    expect((await check(headers, [magnet]))[0]?.files).toEqual(resource?.files);
    expect(tracker.starts).toBe(startsAfter);

    // The task made from the checked link lists the files at once and refuses a file it lacks.
    const missing = await offline(headers, magnet, { files: ['9'] });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).error).toBe('invalid_argument');
    const text = resource?.files.find((file) => file.name === 'docs/b.txt');
    const queued = await created(headers, magnet, { files: [text?.id ?? ''] });
    const listed = JSON.parse(queued.params.files ?? '[]') as Listed[];
    expect(listed.map((entry) => [entry.index, entry.name])).toEqual(
      resource?.files.map((file) => [file.id, file.name]),
    );
    expect(await f.t.container.offlineWorker.runPending()).toBe(1);
    const done = await task(headers, queued.id);
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'pack',
      file_size: text?.file_size,
    });
    expect(await tree(user.id, headers, done.file_id)).toEqual(
      new Map([['docs/b.txt', everything.get('docs/b.txt')]]),
    );
    expect(canary.connections).toBe(0);
  });

  it("says when a magnet link's swarm does not send the file list in time, and holds metadata lookups to the address rules", async () => {
    await start(true, { OFFLINE_TORRENT_METADATA_SECONDS: '1' });
    const { headers } = await member();
    const tr = (url: string) => `&tr=${encodeURIComponent(url)}`;
    const nobody = `magnet:?xt=urn:btih:${'ab'.repeat(20)}&dn=Nobody${tr(`http://127.0.0.1:${tracker.port}/announce`)}`;
    const requestsBefore = tracker.requests;
    const [timedOut] = await check(headers, [nobody]);
    expect(timedOut).toMatchObject({
      name: 'Nobody',
      reachable: false,
      is_torrent: true,
      files: [],
      message:
        "The torrent's file list did not arrive in time; you can still add it to download every file",
    });
    expect(tracker.requests).toBeGreaterThan(requestsBefore);
    const spanish = ok<{ list: { resources: ResourceBody[] } }>(
      await f.t.app.inject({
        method: 'POST',
        url: '/drive/v1/resource/list',
        headers: { ...headers, 'accept-language': 'es' },
        payload: { urls: nobody },
      }),
    ).list.resources[0];
    expect(spanish?.message).toBe(
      'La lista de archivos del torrent no ha llegado a tiempo; aún puedes añadirlo para descargar todos los archivos',
    );

    // Trackers outside the rules, none at all (no DHT), or only an exact source or web seed on
    // another address: refused like any blocked link, and nothing is contacted.
    const blocked = [
      `magnet:?xt=urn:btih:${infoHash}${tr(`http://127.0.0.2:${canary.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}${tr(`udp://127.0.0.2:${canary.port}`)}`,
      `magnet:?xt=urn:btih:${infoHash}${tr('http://169.254.169.254/announce')}`,
      `magnet:?xt=urn:btih:${infoHash}&xs=${encodeURIComponent(`http://127.0.0.2:${canary.port}/pack.torrent`)}`,
      `magnet:?xt=urn:btih:${infoHash}&ws=${encodeURIComponent(`http://127.0.0.2:${canary.port}/`)}`,
    ];
    for (const item of await check(headers, blocked)) {
      expect(item).toMatchObject({
        reachable: false,
        is_torrent: true,
        files: [],
        message: 'The link could not be downloaded',
      });
    }
    expect(canary.connections).toBe(0);
  });

  it("never fetches a magnet link's exact source or web seeds: the task takes its metadata and pieces from peers only", async () => {
    await start();
    const { user, headers } = await member();
    const sideSources = `${magnet}&xs=${encodeURIComponent(`http://127.0.0.2:${canary.port}/pack.torrent`)}&ws=${encodeURIComponent(`http://127.0.0.2:${canary.port}/`)}`;
    // Not checked first: the task asks the swarm for the metadata itself.
    const queued = await created(headers, sideSources);
    expect(await f.t.container.offlineWorker.runPending()).toBe(1);
    const done = await task(headers, queued.id);
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
    expect(canary.connections).toBe(0);
  });

  it('fetches a magnet link: metadata from the swarm, then both files into a folder named after the torrent', async () => {
    await start();
    const { user, headers } = await member();
    const queued = ok<{ task: TaskBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: magnet },
        params: { source: 'url_checker' },
      }),
    ).task;
    expect(queued).toMatchObject({
      phase: 'PHASE_TYPE_PENDING',
      name: 'pack',
      params: { url: magnet, source: 'url_checker' },
    });
    expect(await f.t.container.offlineWorker.runPending()).toBe(1);

    const done = await task(headers, queued.id);
    // Where the task was made outlives the fetcher's writes of progress and the file list.
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_name: 'pack',
      file_size: String(total),
      message: '',
      params: { source: 'url_checker' },
    });
    const listed = JSON.parse(done.params.files ?? '[]') as Listed[];
    expect(listed.map((entry) => [entry.name, entry.size]).sort()).toEqual(
      [...contents].map(([name, bytes]) => [name, String(bytes.length)]).sort(),
    );

    const folder = ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${done.file_id}`));
    expect(folder).toMatchObject({ kind: 'drive#folder', name: 'pack' });
    const downloads = ok<FileBody>(
      await call(headers, 'GET', `/drive/v1/files/${folder.parent_id}`),
    );
    expect(downloads).toMatchObject({ folder_type: 'DOWNLOAD', name: 'My Downloads' });
    expect(await tree(user.id, headers, folder.id)).toEqual(everything);
    // The canary the tracker also named was never contacted: 127.0.0.2 is outside the rules.
    expect(canary.connections).toBe(0);

    const events = ok<{ events: { type: string; file_id: string }[] }>(
      await call(headers, 'GET', '/drive/v1/events'),
    );
    expect(events.events.map((event) => [event.type, event.file_id])).toEqual([
      ['TYPE_OFFLINE', folder.id],
    ]);
  });

  it('fetches an uploaded .torrent file, listing its files at once; picking one file fetches only that one', async () => {
    await start();
    const { user, headers } = await member();
    const target = ok<{ file: FileBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Films',
        parent_id: '',
      }),
    ).file;
    const uploaded = await uploadTorrent(user.id, torrentFile);
    const whole = await created(headers, uploaded.id);
    const listed = JSON.parse(whole.params.files ?? '[]') as Listed[];
    expect(listed.map((entry) => entry.name).sort()).toEqual([...contents.keys()].sort());
    expect(whole).toMatchObject({ phase: 'PHASE_TYPE_PENDING', name: 'pack' });
    expect(whole.params.url).toMatch(new RegExp(`^magnet:\\?xt=urn:btih:${infoHash}`));

    const text = listed.find((entry) => entry.name === 'docs/b.txt') as Listed;
    const one = ok<{ task: TaskBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: magnet, files: [text.index] },
        parent_id: target.id,
      }),
    ).task;
    expect(await f.t.container.offlineWorker.runPending()).toBe(2);

    const wholeDone = await task(headers, whole.id);
    expect(wholeDone.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await tree(user.id, headers, wholeDone.file_id)).toEqual(everything);

    const oneDone = await task(headers, one.id);
    expect(oneDone).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'pack',
      file_size: text.size,
    });
    expect(
      ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${oneDone.file_id}`)).parent_id,
    ).toBe(target.id);
    expect(await tree(user.id, headers, oneDone.file_id)).toEqual(
      new Map([['docs/b.txt', everything.get('docs/b.txt')]]),
    );
    expect(canary.connections).toBe(0);
  });

  it('refuses what is not a torrent when the task is created, and fails a pick the torrent does not have', async () => {
    await start();
    const { user, headers } = await member();
    for (const url of [
      'magnet:?xt=urn:btih:zzzz',
      'magnet:?dn=nothing',
      `magnet:?xt=urn:btih:${'a'.repeat(4100)}`,
    ]) {
      const answer = await offline(headers, url);
      expect(answer.statusCode, url).toBe(400);
      expect(errorOf(answer).error).toBe('invalid_argument');
    }
    const notTorrent = await uploadTorrent(
      user.id,
      Buffer.from('hello'),
      'notes.txt',
      'text/plain',
    );
    expect(errorOf(await offline(headers, notTorrent.id)).error).toBe('invalid_argument');
    const broken = await uploadTorrent(user.id, Buffer.from('d4:spam'), 'broken.torrent');
    expect(errorOf(await offline(headers, broken.id)).error).toBe('invalid_argument');
    const good = await uploadTorrent(user.id, torrentFile);
    for (const files of [['9'], ['-1'], ['one']]) {
      const answer = await offline(headers, good.id, { files });
      expect(answer.statusCode, files.join()).toBe(400);
      expect(errorOf(answer).error).toBe('invalid_argument');
    }
    // Another member's .torrent is not there for this one.
    const other = await member();
    const theirs = await uploadTorrent(other.user.id, torrentFile);
    const foreign = await offline(headers, theirs.id);
    expect(foreign.statusCode).toBe(404);

    // A magnet link's files are known only from the swarm: a pick past them fails the task.
    const missing = await created(headers, magnet, { files: ['7'] });
    await f.t.container.offlineWorker.runPending();
    expect(await task(headers, missing.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'The chosen files are not in the torrent',
      file_id: '',
    });
    expect(JSON.parse((await task(headers, missing.id)).params.files ?? '[]')).toHaveLength(2);
  });

  it('refuses trackers on loopback and private addresses by default, with the message of other blocked links and no request', async () => {
    await start(false);
    const { headers } = await member();
    const before = tracker.requests;
    const magnets = [
      magnet,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`http://localhost:${tracker.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`udp://127.0.0.1:${tracker.port}`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`http://2130706433:${tracker.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`http://[::ffff:127.0.0.1]:${tracker.port}/announce`)}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent('http://169.254.169.254/announce')}`,
      `magnet:?xt=urn:btih:${infoHash}&tr=${encodeURIComponent(`ws://127.0.0.1:${tracker.port}`)}`,
    ];
    const ids = [];
    for (const link of magnets) {
      ids.push((await created(headers, link)).id);
    }
    const { user } = await member();
    const uploaded = await uploadTorrent(user.id, torrentFile);
    const token = await signIn(f.t, user.email, user.password);
    const otherHeaders = { authorization: `Bearer ${token.access_token}` };
    const fromFile = await created(otherHeaders, uploaded.id);
    await f.t.container.offlineWorker.runPending();
    for (const [index, id] of ids.entries()) {
      expect(await task(headers, id), magnets[index]).toMatchObject({
        phase: 'PHASE_TYPE_ERROR',
        message: 'The link could not be downloaded',
        file_id: '',
      });
    }
    expect(await task(otherHeaders, fromFile.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'The link could not be downloaded',
    });
    expect(tracker.requests).toBe(before);
    expect(canary.connections).toBe(0);
  });
});
