import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRanges } from '../../src/modules/offline/fetch-guard';
import { createOfflineWorker } from '../../src/modules/offline/offline-worker';
import { createTorrentFetcher } from '../../src/modules/offline/torrent/torrent-fetcher';
import { createTorrentSourceRepository } from '../../src/modules/offline/torrent/torrent.repository';
import { dialects, errorOf, ok } from '../helper';
import { testTorrentThread } from '../support/processes';
import { storeFile } from '../support/stored-file';
import {
  contents,
  magnet,
  pieceRequests,
  seeded,
  torrentFile,
  total,
  useSwarm,
  useTorrentApp,
  type TaskBody,
} from './offline-torrent-fixture';

useSwarm();

describe.each(dialects)('torrent downloads on %s', (dialect) => {
  const f = useTorrentApp(dialect);
  const {
    start,
    member,
    call,
    everything,
    offline,
    created,
    task,
    tree,
    uploadTorrent,
    trafficOf,
    references,
    drive,
  } = f;

  it('refuses a torrent whose chosen files do not all fit before asking for a piece; freed space and a retry fetch it', async () => {
    const filler = 20_000;
    const first = contents.get('a.bin')?.length ?? 0;
    // Room for a.bin alone once the member's other file is counted.
    await start(true, { PLAN_FREE_STORAGE_BYTES: String(filler + first + 100) });
    const { user, headers } = await member();
    const other = await storeFile(f.t, user.id, 'other.bin', randomBytes(filler));
    const requestedBefore = pieceRequests;
    // Two tasks of the magnet link, made while its files are not known yet.
    const queued = await created(headers, magnet);
    const dropped = await created(headers, magnet);
    expect(await f.t.container.offlineWorker.runPending()).toBe(2);
    const failed = await task(headers, queued.id);
    expect(failed).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      file_id: '',
      file_size: String(total),
    });
    expect(failed.params.error).toBe('file_space_not_enough');
    expect((await task(headers, dropped.id)).phase).toBe('PHASE_TYPE_ERROR');
    expect(pieceRequests).toBe(requestedBefore);
    expect(await drive(user.id, headers)).toEqual(new Map([['other.bin', other.sha256 ?? '']]));
    expect(await trafficOf(user.id)).toBe(0);
    // Its files are known now: another task of it is refused as it is made.
    const known = await offline(headers, magnet);
    expect(known.statusCode).toBe(403);
    expect(errorOf(known).error).toBe('file_space_not_enough');

    // A task that failed for room keeps its folder of pieces for a retry, until it is deleted.
    const offlineDir = path.join(f.t.config.DATA_DIR, 'offline');
    expect(await fs.readdir(offlineDir)).toContain(dropped.id);
    ok(await call(headers, 'DELETE', `/drive/v1/tasks?task_ids=${dropped.id}`));
    let left = await fs.readdir(offlineDir);
    for (let polls = 0; polls < 200 && left.includes(dropped.id); polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      left = await fs.readdir(offlineDir);
    }
    expect(left).not.toContain(dropped.id);
    expect(left).toContain(queued.id);

    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [other.id] }));
    const retried = ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
    );
    expect(retried.params.error).toBeUndefined();
    const sentBefore = seeded?.uploaded ?? 0;
    expect(await f.t.container.offlineWorker.runPending()).toBe(1);
    const sent = (seeded?.uploaded ?? 0) - sentBefore;
    const done = await task(headers, queued.id);
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: 'pack',
      file_size: String(total),
    });
    expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
    // The traffic is what came over the network: the pieces and the messages around them.
    const traffic = await trafficOf(user.id);
    expect(traffic).toBeGreaterThanOrEqual(total);
    expect(traffic).toBeLessThanOrEqual(sent);
  });

  it('files a torrent all or nothing: room taken while it downloads leaves no half torrent, its pieces stay, and a retry fetches only what is missing and is charged for that', async () => {
    const filler = 20_000;
    const first = contents.get('a.bin')?.length ?? 0;
    // Room for both files when the task starts; for a.bin alone once the upload below lands.
    await start(true, {
      PLAN_FREE_STORAGE_BYTES: String(filler + first + 100),
      PLAN_FREE_OFFLINE_TRAFFIC_BYTES: String(10 * total),
    });
    const { user, headers } = await member();
    const partDir = path.join(f.t.config.DATA_DIR, 'offline-own');
    let upload: Buffer | undefined = randomBytes(filler);
    let landed: { id: string } | undefined;
    const policy = { allowedRanges: parseRanges(['127.0.0.1/32']), extraPorts: new Set<number>() };
    const worker = createOfflineWorker({
      tasks: f.t.container.taskRecords,
      taskChanges: f.t.container.tasks,
      fetcher: { open: () => Promise.reject(new Error('no http(s) here')) },
      torrents: createTorrentFetcher({
        policy,
        sources: createTorrentSourceRepository(f.t.container.database.db),
        blobs: f.t.container.blobs,
        files: f.t.container.files,
        maxBytes: 1024 ** 3,
        dht: false,
        thread: testTorrentThread,
      }),
      blobs: f.t.container.blobs,
      files: {
        ...f.t.container.files,
        // The files are in when the torrent's folder is looked for; an upload lands just then.
        downloadFolder: async (userId, name) => {
          if (upload !== undefined) {
            landed = await storeFile(f.t, userId, 'meanwhile.bin', upload);
            upload = undefined;
          }
          return f.t.container.files.downloadFolder(userId, name);
        },
      },
      events: f.t.container.events,
      plans: f.t.container.memberships,
      partDir,
      localeOf: () => Promise.resolve('en-US'),
      now: () => new Date(),
      logger: { info: () => undefined, error: () => undefined },
      concurrency: 1,
      maxBytes: 1024 ** 3,
      timeoutMs: 60_000,
    });
    try {
      const queued = await created(headers, magnet);
      const sentBefore = seeded?.uploaded ?? 0;
      expect(await worker.runPending()).toBe(1);
      const sentFirst = (seeded?.uploaded ?? 0) - sentBefore;
      expect(sentFirst).toBeGreaterThanOrEqual(total);
      const failed = await task(headers, queued.id);
      expect(failed).toMatchObject({
        phase: 'PHASE_TYPE_ERROR',
        message: 'Not enough storage space for this file',
        file_id: '',
      });
      expect(failed.params.error).toBe('file_space_not_enough');
      // Nothing of the torrent is in the drive or booked, and its content holds no reference.
      expect([...(await drive(user.id, headers)).keys()]).toEqual(['meanwhile.bin']);
      expect(
        ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
      ).toBe(String(filler));
      expect(await references()).toEqual([0, 0]);
      // What came over the network is this month's traffic.
      const trafficFirst = await trafficOf(user.id);
      expect(trafficFirst).toBeGreaterThanOrEqual(total);
      expect(trafficFirst).toBeLessThanOrEqual(sentFirst);

      // The pieces stay on the server's disk. Part of them is lost there (a.bin from its middle on).
      const kept = path.join(partDir, queued.id, 'pack', 'a.bin');
      expect((await fs.stat(kept)).size).toBe(first);
      await fs.truncate(kept, first / 2);

      ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [landed?.id ?? ''] }));
      ok(
        await call(headers, 'POST', '/drive/v1/task', {
          type: 'offline',
          create_type: 'RETRY',
          id: queued.id,
        }),
      );
      const sentBeforeRetry = seeded?.uploaded ?? 0;
      expect(await worker.runPending()).toBe(1);
      const sentRetry = (seeded?.uploaded ?? 0) - sentBeforeRetry;
      const done = await task(headers, queued.id);
      expect(done).toMatchObject({
        phase: 'PHASE_TYPE_COMPLETE',
        message: '',
        file_name: 'pack',
        file_size: String(total),
      });
      expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
      expect(
        ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
      ).toBe(String(total));
      // The retry verified the kept pieces and asked only for the pieces of the lost half of
      // a.bin (the piece it shares with docs/b.txt included), and the month's traffic grew by
      // what it fetched, not by the torrent's size.
      const pieceLength = 16_384;
      const missing =
        (Math.floor((first - 1) / pieceLength) - Math.floor(first / 2 / pieceLength) + 1) *
        pieceLength;
      expect(sentRetry).toBeGreaterThanOrEqual(missing);
      expect(sentRetry).toBeLessThan(missing + pieceLength);
      const trafficRetry = (await trafficOf(user.id)) - trafficFirst;
      expect(trafficRetry).toBeGreaterThanOrEqual(missing);
      expect(trafficRetry).toBeLessThanOrEqual(sentRetry);
      expect(await fs.readdir(partDir)).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('refuses a .torrent file whose chosen files cannot fit when the task is created, with file_space_not_enough; a pick that fits is taken', async () => {
    await start(true, {
      PLAN_FREE_STORAGE_BYTES: String(total - 1),
      PLAN_FREE_CLOUD_DOWNLOADS: '1',
    });
    const { user, headers } = await member();
    const uploaded = await uploadTorrent(user.id, torrentFile);
    const refused = await offline(headers, uploaded.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error).toBe('file_space_not_enough');
    expect(
      ok<{ tasks: TaskBody[] }>(await call(headers, 'GET', '/drive/v1/tasks?type=offline')).tasks,
    ).toEqual([]);
    // The refusal used none of the day's tasks: the one allowed is still there for a pick that fits.
    const listed = [...contents.keys()];
    const text = String(listed.indexOf('docs/b.txt'));
    const queued = await created(headers, uploaded.id, { files: [text] });
    expect(await f.t.container.offlineWorker.runPending()).toBe(1);
    const done = await task(headers, queued.id);
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await tree(user.id, headers, done.file_id)).toEqual(
      new Map([['docs/b.txt', everything.get('docs/b.txt')]]),
    );
  });

  it('two torrent tasks of one member that each fit but not together: one is filed whole, the other fails with file_space_not_enough and leaves nothing', async () => {
    await start(true, {
      PLAN_FREE_STORAGE_BYTES: String(total + 1000),
      PLAN_FREE_OFFLINE_RUNNING: '2',
      OFFLINE_WORKERS: '2',
    });
    const { user, headers } = await member();
    const ids = [(await created(headers, magnet)).id, (await created(headers, magnet)).id];
    expect(await f.t.container.offlineWorker.runPending()).toBe(2);
    const ends = await Promise.all(ids.map((id) => task(headers, id)));
    expect(ends.map((end) => end.phase).sort()).toEqual([
      'PHASE_TYPE_COMPLETE',
      'PHASE_TYPE_ERROR',
    ]);
    const done = ends.find((end) => end.phase === 'PHASE_TYPE_COMPLETE') as TaskBody;
    const failed = ends.find((end) => end.phase === 'PHASE_TYPE_ERROR') as TaskBody;
    expect(failed).toMatchObject({
      message: 'Not enough storage space for this file',
      file_id: '',
    });
    expect(failed.params.error).toBe('file_space_not_enough');
    // One torrent in the drive, booked once.
    const found = await drive(user.id, headers);
    expect([...found.keys()].sort()).toEqual(
      [...contents.keys()].map((name) => `My Downloads/pack/${name}`).sort(),
    );
    expect(await tree(user.id, headers, done.file_id)).toEqual(everything);
    expect(
      ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
    ).toBe(String(total));
    expect(await references()).toEqual([1, 1]);
  });
});
