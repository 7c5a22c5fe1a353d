import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskPhase, TaskType } from '@nimbus/contracts';
import type { FileRecord } from '../../src/modules/drive/file.repository';
import { newId } from '../../src/lib/secrets';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  ok,
  testClock,
  type TestApp,
} from '../helper';
import { signedInMember } from '../identity';

/** The Task of docs/api.md#tasks as the tests read it. */
interface TaskBody {
  kind: 'drive#task';
  id: string;
  type: string;
  name: string;
  phase: string;
  progress: number;
  file_id: string;
  file_name: string;
  file_size: string;
  message: string;
  params: Record<string, string>;
  status_size: string;
  created_time: string;
  updated_time: string;
}

interface TaskListBody {
  tasks: TaskBody[];
  next_page_token: string;
  expires_in: number;
}

describe.each(dialects)('the tasks API on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  type Headers = Record<string, string>;

  const member = () => signedInMember(t);

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function expectError(response: LightMyRequestResponse, status: number, reason: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response).error).toBe(reason);
  }

  async function folder(
    headers: Headers,
    name: string,
    parentId = '',
  ): Promise<{ id: string; name: string }> {
    return ok<{ file: { id: string; name: string } }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name,
        parent_id: parentId,
      }),
    ).file;
  }

  async function storedFile(
    userId: string,
    name: string,
    content: string,
    parentId = '',
  ): Promise<FileRecord> {
    const digest = await t.container.blobs.ingest(Readable.from([Buffer.from(content)]));
    return t.container.files.createFile(userId, { name, parentId, blob: digest });
  }

  async function task(headers: Headers, id: string): Promise<TaskBody> {
    return ok<TaskBody>(await call(headers, 'GET', `/drive/v1/tasks/${id}`));
  }

  async function list(headers: Headers, query: Record<string, string> = {}): Promise<TaskListBody> {
    return ok<TaskListBody>(
      await call(headers, 'GET', `/drive/v1/tasks?${new URLSearchParams(query).toString()}`),
    );
  }

  /** A background task as the offline worker will write it. */
  async function backgroundTask(userId: string, phase: TaskPhase, type: TaskType = 'offline') {
    const stamp = clock.now().toISOString();
    const id = newId();
    await t.container.taskRecords.insert({
      id,
      userId,
      type,
      name: 'movie.mkv',
      phase,
      progress: 40,
      fileId: '',
      fileName: 'movie.mkv',
      fileSize: 1000,
      messageKey: '',
      params: { url: 'https://example.com/movie.mkv' },
      statusSize: 1,
      createdAt: stamp,
      updatedAt: stamp,
    });
    clock.advance(1000);
    return id;
  }

  it('records every batch call as a complete task that GET /drive/v1/tasks/{id} answers', async () => {
    const { user, headers } = await member();
    const target = await folder(headers, 'target');
    const a = await storedFile(user.id, 'a.txt', 'hello');
    const b = await storedFile(user.id, 'b.txt', 'world!');

    const copied = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [a.id, b.id],
        to: { parent_id: target.id },
      }),
    );
    const copyTask = await task(headers, copied.task_id);
    expect(copyTask).toMatchObject({
      kind: 'drive#task',
      id: copied.task_id,
      type: 'copy',
      name: 'a.txt',
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_name: 'a.txt',
      file_size: '11',
      status_size: '2',
      message: '',
      params: { parent_id: target.id },
      created_time: '2030-01-01T00:00:00.000Z',
    });
    // The copy task points at the copy, which lives in the target folder.
    expect(copyTask.file_id).not.toBe(a.id);
    expect((await t.container.files.get(user.id, copyTask.file_id)).parentId).toBe(target.id);

    const moved = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [b.id],
        to: { parent_id: target.id },
      }),
    );
    expect(await task(headers, moved.task_id)).toMatchObject({
      type: 'move',
      file_id: b.id,
      name: 'b.txt',
      params: { parent_id: target.id },
    });

    const trashed = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [a.id] }),
    );
    expect(await task(headers, trashed.task_id)).toMatchObject({
      type: 'trash',
      phase: 'PHASE_TYPE_COMPLETE',
      file_id: a.id,
      status_size: '1',
    });

    const restored = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [a.id] }),
    );
    expect(await task(headers, restored.task_id)).toMatchObject({
      type: 'restore',
      phase: 'PHASE_TYPE_COMPLETE',
      file_id: a.id,
      file_name: 'a.txt',
    });

    const deleted = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [a.id] }),
    );
    expect(await task(headers, deleted.task_id)).toMatchObject({
      type: 'delete',
      phase: 'PHASE_TYPE_COMPLETE',
      file_id: a.id,
      file_size: '5',
    });

    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [target.id] }));
    const emptied = ok<{ task_id: string }>(
      await call(headers, 'PATCH', '/drive/v1/files/trash:empty'),
    );
    expect(await task(headers, emptied.task_id)).toMatchObject({
      type: 'delete',
      phase: 'PHASE_TYPE_COMPLETE',
      name: 'target',
      status_size: '1',
    });

    const ids = new Set([
      copied.task_id,
      moved.task_id,
      trashed.task_id,
      restored.task_id,
      deleted.task_id,
      emptied.task_id,
    ]);
    expect(ids.size).toBe(6);
    const all = await list(headers);
    expect(all.tasks.map((item) => item.id).filter((id) => ids.has(id))).toHaveLength(6);
  });

  it('lists newest first, by type, phase (eq and in) and id, page after page with expires_in', async () => {
    const { user, headers } = await member();
    const offline = [
      await backgroundTask(user.id, 'PHASE_TYPE_COMPLETE'),
      await backgroundTask(user.id, 'PHASE_TYPE_ERROR'),
      await backgroundTask(user.id, 'PHASE_TYPE_PAUSED'),
    ];
    const a = await storedFile(user.id, 'a.txt', 'a');
    const trashTask = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [a.id] }),
    ).task_id;

    const everything = await list(headers);
    expect(everything.tasks.map((item) => item.id)).toEqual([trashTask, ...[...offline].reverse()]);
    expect(everything.next_page_token).toBe('');
    expect(everything.expires_in).toBe(60);

    expect((await list(headers, { type: 'offline' })).tasks.map((item) => item.id)).toEqual(
      [...offline].reverse(),
    );
    expect((await list(headers, { type: 'trash' })).tasks.map((item) => item.id)).toEqual([
      trashTask,
    ]);
    expect((await list(headers, { type: 'copy' })).tasks).toEqual([]);

    const errored = await list(headers, {
      filters: JSON.stringify({ phase: { eq: 'PHASE_TYPE_ERROR' } }),
    });
    expect(errored.tasks.map((item) => item.id)).toEqual([offline[1]]);
    const finished = await list(headers, {
      type: 'offline',
      filters: JSON.stringify({ phase: { in: 'PHASE_TYPE_COMPLETE, PHASE_TYPE_ERROR' } }),
    });
    expect(finished.tasks.map((item) => item.id)).toEqual([offline[1], offline[0]]);
    const byId = await list(headers, {
      filters: JSON.stringify({ id: { in: `${offline[0]},${trashTask},unknown` } }),
    });
    expect(byId.tasks.map((item) => item.id)).toEqual([trashTask, offline[0]]);

    const seen: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const page = await list(headers, { limit: '1', ...(token ? { page_token: token } : {}) });
      seen.push(...page.tasks.map((item) => item.id));
      token = page.next_page_token;
      pages += 1;
    } while (token !== '' && pages < 10);
    expect(seen).toEqual(everything.tasks.map((item) => item.id));

    const running = await backgroundTask(user.id, 'PHASE_TYPE_RUNNING');
    const busy = await list(headers, { type: 'offline' });
    expect(busy.tasks[0]?.id).toBe(running);
    expect(busy.expires_in).toBe(3);
  });

  it('pauses and resumes offline tasks, and answers task_not_pausable for the rest', async () => {
    const { user, headers } = await member();
    const running = await backgroundTask(user.id, 'PHASE_TYPE_RUNNING');
    clock.advance(5000);
    const paused = ok<TaskBody>(
      await call(headers, 'PATCH', `/drive/v1/tasks/${running}`, { phase: 'PHASE_TYPE_PAUSED' }),
    );
    expect(paused).toMatchObject({
      id: running,
      phase: 'PHASE_TYPE_PAUSED',
      updated_time: clock.now().toISOString(),
    });
    // Pausing a paused task changes nothing.
    expect(
      ok<TaskBody>(
        await call(headers, 'PATCH', `/drive/v1/tasks/${running}`, { phase: 'PHASE_TYPE_PAUSED' }),
      ).phase,
    ).toBe('PHASE_TYPE_PAUSED');
    expect(
      ok<TaskBody>(
        await call(headers, 'PATCH', `/drive/v1/tasks/${running}`, { phase: 'PHASE_TYPE_PENDING' }),
      ).phase,
    ).toBe('PHASE_TYPE_PENDING');
    expect((await task(headers, running)).phase).toBe('PHASE_TYPE_PENDING');

    const done = await backgroundTask(user.id, 'PHASE_TYPE_COMPLETE');
    const refused = await call(headers, 'PATCH', `/drive/v1/tasks/${done}`, {
      phase: 'PHASE_TYPE_PAUSED',
    });
    expectError(refused, 400, 'task_not_pausable');
    expect(errorOf(refused).error_code).toBe(9);
    const failed = await backgroundTask(user.id, 'PHASE_TYPE_ERROR');
    expectError(
      await call(headers, 'PATCH', `/drive/v1/tasks/${failed}`, { phase: 'PHASE_TYPE_PENDING' }),
      400,
      'task_not_pausable',
    );

    const a = await storedFile(user.id, 'a.txt', 'a');
    const trashTask = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [a.id] }),
    ).task_id;
    const notPausable = await t.app.inject({
      method: 'PATCH',
      url: `/drive/v1/tasks/${trashTask}`,
      headers: { ...headers, 'accept-language': 'ja' },
      payload: { phase: 'PHASE_TYPE_PAUSED' },
    });
    expectError(notPausable, 400, 'task_not_pausable');
    expect(localizedOf(errorOf(notPausable))).toMatchObject({
      locale: 'ja',
      message: 'このタスクは一時停止または再開できません',
    });
    expect((await task(headers, trashTask)).phase).toBe('PHASE_TYPE_COMPLETE');
  });

  it('deletes tasks, with delete_files putting the files they made in the trash', async () => {
    const { user, headers } = await member();
    const target = await folder(headers, 'target');
    const a = await storedFile(user.id, 'a.txt', 'a');
    const b = await storedFile(user.id, 'b.txt', 'b');
    const copyA = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [a.id],
        to: { parent_id: target.id },
      }),
    ).task_id;
    const copyB = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [b.id],
        to: { parent_id: target.id },
      }),
    ).task_id;
    const moveB = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [b.id],
        to: { parent_id: target.id },
      }),
    ).task_id;
    const copyOfA = (await task(headers, copyA)).file_id;
    const copyOfB = (await task(headers, copyB)).file_id;

    const plain = await call(headers, 'DELETE', `/drive/v1/tasks?task_ids=${copyA}`);
    expect(ok<Record<string, never>>(plain)).toEqual({});
    expectError(await call(headers, 'GET', `/drive/v1/tasks/${copyA}`), 404, 'not_found');
    expect((await t.container.files.get(user.id, copyOfA)).trashed).toBe(0);

    ok(
      await call(
        headers,
        'DELETE',
        `/drive/v1/tasks?task_ids=${copyB}&task_ids=${moveB}&delete_files=true`,
      ),
    );
    expect((await list(headers)).tasks.map((item) => item.id)).not.toContain(copyB);
    expect((await t.container.files.get(user.id, copyOfB)).trashed).toBe(1);
    // A move task worked on a file it did not make: delete_files leaves that file alone.
    expect((await t.container.files.get(user.id, b.id)).trashed).toBe(0);
    expect((await t.container.files.get(user.id, a.id)).trashed).toBe(0);
  });

  it("answers not_found for another member's tasks on every task endpoint and changes nothing (IDOR walk)", async () => {
    const owner = await member();
    const stranger = await member();
    const a = await storedFile(owner.user.id, 'a.txt', 'a');
    const copy = ok<{ task_id: string }>(
      await call(owner.headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [a.id],
        to: { parent_id: '' },
      }),
    ).task_id;
    const offline = await backgroundTask(owner.user.id, 'PHASE_TYPE_RUNNING');
    const mine = ok<{ task_id: string }>(
      await call(stranger.headers, 'POST', '/drive/v1/files:batchTrash', {
        ids: [(await storedFile(stranger.user.id, 's.txt', 's')).id],
      }),
    ).task_id;

    for (const id of [copy, offline]) {
      expectError(await call(stranger.headers, 'GET', `/drive/v1/tasks/${id}`), 404, 'not_found');
      expectError(
        await call(stranger.headers, 'PATCH', `/drive/v1/tasks/${id}`, {
          phase: 'PHASE_TYPE_PAUSED',
        }),
        404,
        'not_found',
      );
      expectError(
        await call(stranger.headers, 'DELETE', `/drive/v1/tasks?task_ids=${id}&delete_files=true`),
        404,
        'not_found',
      );
      // One foreign id among the member's own fails the whole call: nothing is deleted.
      expectError(
        await call(stranger.headers, 'DELETE', `/drive/v1/tasks?task_ids=${mine}&task_ids=${id}`),
        404,
        'not_found',
      );
    }
    const strangers = await list(stranger.headers, {
      filters: JSON.stringify({ id: { in: `${copy},${offline},${mine}` } }),
    });
    expect(strangers.tasks.map((item) => item.id)).toEqual([mine]);
    expect((await task(stranger.headers, mine)).id).toBe(mine);
    expect(await task(owner.headers, offline)).toMatchObject({ phase: 'PHASE_TYPE_RUNNING' });
    const copied = await task(owner.headers, copy);
    expect((await t.container.files.get(owner.user.id, copied.file_id)).trashed).toBe(0);
    expectError(
      await call(stranger.headers, 'GET', `/drive/v1/tasks/${newId()}`),
      404,
      'not_found',
    );
  });

  it('answers hostile and malformed input with the error object, never a 500', async () => {
    const { headers } = await member();
    const bad: [string, 'GET' | 'PATCH' | 'DELETE', string, Record<string, unknown>?][] = [
      ['filters not JSON', 'GET', `/drive/v1/tasks?filters=${encodeURIComponent('{phase')}`],
      ['filters an array', 'GET', `/drive/v1/tasks?filters=${encodeURIComponent('[1]')}`],
      [
        'unknown field',
        'GET',
        `/drive/v1/tasks?filters=${encodeURIComponent('{"user_id":{"eq":"x"}}')}`,
      ],
      [
        'unknown operator',
        'GET',
        `/drive/v1/tasks?filters=${encodeURIComponent('{"phase":{"gt":"PHASE_TYPE_ERROR"}}')}`,
      ],
      [
        'unknown phase',
        'GET',
        `/drive/v1/tasks?filters=${encodeURIComponent('{"phase":{"in":"PHASE_TYPE_ERROR,DROP TABLE"}}')}`,
      ],
      ['number value', 'GET', `/drive/v1/tasks?filters=${encodeURIComponent('{"id":{"in":5}}')}`],
      [
        'prototype key',
        'GET',
        `/drive/v1/tasks?filters=${encodeURIComponent('{"__proto__":{"eq":"x"}}')}`,
      ],
      [
        'too many ids',
        'GET',
        `/drive/v1/tasks?filters=${encodeURIComponent(JSON.stringify({ id: { in: Array.from({ length: 101 }, (_, i) => `i${i}`).join(',') } }))}`,
      ],
      ['garbage page token', 'GET', '/drive/v1/tasks?page_token=%27%20or%201%3D1'],
      [
        'forged page token',
        'GET',
        `/drive/v1/tasks?page_token=${Buffer.from('{"c":5}').toString('base64url')}`,
      ],
      ['limit not whole', 'GET', '/drive/v1/tasks?limit=0.5'],
      ['limit negative', 'GET', '/drive/v1/tasks?limit=-5'],
      ['unknown type', 'GET', '/drive/v1/tasks?type=shell'],
      ['too long id', 'GET', `/drive/v1/tasks/${'x'.repeat(65)}`],
      ['no task ids', 'DELETE', '/drive/v1/tasks'],
      ['empty task ids', 'DELETE', '/drive/v1/tasks?task_ids=,'],
      ['bad delete_files', 'DELETE', '/drive/v1/tasks?task_ids=a&delete_files=maybe'],
      ['phase complete', 'PATCH', '/drive/v1/tasks/abc', { phase: 'PHASE_TYPE_COMPLETE' }],
      ['phase missing', 'PATCH', '/drive/v1/tasks/abc', {}],
    ];
    for (const [what, method, url, payload] of bad) {
      const response = await call(headers, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(errorOf(response).error, what).toBe('invalid_argument');
    }
    for (const [method, url] of [
      ['GET', '/drive/v1/tasks'],
      ['GET', '/drive/v1/tasks/abc'],
      ['DELETE', '/drive/v1/tasks?task_ids=abc'],
      ['PATCH', '/drive/v1/tasks/abc'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        ...(method === 'PATCH' ? { payload: { phase: 'PHASE_TYPE_PAUSED' } } : {}),
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(errorOf(response).error).toBe('unauthenticated');
    }
  });
});
