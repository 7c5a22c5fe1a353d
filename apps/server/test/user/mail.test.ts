import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { locales } from '@nimbus/contracts';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { composeMembershipReminder } from '../../src/modules/membership/membership-reminder-mail';
import { composeUserMail } from '../../src/modules/user/mail/user-mail';
import { buildTestApp, dialects, type TestApp } from '../helper';
import { post } from '../identity';
import { codeIn, startMailCatcher, type MailCatcher } from '../mail-catcher';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

describe.each(dialects)('mail on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it.each(locales)('sends the sign-up code over SMTP in %s', async (locale) => {
    t = await buildTestApp(dialect, { SMTP_URL: mail.url });
    const email = `${locale.toLowerCase()}@example.com`;
    const before = mail.mails.length;
    const response = await post(t, '/v1/auth/verification', {
      email,
      usage: 'REGISTER',
      locale,
      client_id: 'web',
    });
    expect(response.statusCode).toBe(200);
    const received = await mail.waitFor(email, before);
    const code = codeIn(received);
    const expected = composeUserMail('register', locale, { code, minutes: '10' });
    expect(received.subject).toBe(expected.subject);
    expect(received.text.trim()).toBe(expected.text);
    if (locale !== 'en-US') {
      expect(received.subject).not.toBe(
        composeUserMail('register', 'en-US', { code, minutes: '10' }).subject,
      );
    }
  });

  it('writes reset mail in the language of Accept-Language when the body names none', async () => {
    t = await buildTestApp(dialect, { SMTP_URL: mail.url });
    const stamp = new Date().toISOString();
    await t.container.users.insert({
      id: 'resetmember00001',
      email: 'reset-me@example.com',
      name: 'R',
      password_hash: null,
      status: 'active',
      frozen_until: null,
      locale: 'en-US',
      picture: '',
      phone_number: '',
      created_at: stamp,
      updated_at: stamp,
    });
    const before = mail.mails.length;
    await post(
      t,
      '/v1/auth/verification',
      { email: 'reset-me@example.com', usage: 'PASSWORD_RESET', target: 'USER', client_id: 'web' },
      { 'accept-language': 'pt-BR,pt;q=0.9' },
    );
    const received = await mail.waitFor('reset-me@example.com', before);
    expect(received.subject).toBe(
      `${codeIn(received)} é o seu código para redefinir a senha do Nimbus`,
    );
  });

  it('writes mail to DATA_DIR/outbox and logs the code when no SMTP server is configured', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    t = await buildTestApp(dialect, {}, { logger: pino({ level: 'info' }, sink) });
    const response = await post(t, '/v1/auth/verification', {
      email: 'laptop@example.com',
      usage: 'REGISTER',
      locale: 'zh-CN',
      client_id: 'web',
    });
    expect(response.statusCode).toBe(200);
    const outbox = path.join(t.config.DATA_DIR, 'outbox');
    let files: string[] = [];
    for (let attempt = 0; attempt < 100 && files.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      files = (await fs.readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.eml'));
    }
    expect(files).toHaveLength(1);
    const raw = await fs.readFile(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toContain('To: laptop@example.com');
    expect(raw).toMatch(/^Subject: /m);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    const entry = logged.find((line) => line.msg.startsWith('mail written to the outbox'));
    expect(entry?.level).toBe(30);
    const code = /register code (\d{6}) for laptop@example\.com/.exec(entry?.msg ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The code in the log is the one in the mail, and it works.
    const verify = await post(t, '/v1/auth/verification/verify', {
      verification_id: response.json<{ verification_id: string }>().verification_id,
      verification_code: code,
      client_id: 'web',
    });
    expect(verify.statusCode).toBe(200);
  });

  it('writes the one-click unsubscribe headers of a reminder over SMTP and into the outbox alike', async () => {
    const reminder = (to: string) =>
      composeMembershipReminder({
        to,
        locale: 'ko',
        expiresAt: '2030-01-31T00:00:00.000Z',
        publicUrl: 'http://nimbus.test',
        unsubscribeToken: t.container.membershipActivities.unsubscribeToken(
          to,
          'membership_reminder',
        ),
      });
    t = await buildTestApp(dialect, { SMTP_URL: mail.url });
    const before = mail.mails.length;
    const sent = reminder('list-smtp@example.com');
    await t.container.mailer.send(sent);
    const received = await mail.waitFor('list-smtp@example.com', before);
    expect(received.headers['list-unsubscribe']).toBe(`<${sent.listUnsubscribe ?? ''}>`);
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(received.subject).toBe(sent.subject);
    expect(received.text.trim()).toBe(sent.text);
    // Transactional mail carries no list headers.
    const plain = mail.mails.length;
    await post(t, '/v1/auth/verification', {
      email: 'plain@example.com',
      usage: 'REGISTER',
      locale: 'en-US',
      client_id: 'web',
    });
    const code = await mail.waitFor('plain@example.com', plain);
    expect(code.headers['list-unsubscribe']).toBeUndefined();
    expect(code.headers['list-unsubscribe-post']).toBeUndefined();
    await t.close();

    t = await buildTestApp(dialect, {});
    const written = reminder('list-outbox@example.com');
    await t.container.mailer.send(written);
    const outbox = path.join(t.config.DATA_DIR, 'outbox');
    const [file] = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'));
    // Header lines may be folded (RFC 5322 §2.2.3): read them unfolded.
    const raw = (await fs.readFile(path.join(outbox, file ?? ''), 'utf8')).replace(
      /\r?\n[ \t]+/g,
      ' ',
    );
    expect(raw).toContain(`List-Unsubscribe: <${written.listUnsubscribe ?? ''}>`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
