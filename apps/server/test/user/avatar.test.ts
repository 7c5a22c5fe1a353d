import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
} from '../helper';
import { post, signIn } from '../identity';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');

function fixture(name: string): Promise<Buffer> {
  return fs.readFile(path.join(fixtures, name));
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

interface Profile {
  sub: string;
  picture: string;
  status: string;
}

describe.each(dialects)('avatars on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  function upload(
    token: string,
    body: Buffer | string,
    type: string,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'PUT',
      url: '/v1/user/me/avatar',
      headers: { ...bearer(token), 'content-type': type },
      payload: body,
    });
  }

  async function refCount(sha256: string): Promise<number | undefined> {
    return (await t.container.blobRecords.find(sha256))?.refCount;
  }

  async function member(): Promise<string> {
    const user = await makeUser(t);
    return (await signIn(t, user.email, user.password)).access_token;
  }

  it('stores a PNG and a JPEG as the avatar and serves them with safe headers', async () => {
    const token = await member();
    for (const [name, type] of [
      ['avatar.png', 'image/png'],
      ['avatar.jpg', 'image/jpeg'],
    ] as const) {
      const image = await fixture(name);
      const sha256 = sha256Of(image);
      const response = await upload(token, image, type);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Profile>().picture).toBe(`http://nimbus.test/v1/user/avatar/${sha256}`);

      const served = await t.app.inject({ method: 'GET', url: `/v1/user/avatar/${sha256}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(image)).toBe(true);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers.etag).toBe(`"${sha256}"`);

      const again = await t.app.inject({
        method: 'GET',
        url: `/v1/user/avatar/${sha256}`,
        headers: { 'if-none-match': `"${sha256}"` },
      });
      expect(again.statusCode).toBe(304);
    }
    const me = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers: bearer(token) });
    expect(me.json<Profile>().picture).toMatch(/\/v1\/user\/avatar\/[0-9a-f]{64}$/);
  });

  it('takes the type from the bytes, not from the header', async () => {
    const token = await member();
    const gif = await fixture('avatar.gif');
    const response = await upload(token, gif, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/v1/user/avatar/${sha256Of(gif)}` });
    expect(served.headers['content-type']).toBe('image/gif');
  });

  it('refuses SVG, HTML behind an image type, a forged PNG signature and garbage', async () => {
    const token = await member();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const forged = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    for (const [body, type] of [
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      ['<html><body>hi</body></html>', 'image/png'],
      [forged, 'image/png'],
      [Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9]), 'image/jpeg'],
      [Buffer.alloc(0), 'image/webp'],
      ['{"a":1}', 'application/json'],
      ['name=x', 'text/plain'],
    ] as const) {
      const response = await upload(token, body, type);
      expect(response.statusCode, `${type}: ${response.body}`).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    const me = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers: bearer(token) });
    expect(me.json<Profile>().picture).toBe('');
  });

  it('refuses an image over 2 MiB with payload_too_large', async () => {
    const token = await member();
    const png = await fixture('avatar.png');
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]);
    const response = await upload(token, big, 'image/png');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).error).toBe('payload_too_large');
  });

  it('releases the old avatar when it is replaced or removed', async () => {
    const token = await member();
    const png = await fixture('avatar.png');
    const jpeg = await fixture('avatar.jpg');
    expect((await upload(token, png, 'image/png')).statusCode).toBe(200);
    expect(await refCount(sha256Of(png))).toBe(1);

    // The same image again holds one reference, not two.
    expect((await upload(token, png, 'image/png')).statusCode).toBe(200);
    expect(await refCount(sha256Of(png))).toBe(1);

    expect((await upload(token, jpeg, 'image/jpeg')).statusCode).toBe(200);
    expect(await refCount(sha256Of(png))).toBe(0);
    expect(await refCount(sha256Of(jpeg))).toBe(1);
    const old = await t.app.inject({ method: 'GET', url: `/v1/user/avatar/${sha256Of(png)}` });
    expect(old.statusCode).toBe(404);
    expect(errorOf(old).error).toBe('not_found');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/v1/user/me/avatar',
      headers: bearer(token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Profile>().picture).toBe('');
    expect(await refCount(sha256Of(jpeg))).toBe(0);
  });

  it('releases the uploaded avatar when the member sets an https picture instead', async () => {
    const token = await member();
    const png = await fixture('avatar.png');
    expect((await upload(token, png, 'image/png')).statusCode).toBe(200);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers: bearer(token),
      payload: { picture: 'https://images.example.com/me.png' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Profile>().picture).toBe('https://images.example.com/me.png');
    expect(await refCount(sha256Of(png))).toBe(0);
  });

  it("shows a share's visitors the sharer's avatar only as Nimbus serves it, never an external picture URL", async () => {
    const user = await makeUser(t, {
      name: 'Sharer Person',
      picture: 'https://tracker.example.net/pixel.png?who=sharer',
    });
    const token = (await signIn(t, user.email, user.password)).access_token;
    const file = await t.container.files.createFolder(user.id, { name: 'Album', parentId: '' });
    const shareOf = async (body: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/share',
          headers: bearer(token),
          payload: { file_ids: [file.id], ...body },
        })
      ).json<{ share_id: string }>().share_id;
    const locked = await shareOf({});
    const open = await shareOf({ pass_code_option: 'NOT_REQUIRED' });
    /** The sharer's avatar on the pass-code page and on the open share, as visitors get them. */
    const avatarsShown = async () => {
      const answers = await Promise.all(
        [locked, open].map(async (id) =>
          (await t.app.inject({ method: 'GET', url: `/drive/v1/share?share_id=${id}` })).json<{
            share_status: string;
            user_info: { avatar: string };
          }>(),
        ),
      );
      expect(answers.map((answer) => answer.share_status)).toEqual(['PASS_CODE_EMPTY', 'OK']);
      return answers.map((answer) => answer.user_info.avatar);
    };

    // A picture from elsewhere (a sign-up through a third party, or set by URL): left out.
    expect(await avatarsShown()).toEqual(['', '']);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers: bearer(token),
      payload: { picture: 'https://images.example.com/me.png' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await avatarsShown()).toEqual(['', '']);

    // An uploaded avatar: shown from Nimbus's own origin, where it is served.
    const png = await fixture('avatar.png');
    expect((await upload(token, png, 'image/png')).statusCode).toBe(200);
    const url = `http://nimbus.test/v1/user/avatar/${sha256Of(png)}`;
    expect(await avatarsShown()).toEqual([url, url]);
    const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.rawPayload.equals(png)).toBe(true);

    // Back to an external picture: left out again.
    await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers: bearer(token),
      payload: { picture: 'https://images.example.com/again.png' },
    });
    expect(await avatarsShown()).toEqual(['', '']);
  });

  it("lets anyone fetch a member's avatar, but no other blob or malformed hash", async () => {
    const aliceToken = await member();
    const png = await fixture('avatar.png');
    expect((await upload(aliceToken, png, 'image/png')).statusCode).toBe(200);

    const bobToken = await member();
    const asBob = await t.app.inject({
      method: 'GET',
      url: `/v1/user/avatar/${sha256Of(png)}`,
      headers: bearer(bobToken),
    });
    expect(asBob.statusCode).toBe(200);

    // A blob that is stored but is nobody's avatar (a file's bytes).
    const secret = Buffer.from('a private file of someone');
    const digest = await t.container.blobs.ingest(
      (await import('node:stream')).Readable.from([secret]),
    );
    for (const hash of [
      digest.sha256,
      'f'.repeat(64),
      'not-a-hash',
      '../../etc/passwd',
      'A'.repeat(64),
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/user/avatar/${encodeURIComponent(hash)}`,
        headers: { 'accept-language': 'ko' },
      });
      expect(response.statusCode, hash).toBe(404);
      expect(errorOf(response).error).toBe('not_found');
    }
  });

  it('answers 401 to uploads and removals without credentials', async () => {
    const png = await fixture('avatar.png');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/me/avatar',
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(put.statusCode).toBe(401);
    expect(errorOf(put).error).toBe('unauthenticated');
    const removed = await t.app.inject({ method: 'DELETE', url: '/v1/user/me/avatar' });
    expect(removed.statusCode).toBe(401);
  });
});

describe.each(dialects)('account deletion requests on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect, { ACCOUNT_DELETION_GRACE_DAYS: '10' });
  });
  afterEach(async () => {
    await t.close();
  });

  it('turns the account under_review, ends every session, and sign-in answers under_review', async () => {
    const user = await makeUser(t);
    const tv = await signIn(t, user.email, user.password, 'tv');
    const desktop = await signIn(t, user.email, user.password, 'desktop');

    // The terms name the grace period and the day the purge would come.
    const terms = await t.app.inject({
      method: 'GET',
      url: '/v1/user/deletion',
      headers: bearer(tv.access_token),
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const asked = terms.json<{ grace_days: number; purge_after: string }>();
    expect(asked.grace_days).toBe(10);
    expect(Date.parse(asked.purge_after) - Date.now()).toBeGreaterThan(
      10 * 24 * 3600 * 1000 - 60_000,
    );
    expect(Date.parse(asked.purge_after) - Date.now()).toBeLessThanOrEqual(10 * 24 * 3600 * 1000);

    const response = await post(
      t,
      '/v1/user/deletion',
      { password: user.password },
      bearer(tv.access_token),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      status: string;
      deletion_requested_at: string;
      purge_after: string;
    }>();
    expect(body.status).toBe('under_review');
    expect(Date.parse(body.purge_after) - Date.parse(body.deletion_requested_at)).toBe(
      10 * 24 * 3600 * 1000,
    );

    for (const token of [tv, desktop]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: bearer(token.access_token),
      });
      expect(me.statusCode).toBe(401);
      const refreshed = await post(t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: token.refresh_token,
        client_id: 'tv',
      });
      expect(refreshed.statusCode).toBeGreaterThanOrEqual(400);
      expect(refreshed.statusCode).toBeLessThan(500);
    }

    const signin = await post(
      t,
      '/v1/auth/signin',
      { client_id: 'web', username: user.email, password: user.password },
      { 'accept-language': 'ko' },
    );
    expect(signin.statusCode).toBe(403);
    const error = errorOf(signin);
    expect(error.error).toBe('under_review');
    const message = localizedOf(error);
    expect(message?.locale).toBe('ko');
    expect(message?.message).toMatch(/[\uac00-\ud7a3]/);

    const row = await t.container.users.findById(user.id);
    expect(row?.status).toBe('under_review');
    expect(row?.deletion_requested_at).toBe(body.deletion_requested_at);
  });

  it('refuses a wrong or missing password with invalid_password and keeps the account', async () => {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    for (const payload of [{ password: 'wrong password 1' }, {}]) {
      const response = await post(t, '/v1/user/deletion', payload, {
        ...bearer(token.access_token),
        'accept-language': 'ko',
      });
      expect(response.statusCode, response.body).toBe(400);
      const error = errorOf(response);
      expect(error.error).toBe('invalid_password');
      expect(localizedOf(error)?.locale).toBe('ko');
    }
    expect((await t.container.users.findById(user.id))?.status).toBe('active');
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/user/me',
      headers: bearer(token.access_token),
    });
    expect(me.statusCode).toBe(200);
  });

  it('lets an account without a password ask with its session alone', async () => {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    await t.container.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', user.id)
      .execute();
    const response = await post(t, '/v1/user/deletion', {}, bearer(token.access_token));
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.container.users.findById(user.id))?.status).toBe('under_review');
  });

  it('answers 401 without credentials and the error object to hostile bodies', async () => {
    const anonymous = await post(t, '/v1/user/deletion', { password: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).error).toBe('unauthenticated');

    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    for (const payload of [
      { password: 'x'.repeat(5000) },
      { password: 42 },
      { password: user.password, extra: 1 },
    ]) {
      const response = await post(t, '/v1/user/deletion', payload, bearer(token.access_token));
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/v1/user/deletion',
      headers: { ...bearer(token.access_token), 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await t.container.users.findById(user.id))?.status).toBe('active');
  });
});

describe.each(dialects)('withdrawing a deletion request at sign-in on %s', (dialect) => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  beforeEach(async () => {
    clock = testClock(new Date().toISOString());
    t = await buildTestApp(dialect, { ACCOUNT_DELETION_GRACE_DAYS: '10' }, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  function signInBody(email: string, password: string, extra: Record<string, unknown> = {}) {
    return post(t, '/v1/auth/signin', { client_id: 'tv', username: email, password, ...extra });
  }

  async function requestDeletion(email: string, password: string): Promise<void> {
    const token = await signIn(t, email, password);
    const response = await post(t, '/v1/user/deletion', { password }, bearer(token.access_token));
    expect(response.statusCode, response.body).toBe(200);
  }

  it('signs in and reactivates the account with cancel_deletion inside the grace period', async () => {
    const user = await makeUser(t);
    await requestDeletion(user.email, user.password);
    clock.advance(9 * 24 * 3600 * 1000);
    const plain = await signInBody(user.email, user.password);
    expect(errorOf(plain).error).toBe('under_review');

    const response = await signInBody(user.email, user.password, { cancel_deletion: true });
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.container.users.findById(user.id);
    expect(row?.status).toBe('active');
    expect(row?.deletion_requested_at).toBeNull();
    expect((await signInBody(user.email, user.password)).statusCode).toBe(200);
  });

  it('keeps the request after the grace period, with a wrong password, or for an operator review', async () => {
    const late = await makeUser(t);
    const wrong = await makeUser(t);
    const reviewed = await makeUser(t, { status: 'under_review' });
    await requestDeletion(late.email, late.password);
    await requestDeletion(wrong.email, wrong.password);
    clock.advance(10 * 24 * 3600 * 1000 + 1000);

    const expired = await signInBody(late.email, late.password, { cancel_deletion: true });
    expect(errorOf(expired).error).toBe('under_review');
    const guessed = await signInBody(wrong.email, 'not the password 1', { cancel_deletion: true });
    expect(errorOf(guessed).error).toBe('invalid_account_or_password');
    const operator = await signInBody(reviewed.email, reviewed.password, { cancel_deletion: true });
    expect(errorOf(operator).error).toBe('under_review');
    for (const user of [late, wrong, reviewed]) {
      expect((await t.container.users.findById(user.id))?.status).toBe('under_review');
    }

    const hostile = await signInBody(late.email, late.password, { cancel_deletion: 'yes' });
    expect(hostile.statusCode).toBe(400);
    expect(errorOf(hostile).error).toBe('invalid_argument');
  });
});
