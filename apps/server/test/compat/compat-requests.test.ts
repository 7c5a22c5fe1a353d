import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, makeUser, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';

/*
 * How requests are read for clients of the original service (docs/api.md#conventions): JSON
 * `null` is an absent field, an empty body is no body on every method, JSON sent as a form is
 * JSON, a page size above the largest is the largest, and a refusal names its field.
 */
describe.each(dialects)(
  'requests as clients of the original service send them, on %s',
  (dialect) => {
    let t: TestApp;

    beforeEach(async () => {
      t = await buildTestApp(dialect);
    });
    afterEach(async () => {
      await t.close();
    });

    interface FileBody {
      id: string;
      parent_id: string;
      name: string;
    }

    it('reads JSON null as an absent optional field, at any depth', async () => {
      const { headers } = await signedInMember(t);
      const folder = ok<{ file: FileBody }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files',
          headers,
          payload: { kind: 'drive#folder', name: 'Films', parent_id: null },
        }),
      ).file;
      expect(folder).toMatchObject({ name: 'Films', parent_id: '' });

      // `meta.user_id: null` in a captcha init, as such clients send before sign-in.
      const init = await t.app.inject({
        method: 'POST',
        url: '/v1/shield/captcha/init',
        payload: {
          client_id: 'web',
          action: 'POST:/v1/auth/signin',
          device_id: 'c'.repeat(32),
          captcha_token: null,
          meta: { email: 'someone@example.com', user_id: null, phone_number: null },
        },
      });
      expect(init.statusCode, init.body).toBe(200);
      expect(init.json<{ captcha_token: string }>().captcha_token).not.toBe('');
    });

    it('names the field of every invalid_argument, a required field sent as null included', async () => {
      const { headers } = await signedInMember(t);
      const cases: [payload: Record<string, unknown>, field: string][] = [
        [{ kind: 'drive#folder', name: null, parent_id: '' }, 'body.name'],
        [{ kind: 'drive#folder', name: 'x', parent_id: 5 }, 'body.parent_id'],
        [{ kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: 7 } }, 'body.url.url'],
        [
          { kind: 'drive#file', name: 'a.bin', size: 'many', upload_type: 'UPLOAD_TYPE_FORM' },
          'body.size',
        ],
      ];
      for (const [payload, field] of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files',
          headers,
          payload,
        });
        expect(response.statusCode, response.body).toBe(400);
        const error = errorOf(response);
        expect(error.error).toBe('invalid_argument');
        expect(error.error_description, JSON.stringify(payload)).toContain(`${field}:`);
      }
    });

    it('takes an empty body on every method, even under Content-Type: application/json', async () => {
      const { headers } = await signedInMember(t);
      const json = { ...headers, 'content-type': 'application/json' };
      const folder = ok<{ file: FileBody }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files',
          headers,
          payload: { kind: 'drive#folder', name: 'Old', parent_id: '' },
        }),
      ).file;
      const { task_id: taskId } = ok<{ task_id: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files:batchTrash',
          headers,
          payload: { ids: [folder.id] },
        }),
      );
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/drive/v1/tasks?task_ids=${taskId}`,
        headers: json,
        payload: '',
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const gone = await t.app.inject({ method: 'GET', url: `/drive/v1/tasks/${taskId}`, headers });
      expect(gone.statusCode).toBe(404);
      const emptied = await t.app.inject({
        method: 'PATCH',
        url: '/drive/v1/files/trash:empty',
        headers: json,
        payload: '',
      });
      expect(emptied.statusCode, emptied.body).toBe(200);
      // A body that a call needs is still asked for, by field.
      const created = await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers: json,
        payload: '',
      });
      expect(created.statusCode).toBe(400);
      expect(errorOf(created).error_description).toContain('body.kind:');
    });

    it('reads a JSON body sent as application/x-www-form-urlencoded as JSON', async () => {
      const member = await makeUser(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: JSON.stringify({
          client_id: 'tv',
          username: member.email,
          password: member.password,
          captcha_token: null,
        }),
      });
      const token = ok<{ access_token: string; sub: string }>(response);
      expect(token.sub).toBe(member.id);
      // A real form still reads as a form.
      const form = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: 'tv',
          username: member.email,
          password: member.password,
        }).toString(),
      });
      expect(ok<{ sub: string }>(form).sub).toBe(member.id);
    });

    it('reads a limit above the largest page as the largest page', async () => {
      const { headers } = await signedInMember(t);
      for (const url of [
        '/drive/v1/files?limit=100000',
        '/drive/v1/tasks?type=offline&limit=10000',
        '/drive/v1/events?limit=5000',
        '/drive/v1/share/list?limit=2000',
        '/vip/v1/activity/inviteExtActivityPage?limit=1000',
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
      const negative = await t.app.inject({
        method: 'GET',
        url: '/drive/v1/files?limit=-1',
        headers,
      });
      expect(negative.statusCode).toBe(400);
      expect(errorOf(negative).error_description).toContain('querystring.limit:');
    });

    it('reads a limit of 0 as no limit given: the default page', async () => {
      const { headers } = await signedInMember(t);
      for (let i = 0; i < 101; i += 1) {
        ok(
          await t.app.inject({
            method: 'POST',
            url: '/drive/v1/files',
            headers,
            payload: { kind: 'drive#folder', name: `F${i}`, parent_id: '' },
          }),
        );
      }
      const page = ok<{ files: unknown[]; next_page_token: string }>(
        await t.app.inject({ method: 'GET', url: '/drive/v1/files?limit=0', headers }),
      );
      expect(page.files).toHaveLength(100);
      expect(page.next_page_token).not.toBe('');
      for (const url of [
        '/drive/v1/tasks?type=offline&limit=0',
        '/drive/v1/events?limit=0',
        '/drive/v1/share/list?limit=0',
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
    });

    it('reads task_ids[] as task_ids, alone or with task_ids', async () => {
      const { headers } = await signedInMember(t);
      const trash = async (name: string) => {
        const folder = ok<{ file: FileBody }>(
          await t.app.inject({
            method: 'POST',
            url: '/drive/v1/files',
            headers,
            payload: { kind: 'drive#folder', name, parent_id: '' },
          }),
        ).file;
        return ok<{ task_id: string }>(
          await t.app.inject({
            method: 'POST',
            url: '/drive/v1/files:batchTrash',
            headers,
            payload: { ids: [folder.id] },
          }),
        ).task_id;
      };
      const [a, b, c, d] = [await trash('A'), await trash('B'), await trash('C'), await trash('D')];
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/drive/v1/tasks?task_ids%5B%5D=${a}&task_ids%5B%5D=${b}`,
        headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const both = await t.app.inject({
        method: 'DELETE',
        url: `/drive/v1/tasks?task_ids[]=${c}&task_ids=${d}`,
        headers,
      });
      expect(both.statusCode, both.body).toBe(200);
      for (const id of [a, b, c, d]) {
        const gone = await t.app.inject({ method: 'GET', url: `/drive/v1/tasks/${id}`, headers });
        expect(gone.statusCode, id).toBe(404);
      }
      const none = await t.app.inject({
        method: 'DELETE',
        url: '/drive/v1/tasks?task_ids%5B%5D=',
        headers,
      });
      expect(none.statusCode).toBe(400);
      expect(errorOf(none).error_description).toContain('querystring.task_ids:');
    });
  },
);
