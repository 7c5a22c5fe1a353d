import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

/*
 * The drive's listings as clients of the original service call them (docs/api.md#files and
 * #tasks): events paged with `next_page_token`, starred files asked by `system_tag`, and tasks
 * listed `with=reference_resource`.
 */
describe.each(dialects)('drive listings for clients of the original service, on %s', (dialect) => {
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

  function get<T>(headers: Headers, url: string): Promise<T> {
    return t.app.inject({ method: 'GET', url, headers }).then((response) => ok<T>(response));
  }

  interface FileBody {
    id: string;
    name: string;
    starred: boolean;
    thumbnail_link: string;
  }

  it('pages GET /drive/v1/events with next_page_token as well as page_token', async () => {
    const { user, headers } = await signedInMember(t);
    const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'];
    for (const name of names) {
      const file = await storeFile(t, user.id, name, name);
      await t.container.events.record(user.id, { type: 'TYPE_UPLOAD', fileId: file.id });
      clock.advance(1000);
    }
    interface EventPage {
      events: { file_name: string }[];
      next_page_token: string;
    }
    const seen: string[] = [];
    let page = await get<EventPage>(headers, '/drive/v1/events?limit=2');
    seen.push(...page.events.map((event) => event.file_name));
    while (page.next_page_token !== '') {
      page = await get<EventPage>(
        headers,
        `/drive/v1/events?limit=2&next_page_token=${encodeURIComponent(page.next_page_token)}`,
      );
      seen.push(...page.events.map((event) => event.file_name));
      expect(seen.length).toBeLessThanOrEqual(names.length);
    }
    expect(seen).toEqual([...names].reverse());
  });

  it('lists starred files with filters {"system_tag": {"in": "STAR"}}', async () => {
    const { user, headers } = await signedInMember(t);
    const starred = await storeFile(t, user.id, 'starred.txt', 'one');
    await storeFile(t, user.id, 'plain.txt', 'two');
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files:star',
        headers,
        payload: { ids: [starred.id] },
      }),
    );
    for (const filters of [{ system_tag: { in: 'STAR' } }, { system_tag: { eq: 'STAR' } }]) {
      const list = await get<{ files: FileBody[] }>(
        headers,
        `/drive/v1/files?parent_id=*&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      );
      expect(list.files.map((file) => [file.name, file.starred])).toEqual([['starred.txt', true]]);
    }
    const unknownTag = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files?parent_id=*&filters=${encodeURIComponent(
        JSON.stringify({ system_tag: { in: 'PINK' } }),
      )}`,
      headers,
    });
    expect(unknownTag.statusCode).toBe(400);
  });

  it("adds each task's File as reference_resource when a task list asks with=reference_resource", async () => {
    const { user, headers } = await signedInMember(t);
    const photo = await storeFile(t, user.id, 'photo.txt', 'photo');
    const { task_id: taskId } = ok<{ task_id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files:batchTrash',
        headers,
        payload: { ids: [photo.id] },
      }),
    );
    interface TaskList {
      tasks: { id: string; file_id: string; reference_resource?: FileBody }[];
    }
    const plain = await get<TaskList>(headers, '/drive/v1/tasks');
    expect(plain.tasks.map((task) => task.id)).toEqual([taskId]);
    expect(plain.tasks[0]?.reference_resource).toBeUndefined();
    const withFiles = await get<TaskList>(
      headers,
      '/drive/v1/tasks?with=reference_resource&thumbnail_size=SIZE_LARGE',
    );
    const [task] = withFiles.tasks;
    expect(task?.file_id).toBe(photo.id);
    expect(task?.reference_resource).toMatchObject({
      kind: 'drive#file',
      id: photo.id,
      name: 'photo.txt',
    });
    // Another member's listing never shows this member's file.
    const other = await signedInMember(t);
    const theirs = await get<TaskList>(other.headers, '/drive/v1/tasks?with=reference_resource');
    expect(theirs.tasks).toEqual([]);
  });
});
