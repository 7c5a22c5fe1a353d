import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, ok, testClock, type TestApp } from '../helper';
import { storeFile } from '../support/stored-file';

/*
 * The call sequences of an open-source client of the original service, sent as it sends them
 * (its headers, its nulls, its content types, its page sizes), against the real server: sign-in
 * with a captcha, listing, a folder at the root, an offline download without a name, the task
 * list, a task delete, the starred list, a share, a save from it and the events, page by page.
 */
describe.each(dialects)('a client of the original service against Nimbus on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  const deviceId = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

  /** The client's session: its device, its captcha token and, once signed in, its bearer. */
  interface Session {
    headers: Record<string, string>;
    userId: string;
  }

  function send(
    session: Session | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-device-id': deviceId,
        'x-client-id': 'android',
        ...session?.headers,
      },
      payload: payload === undefined ? '' : JSON.stringify(payload),
    });
  }

  /** The client's sign-in: captcha init with the action as a full URL, then the form-typed JSON sign-in. */
  async function signIn(email: string, password: string): Promise<Session> {
    const captcha = ok<{ captcha_token: string }>(
      await send(undefined, 'POST', '/v1/shield/captcha/init', {
        client_id: 'android',
        action: 'POST:http://nimbus.test/v1/auth/signin',
        device_id: deviceId,
        captcha_token: null,
        meta: { email, phone_number: null, username: null },
      }),
    );
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-device-id': deviceId,
        'x-captcha-token': captcha.captcha_token,
      },
      payload: JSON.stringify({
        client_id: 'android',
        client_secret: 'the-client-secret-of-the-app',
        username: email,
        password,
        captcha_token: captcha.captcha_token,
      }),
    });
    const token = ok<{ access_token: string; sub: string }>(signedIn);
    return { headers: { authorization: `Bearer ${token.access_token}` }, userId: token.sub };
  }

  interface FileBody {
    id: string;
    name: string;
    parent_id: string;
    kind: string;
    starred: boolean;
  }
  interface TaskBody {
    id: string;
    name: string;
    file_id: string;
    phase: string;
    reference_resource?: FileBody;
  }

  const listQuery = (filters: unknown) =>
    `filters=${encodeURIComponent(JSON.stringify(filters))}&thumbnail_size=SIZE_MEDIUM&with_audit=true`;

  it('runs the original service’s call sequences without a failure', async () => {
    const owner = await makeUser(t);
    const me = await signIn(owner.email, owner.password);
    expect(me.userId).toBe(owner.id);

    // The root listing, with the client's page size of 10,000 and its default filters.
    const stored = await storeFile(t, owner.id, 'Holiday.mkv', 'a film');
    const root = ok<{ files: FileBody[]; next_page_token: string }>(
      await send(
        me,
        'GET',
        `/drive/v1/files?parent_id=&limit=10000&${listQuery({ trashed: { eq: false }, phase: { eq: 'PHASE_TYPE_COMPLETE' } })}`,
      ),
    );
    expect(root.files.map((file) => file.name)).toEqual(['Holiday.mkv']);
    expect(root.next_page_token).toBe('');

    // A folder at the root, with parent_id null.
    const folder = ok<{ file: FileBody }>(
      await send(me, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Series',
        parent_id: null,
      }),
    ).file;
    expect(folder).toMatchObject({ kind: 'drive#folder', name: 'Series', parent_id: '' });

    // An offline download without a name and without a folder, as the client sends it.
    const offline = ok<{ task: TaskBody }>(
      await send(me, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        name: null,
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: 'https://downloads.example/episodes/Pilot.mkv' },
        folder_type: 'DOWNLOAD',
        parent_id: null,
      }),
    ).task;
    expect(offline).toMatchObject({ name: 'Pilot.mkv', phase: 'PHASE_TYPE_PENDING' });

    // The task list, with the big page size, its phases and the files the tasks made.
    const tasks = ok<{ tasks: TaskBody[]; next_page_token: string }>(
      await send(
        me,
        'GET',
        `/drive/v1/tasks?type=offline&limit=10000&with=reference_resource&${listQuery({
          phase: { in: 'PHASE_TYPE_RUNNING,PHASE_TYPE_ERROR,PHASE_TYPE_PENDING' },
        })}`,
      ),
    );
    expect(tasks.tasks.map((task) => task.id)).toEqual([offline.id]);

    // Deleting the task: the query names it, the body is empty under Content-Type: application/json.
    ok(await send(me, 'DELETE', `/drive/v1/tasks?task_ids=${offline.id}&delete_files=false`));
    expect(
      ok<{ tasks: TaskBody[] }>(await send(me, 'GET', '/drive/v1/tasks?type=offline&limit=10000'))
        .tasks,
    ).toEqual([]);

    // Starring, and the starred list asked by system tag.
    ok(await send(me, 'POST', '/drive/v1/files:star', { ids: [stored.id] }));
    const starred = ok<{ files: FileBody[] }>(
      await send(
        me,
        'GET',
        `/drive/v1/files?parent_id=*&limit=10000&${listQuery({ system_tag: { in: 'STAR' }, trashed: { eq: false } })}`,
      ),
    );
    expect(starred.files.map((file) => [file.id, file.starred])).toEqual([[stored.id, true]]);

    // A share of the film, and another member's save of it.
    const share = ok<{ share_id: string; pass_code: string }>(
      await send(me, 'POST', '/drive/v1/share', {
        file_ids: [stored.id],
        share_to: 'encryptedlink',
        expiration_days: -1,
        pass_code_option: 'NOT_REQUIRED',
        title: null,
      }),
    );
    const friendUser = await makeUser(t);
    const friend = await signIn(friendUser.email, friendUser.password);
    const opened = ok<{ share_status: string; pass_code_token: string; files: FileBody[] }>(
      await send(
        friend,
        'GET',
        `/drive/v1/share?share_id=${share.share_id}&pass_code=&limit=10000&thumbnail_size=SIZE_LARGE`,
      ),
    );
    expect(opened.share_status).toBe('OK');
    const restored = ok<{ restore_status: string; file_id: string }>(
      await send(friend, 'POST', '/drive/v1/share/restore', {
        share_id: share.share_id,
        pass_code_token: opened.pass_code_token,
        file_ids: opened.files.map((file) => file.id),
        ancestor_ids: [],
        parent_id: null,
        specify_parent_id: true,
      }),
    );
    expect(restored.restore_status).toBe('RESTORE_COMPLETE');

    // The friend's events, one a page, paged with next_page_token as the client does.
    clock.advance(1000);
    const second = await storeFile(t, friend.userId, 'Notes.txt', 'notes');
    await t.container.events.record(friend.userId, { type: 'TYPE_UPLOAD', fileId: second.id });
    interface EventPage {
      events: { type: string; file_name: string }[];
      next_page_token: string;
    }
    const seen: string[] = [];
    let page = ok<EventPage>(await send(friend, 'GET', '/drive/v1/events?limit=1'));
    seen.push(...page.events.map((event) => `${event.type} ${event.file_name}`));
    while (page.next_page_token !== '' && seen.length < 10) {
      page = ok<EventPage>(
        await send(
          friend,
          'GET',
          `/drive/v1/events?limit=1&next_page_token=${encodeURIComponent(page.next_page_token)}`,
        ),
      );
      seen.push(...page.events.map((event) => `${event.type} ${event.file_name}`));
    }
    expect(seen).toEqual(['TYPE_UPLOAD Notes.txt', 'TYPE_RESTORE Holiday.mkv']);

    // The membership calls the client makes on start.
    const invite = ok<{ code: string }>(await send(me, 'GET', '/vip/v1/activity/inviteCode'));
    expect(invite.code).not.toBe('');
    const quota = ok<{ base: { offline: { total_assets: number } } }>(
      await send(me, 'GET', '/vip/v1/quantity/list?type=transfer'),
    );
    expect(quota.base.offline.total_assets).toBeGreaterThan(0);
  });
});
