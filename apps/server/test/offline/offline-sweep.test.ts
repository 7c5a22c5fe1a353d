import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { torrentFileOf } from '../../src/modules/offline/torrent/torrent-source';
import {
  buildTestApp,
  dialects,
  makeUser,
  testClock,
  type TestApp,
  type TestUser,
} from '../helper';
import { signIn } from '../identity';
import { storeFile } from '../support/stored-file';

/**
 * The sweep of kept partial data (`offlineWorker.sweep`, run at start and every hour) on a clock
 * the test moves: the pieces of a torrent task that failed for room stay 7 days after the
 * failure and then go; those of a paused or running task stay however old they are; partial
 * data nobody will resume (a task failed for another reason, a task that is gone) goes at once.
 */

interface TaskBody {
  id: string;
  phase: string;
  message: string;
  params: Record<string, string>;
}

const day = 86_400_000;
const pieceLength = 16_384;

/**
 * A `.torrent` file of one 100,000-byte file `Archive/data.bin`, announced on a loopback port
 * nobody listens on: its files are known from the file itself, so a task of it that lacks the
 * room fails before any peer or tracker answers.
 */
function archiveTorrent(): Buffer {
  const length = 100_000;
  const pieces = Buffer.concat(
    Array.from({ length: Math.ceil(length / pieceLength) }, () =>
      createHash('sha1').update(randomBytes(8)).digest(),
    ),
  );
  const info = {
    name: Buffer.from('Archive'),
    'piece length': pieceLength,
    pieces,
    files: [{ length, path: [Buffer.from('data.bin')] }],
  };
  return torrentFileOf(info, ['http://127.0.0.1:9/announce']);
}

describe.each(dialects)('the sweep of kept torrent pieces on %s', (dialect) => {
  let t: TestApp;

  afterEach(async () => {
    await t.container.offlineWorker.stop();
    await t.close();
  });

  it('removes the pieces of a task failed for room 7 days after its failure, keeps newer ones and those of paused and running tasks, and drops what nobody resumes', async () => {
    const clock = testClock('2030-03-01T08:00:00.000Z');
    t = await buildTestApp(
      dialect,
      {
        OFFLINE_TORRENT_DHT: 'false',
        OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
        PLAN_FREE_CLOUD_DOWNLOADS: '100',
        PLAN_FREE_STORAGE_BYTES: '150000',
      },
      { now: clock.now },
    );
    const user = await makeUser(t);
    const partDir = path.join(t.config.DATA_DIR, 'offline');

    /** Signs in now (the clock moves past an access token's life). */
    async function headersOf(member: TestUser): Promise<Record<string, string>> {
      const token = await signIn(t, member.email, member.password);
      return { authorization: `Bearer ${token.access_token}` };
    }

    function call(
      headers: Record<string, string>,
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      payload?: Record<string, unknown>,
    ): Promise<LightMyRequestResponse> {
      return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    }

    async function created(headers: Record<string, string>, url: string): Promise<TaskBody> {
      const response = await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ task: TaskBody }>().task;
    }

    async function task(headers: Record<string, string>, id: string): Promise<TaskBody> {
      const response = await call(headers, 'GET', `/drive/v1/tasks/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TaskBody>();
    }

    async function setPhase(
      headers: Record<string, string>,
      id: string,
      phase: string,
    ): Promise<void> {
      const response = await call(headers, 'PATCH', `/drive/v1/tasks/${id}`, { phase });
      expect(response.statusCode, response.body).toBe(200);
    }

    /** Pieces kept in a task's folder, as a pause or a crash leaves them. */
    async function keepPieces(id: string): Promise<void> {
      await fs.mkdir(path.join(partDir, id, 'Archive'), { recursive: true });
      await fs.writeFile(
        path.join(partDir, id, 'Archive', 'data.bin'),
        randomBytes(2 * pieceLength),
      );
    }

    async function kept(): Promise<string[]> {
      return (await fs.readdir(partDir)).sort();
    }

    let headers = await headersOf(user);
    const digest = await t.container.blobs.ingest(Readable.from([archiveTorrent()]));
    const uploaded = await t.container.files.createFile(user.id, {
      name: 'archive.torrent',
      parentId: '',
      blob: digest,
      mimeType: 'application/x-bittorrent',
    });

    // Four tasks of the torrent, made while it fits; then an upload leaves too little room for it.
    const early = await created(headers, uploaded.id);
    const late = await created(headers, uploaded.id);
    const paused = await created(headers, uploaded.id);
    const running = await created(headers, uploaded.id);
    for (const id of [late.id, paused.id, running.id]) {
      await setPhase(headers, id, 'PHASE_TYPE_PAUSED');
    }
    await storeFile(t, user.id, 'filler.bin', randomBytes(60_000));

    // Day 0: the first task fails for room; its folder stays for a retry.
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    expect(await task(headers, early.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      params: { error: 'file_space_not_enough' },
    });
    expect(await kept()).toEqual([early.id]);

    // Day 3: the second fails for room too.
    clock.advance(3 * day);
    headers = await headersOf(user);
    await setPhase(headers, late.id, 'PHASE_TYPE_PENDING');
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    expect((await task(headers, late.id)).params.error).toBe('file_space_not_enough');

    // A paused task's pieces; a task a worker elsewhere is running (its lease holds), with its
    // pieces; a task that failed for a link it may not fetch, whose partial data a crash left; and
    // a folder no task has any more.
    await keepPieces(paused.id);
    await t.container.database.db
      .updateTable('tasks')
      .set({
        phase: 'PHASE_TYPE_RUNNING',
        lease_owner: 'worker-elsewhere',
        lease_until: '2099-01-01T00:00:00.000Z',
      })
      .where('id', '=', running.id)
      .execute();
    await keepPieces(running.id);
    const unreachable = await created(headers, 'http://127.0.0.1:9/file.bin');
    expect(await t.container.offlineWorker.runPending()).toBe(1);
    expect(await task(headers, unreachable.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: "Only links on the web's usual ports (80 for http, 443 for https) are downloaded",
    });
    await keepPieces(unreachable.id);
    const gone = 'GoneTask00000000';
    await keepPieces(gone);
    expect(await kept()).toEqual(
      [early.id, late.id, paused.id, running.id, unreachable.id, gone].sort(),
    );

    // Day 7 to the millisecond after the first failure: every kept failure is still in its window.
    clock.advance(4 * day);
    await t.container.offlineWorker.sweep();
    expect(await kept()).toEqual([early.id, late.id, paused.id, running.id].sort());

    // One millisecond later the first failure's pieces go; the second's (4 days old) stay.
    clock.advance(1);
    await t.container.offlineWorker.sweep();
    expect(await kept()).toEqual([late.id, paused.id, running.id].sort());

    // Past the second failure's window it goes too; the paused and the running task keep theirs,
    // however long they wait.
    clock.advance(3 * day);
    await t.container.offlineWorker.sweep();
    expect(await kept()).toEqual([paused.id, running.id].sort());
    clock.advance(60 * day);
    await t.container.offlineWorker.sweep();
    expect(await kept()).toEqual([paused.id, running.id].sort());
    expect(await fs.readdir(path.join(partDir, paused.id, 'Archive'))).toEqual(['data.bin']);
  });
});
