import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runFeedbackCommand } from '../../src/modules/feedback/feedback-cli';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  ok,
  testClock,
  type TestApp,
} from '../helper';
import { signedInMember, signIn } from '../identity';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';

type Headers = Record<string, string>;

interface FeedbackAnswer {
  id: string;
  created_time: string;
  attachments: { name: string; type: string; size: string }[];
}

const png = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  randomBytes(64),
]);
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

describe.each(dialects)('feedback on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  function sendJson(
    headers: Headers,
    body: unknown,
    remoteAddress = '203.0.113.7',
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/drive/v1/feedback',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress,
    });
  }

  /** Sends a multipart form encoded by the platform's FormData, as a browser would. */
  async function sendForm(
    headers: Headers,
    fields: Record<string, string>,
    files: { field?: string; name: string; bytes: Buffer; type?: string }[],
  ): Promise<LightMyRequestResponse> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      form.append(name, value);
    }
    for (const file of files) {
      form.append(
        file.field ?? 'attachments',
        new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    }
    const encoded = new Request('http://nimbus.test/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: '/drive/v1/feedback',
      headers: { ...headers, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
      remoteAddress: '203.0.113.7',
    });
  }

  function expectError(response: LightMyRequestResponse, status: number, reason: string) {
    expect(response.statusCode, response.body).toBe(status);
    const error = errorOf(response);
    expect(error.error).toBe(reason);
    return error;
  }

  it('stores JSON feedback with the request facts, and mails the operator a plain-text copy', async () => {
    t = await buildTestApp(dialect, { SMTP_URL: mail.url, FEEDBACK_EMAIL: 'ops@nimbus.example' });
    const { user, headers } = await signedInMember(t);
    const before = mail.mails.length;
    const answer = ok<FeedbackAnswer>(
      await sendJson(
        {
          ...headers,
          'accept-language': 'ja',
          'user-agent': 'NimbusTest/1.0',
          'x-client-id': 'web',
        },
        {
          category: 'bug',
          message: '  The upload stops at 99 % on my phone.\nPlease look.  ',
          app_version: 'web 1.2.3',
        },
      ),
    );
    expect(answer.attachments).toEqual([]);
    const stored = await t.container.feedback.find(answer.id);
    expect(stored).toMatchObject({
      user_id: user.id,
      account_email: user.email,
      category: 'bug',
      message: 'The upload stops at 99 % on my phone.\nPlease look.',
      contact_email: '',
      app_version: 'web 1.2.3',
      locale: 'ja',
      user_agent: 'NimbusTest/1.0',
      client_id: 'web',
      created_at: answer.created_time,
    });
    const copy = await mail.waitFor('ops@nimbus.example', before);
    expect(copy.subject).toBe(
      '[Nimbus feedback] bug: The upload stops at 99 % on my phone. Please look.',
    );
    expect(copy.text).toContain('The upload stops at 99 % on my phone.\nPlease look.');
    expect(copy.text).toContain(`Reply to: ${user.email}`);
    expect(copy.text).toContain('No attachments.');
  });

  it('keeps attachments as blobs under clean names, and the operator command lists and saves them', async () => {
    t = await buildTestApp(dialect, { SMTP_URL: mail.url, FEEDBACK_EMAIL: 'ops@nimbus.example' });
    const { user, headers } = await signedInMember(t);
    const log = Buffer.from('12:00:01 upload 3/7 failed: ECONNRESET\n12:00:04 retry\n');
    const before = mail.mails.length;
    const answer = ok<FeedbackAnswer>(
      await sendForm(
        headers,
        {
          category: 'transfer',
          message: 'Uploads of large folders fail halfway.',
          contact_email: 'ana@example.org',
          locale: 'pt',
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
          app_version: 'abc123',
        },
        [
          { name: '../../Screenshot 2026-11-26.png', bytes: png, type: 'image/png' },
          { name: 'console.html', bytes: log, type: 'text/html' },
        ],
      ),
    );
    expect(answer.attachments).toEqual([
      { name: 'Screenshot 2026-11-26.png', type: 'image/png', size: String(png.length) },
      { name: 'console.txt', type: 'text/plain', size: String(log.length) },
    ]);
    expect((await t.container.blobRecords.find(sha256Of(png)))?.refCount).toBe(1);
    expect((await t.container.blobRecords.find(sha256Of(log)))?.refCount).toBe(1);
    const copy = await mail.waitFor('ops@nimbus.example', before);
    expect(copy.text).toContain('Reply to: ana@example.org');
    expect(copy.text).toContain(`- Screenshot 2026-11-26.png (image/png, ${png.length} bytes)`);

    const deps = { feedback: t.container.feedback, store: t.container.blobStore };
    const listed = await runFeedbackCommand(['list'], deps);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain(answer.id);
    expect(listed[0]).toContain(user.email);
    expect(listed[0]).toContain('2 att.');
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-feedback-'));
    try {
      const shown = await runFeedbackCommand(['show', answer.id, '--save', folder], deps);
      expect(shown).toContain('reply to: ana@example.org');
      expect(shown).toContain('locale: pt');
      expect(
        await fs.readFile(path.join(folder, `${answer.id}-1-Screenshot 2026-11-26.png`)),
      ).toEqual(png);
      expect(await fs.readFile(path.join(folder, `${answer.id}-2-console.txt`))).toEqual(log);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
    // The API has no path that serves them back.
    const probe = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/feedback/${answer.id}`,
      headers,
    });
    expect(probe.statusCode).toBe(404);
  });

  it('answers hostile or wrong input with the error object and stores nothing', async () => {
    t = await buildTestApp(dialect);
    const { headers } = await signedInMember(t);
    const valid = { category: 'idea', message: 'Please add dark mode to the share page.' };
    expectError(await sendJson({}, { ...valid, category: 'suggestion' }), 401, 'unauthenticated');
    expectError(await sendJson(headers, { ...valid, category: 'idea' }), 400, 'invalid_argument');
    expectError(
      await sendJson(headers, { category: 'bug', message: '   short   ' }),
      400,
      'invalid_argument',
    );
    expectError(
      await sendJson(headers, { category: 'bug', message: 'x'.repeat(5001) }),
      400,
      'invalid_argument',
    );
    expectError(
      await sendJson(headers, { category: 'bug', message: 'A NUL \u0000 in the text here' }),
      400,
      'invalid_argument',
    );
    expectError(
      await sendJson(headers, { ...valid, category: 'bug', contact_email: 'not an address' }),
      400,
      'invalid_argument',
    );
    expectError(
      await sendJson(headers, { ...valid, category: 'bug', admin: true }),
      400,
      'invalid_argument',
    );
    expectError(
      await sendJson(headers, { ...valid, category: 'bug', locale: 'xx' }),
      400,
      'invalid_argument',
    );
    expectError(await sendJson(headers, [valid]), 400, 'invalid_argument');
    const text = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/feedback',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectError(text, 400, 'invalid_argument');

    const fields = { category: 'bug', message: 'Here is what I saw on the screen.' };
    const binary = expectError(
      await sendForm({ ...headers, 'accept-language': 'es' }, fields, [
        { name: 'shot.png', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) },
      ]),
      400,
      'feedback_attachment_invalid',
    );
    expect(localizedOf(binary)?.message).toContain('Adjunta como máximo 3 archivos');
    expectError(
      await sendForm(headers, fields, [
        { name: 'icon.svg', bytes: Buffer.from('<svg onload="alert(1)"/>\u0000') },
      ]),
      400,
      'feedback_attachment_invalid',
    );
    expectError(
      await sendForm(
        headers,
        fields,
        [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, bytes: png })),
      ),
      400,
      'feedback_attachment_invalid',
    );
    expectError(
      await sendForm(headers, fields, [
        { name: 'big.txt', bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) },
      ]),
      400,
      'feedback_attachment_invalid',
    );
    expectError(
      await sendForm(headers, fields, [{ field: 'file', name: 'a.png', bytes: png }]),
      400,
      'invalid_argument',
    );
    expectError(await sendForm(headers, { ...fields, role: 'admin' }, []), 400, 'invalid_argument');
    expectError(
      await sendForm(headers, { ...fields, category: 'spam' }, []),
      400,
      'invalid_argument',
    );
    expect(await t.container.feedback.list({ limit: 10 })).toEqual([]);
    // Nothing half-stored: the blobs of a refused form hold no reference.
    expect((await t.container.blobRecords.find(sha256Of(png)))?.refCount ?? 0).toBe(0);
  });

  it('limits feedback per member and per address over 24 hours', async () => {
    const clock = testClock('2030-01-01T00:00:00.000Z');
    t = await buildTestApp(
      dialect,
      { FEEDBACK_MAX_PER_MEMBER: '2', FEEDBACK_MAX_PER_ADDRESS: '3' },
      { now: clock.now },
    );
    const first = await signedInMember(t);
    const second = await signedInMember(t);
    const body = { category: 'other', message: 'Thank you for building this drive!' };
    ok(await sendJson(first.headers, body));
    clock.advance(10 * 60 * 1000);
    ok(await sendJson(first.headers, body));
    // From another address too: the member is at the limit until the first one is 24 hours old.
    const limited = await sendJson(first.headers, body, '198.51.100.1');
    expectError(limited, 429, 'too_many_requests');
    expect(limited.headers['retry-after']).toBe(String(24 * 60 * 60 - 10 * 60));
    // Another member from the same address: one more, then the address is at its limit.
    ok(await sendJson(second.headers, body));
    expectError(await sendJson(second.headers, body), 429, 'too_many_requests');
    ok(await sendJson(second.headers, body, '198.51.100.2'));
    clock.advance((23 * 60 + 50) * 60 * 1000 + 1000);
    // The oldest of the member's two left the window (the access token expired meanwhile).
    const token = await signIn(t, first.user.email, first.user.password);
    ok(await sendJson({ authorization: `Bearer ${token.access_token}` }, body, '198.51.100.3'));
  });
});

describe.each(dialects)('subscribing again on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('reads a link without writing, unsubscribes on the call, and subscribes again with the same link', async () => {
    t = await buildTestApp(dialect);
    const activities = t.container.membershipActivities;
    const d = activities.unsubscribeToken('Ana.Member@Example.com', 'newsletter');
    const query = `d=${encodeURIComponent(d)}`;
    const state = () => t.app.inject({ method: 'GET', url: `/mail/v1/subscription?${query}` });

    const first = ok<{ email: string; scene: string; subscribed: boolean }>(await state());
    expect(first).toMatchObject({ result: 'ACCEPTED', scene: 'newsletter', subscribed: true });
    expect(first.email).not.toContain('ana.member');
    expect(await activities.isUnsubscribed('ana.member@example.com', 'newsletter')).toBe(false);

    ok(await t.app.inject({ method: 'GET', url: `/mail/v1/unsubscribe?${query}` }));
    expect(ok<{ subscribed: boolean }>(await state()).subscribed).toBe(false);

    const again = await t.app.inject({
      method: 'POST',
      url: '/mail/v1/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ d }),
    });
    expect(ok<{ subscribed: boolean; scene: string }>(again)).toMatchObject({
      subscribed: true,
      scene: 'newsletter',
    });
    expect(await activities.isUnsubscribed('ana.member@example.com', 'newsletter')).toBe(false);
    expect(ok<{ subscribed: boolean }>(await state()).subscribed).toBe(true);
    // Once more changes nothing.
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/mail/v1/subscribe',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ d }),
      }),
    );
  });

  it('refuses altered, cut and malformed links on both calls', async () => {
    t = await buildTestApp(dialect);
    const d = t.container.membershipActivities.unsubscribeToken('bob@example.com', 'activity');
    const [, mac = ''] = d.split('.');
    const forged = `${Buffer.from(JSON.stringify({ e: 'eve@example.com', s: 'activity' })).toString('base64url')}.${mac}`;
    await t.container.membershipActivities.unsubscribe(d);
    for (const bad of [forged, d.slice(0, -2), 'abc']) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/mail/v1/subscription?d=${encodeURIComponent(bad)}`,
        headers: { 'accept-language': 'ko' },
      });
      expect(read.statusCode).toBe(400);
      expect(localizedOf(errorOf(read))).toMatchObject({
        locale: 'ko',
        message: '유효하지 않은 수신 거부 링크입니다',
      });
      const write = await t.app.inject({
        method: 'POST',
        url: '/mail/v1/subscribe',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ d: bad }),
      });
      expect(errorOf(write).error).toBe('unsubscribe_link_invalid');
    }
    expect(
      await t.container.membershipActivities.isUnsubscribed('bob@example.com', 'activity'),
    ).toBe(true);
    for (const payload of [
      '{}',
      JSON.stringify({ d, extra: 1 }),
      JSON.stringify({ d: 'a'.repeat(2000) }),
      'not json',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/mail/v1/subscribe',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/mail/v1/subscription' });
    expect(errorOf(missing).error).toBe('invalid_argument');
  });
});
