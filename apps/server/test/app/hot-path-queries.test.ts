import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';

// The database work of the calls every client makes most: each query here is paid on every call,
// so a new one must show up in review (and in `npm run bench -- api-overhead`).
describe.each(dialects)('the queries of the hot calls on %s', (dialect) => {
  let t: TestApp;
  const queries: string[] = [];
  beforeEach(async () => {
    t = await buildTestApp(dialect, {}, { onQuery: (sql) => queries.push(sql) });
  });
  afterEach(async () => {
    await t.close();
  });

  /** The SQL of the queries `call` ran. */
  async function queriesOf(call: () => Promise<unknown>): Promise<string[]> {
    queries.length = 0;
    await call();
    return [...queries];
  }

  it('a liveness check reads nothing', async () => {
    const ran = await queriesOf(async () =>
      ok(await t.app.inject({ method: 'GET', url: '/healthz' })),
    );
    expect(ran).toEqual([]);
  });

  it('a signed-in call reads its session and its member once, then nothing', async () => {
    const { user, headers } = await signedInMember(t);
    const call = async () =>
      expect(
        ok<{ sub: string }>(await t.app.inject({ method: 'GET', url: '/v1/user/me', headers })).sub,
      ).toBe(user.id);
    // The session check reads the member's row with the session, which is what the call answers.
    const ran = await queriesOf(call);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatch(/from "sessions" inner join "users"/);
    // The session found open is trusted for SESSION_CHECK_CACHE_SECONDS, with the row read
    // beside it: the next calls read nothing.
    const next = await queriesOf(call);
    expect(next).toEqual([]);
  });

  it('a config call reads its scope once', async () => {
    const ran = await queriesOf(async () =>
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/config/v1/basic',
          payload: { client: 'web', data: { language_system: 'en-US' } },
        }),
      ),
    );
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatch(/from "setting"/);
  });

  /** A small file sent as a client does: created with a form, then its bytes posted to it. */
  async function uploadSmallFile(headers: Record<string, string>, name: string) {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bytes = randomBytes(1024);
    let url = '';
    const created = await queriesOf(async () => {
      const answer = ok<{ form?: { url: string } }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files',
          headers,
          payload: {
            kind: 'drive#file',
            name,
            parent_id: '',
            size: String(bytes.length),
            upload_type: 'UPLOAD_TYPE_FORM',
          },
        }),
      );
      url = `${origin}${new URL(answer.form?.url ?? '').pathname}`;
    });
    const stored = await queriesOf(async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const response = await fetch(url, { method: 'POST', headers, body: form });
      expect(response.status, await response.text()).toBe(200);
    });
    return { created, stored };
  }

  /**
   * A node reads the plans' limits once per 5 s, not per call: another member's call reads them
   * first (theirs, so the session measured is not cached yet either).
   */
  async function warmPlanLimits() {
    const { headers } = await signedInMember(t);
    ok(await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers }));
  }

  it('a small file uploads with a form in a fixed number of queries', async () => {
    const { headers } = await signedInMember(t);
    await warmPlanLimits();
    const { created, stored } = await uploadSmallFile(headers, 'small.bin');
    // Creating: the session, the quota (usage, memberships, packs), then the file's row under a
    // free name and the upload's row, in one transaction.
    expect(created).toHaveLength(10);
    expect(created.filter((query) => query === 'commit')).toHaveLength(1);
    /** Whether the call inserted into `table` inside its one transaction. */
    const committed = (queries: string[], table: string) => {
      const at = queries.findIndex((query) => query.startsWith(`insert into "${table}"`));
      const begin = Math.max(queries.indexOf('begin'), queries.indexOf('begin immediate'));
      return begin >= 0 && at > begin && at < queries.indexOf('commit');
    };
    expect(committed(created, 'uploads')).toBe(true);
    // Storing: the upload (its session was checked by the create just before); the quota once
    // before the commit, which records the offset with the digest and whose transaction (usage
    // row ensured once, blob, file answered as it is now, upload, the upload's event) checks the
    // quota again against the limit read then.
    expect(stored).toHaveLength(16);
    expect(stored.filter((query) => query === 'commit')).toHaveLength(1);
    expect(committed(stored, 'events')).toBe(true);
  });

  // The SQL itself, in a file per database beside this test: a changed query shows in review as
  // a diff of that file (`npx vitest run --project medium apps/server/test/app/hot-path-queries.test.ts -u`
  // writes it anew). Each call's statements are sorted, since PostgreSQL runs some at once and
  // logs them as they finish.
  it('the SQL of the hot calls matches its snapshot', async () => {
    const { headers } = await signedInMember(t);
    await warmPlanLimits();
    const calls: [string, string[]][] = [];
    calls.push([
      'GET /v1/user/me (the session check, which reads the profile with the session)',
      await queriesOf(async () =>
        ok(await t.app.inject({ method: 'GET', url: '/v1/user/me', headers })),
      ),
    ]);
    calls.push([
      'POST /config/v1/basic',
      await queriesOf(async () =>
        ok(
          await t.app.inject({
            method: 'POST',
            url: '/config/v1/basic',
            payload: { client: 'web', data: { language_system: 'en-US' } },
          }),
        ),
      ),
    ]);
    const { created, stored } = await uploadSmallFile(headers, 'small.bin');
    calls.push(['POST /drive/v1/files (a small file, UPLOAD_TYPE_FORM)', created]);
    calls.push(["POST of the form's bytes (stored and committed)", stored]);
    calls.push([
      'GET /drive/v1/files (the root folder, first page)',
      await queriesOf(async () =>
        ok(
          await t.app.inject({
            method: 'GET',
            url: '/drive/v1/files?parent_id=&limit=100',
            headers,
          }),
        ),
      ),
    ]);
    const text = calls
      .map(([call, sql]) => `-- ${call}\n${[...sql].sort().join(';\n')};\n`)
      .join('\n');
    await expect(text).toMatchFileSnapshot(`./hot-path-sql/${dialect}.sql`);
  });
});
