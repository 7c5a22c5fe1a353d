import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, makeUser, testClock, type TestApp } from '../helper';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';
import { solvedCaptchaToken, withChallenge, type CaptchaClient } from '../support/captcha';

/*
 * Mailed codes: one client asking codes for an address spends only its own share of them, never
 * the owner's. Others get a code with a solved challenge once the address has been asked for
 * often, the client that asked stays refused, and a ceiling per day bounds what reaches the inbox.
 * An address without an account is counted and answered the same way, and is mailed nothing.
 */

const action = 'POST:/v1/auth/verification';
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

/** The outcome of a request: `sent`, or the error reason. */
function outcomeOf(response: LightMyRequestResponse): string {
  return response.statusCode === 200 ? 'sent' : errorOf(response).error;
}

describe.each(dialects)('verification code limits on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('keeps one client from spending the codes of an address, and bounds its codes per day', async () => {
    const clock = testClock();
    // The defaults of the limits but the daily ceiling, made small to reach; a small proof of work.
    t = await buildTestApp(
      dialect,
      {
        SMTP_URL: mail.url,
        VERIFICATION_MAX_PER_EMAIL_PER_DAY: '12',
        SHIELD_POW_MAX_COUNTER: '2000',
        SHIELD_INIT_MAX_PER_DEVICE: '200',
        SHIELD_INIT_MAX_PER_ADDRESS: '200',
      },
      { now: clock.now },
    );
    const member = await makeUser(t);
    let clients = 0;
    const freshClient = (): CaptchaClient => {
      clients += 1;
      return { deviceId: clients.toString(16).padStart(32, 'f'), address: `198.18.0.${clients}` };
    };
    const send = (email: string, client: CaptchaClient, captchaToken?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/verification',
        remoteAddress: client.address,
        headers: { 'x-device-id': client.deviceId },
        payload: {
          email,
          target: 'USER',
          usage: 'PASSWORD_RESET',
          client_id: 'web',
          ...(captchaToken ? { captcha_token: captchaToken } : {}),
        },
      });
    /** A request as a determined client makes it: with a solved challenge whenever one is asked. */
    const ask = async (email: string, client: CaptchaClient) =>
      outcomeOf(
        await withChallenge(t, client, { action, meta: { email } }, (token) =>
          send(email, client, token),
        ),
      );

    /** The same story for an address: what each step answered. */
    async function story(email: string): Promise<Record<string, unknown>> {
      const attacker = freshClient();
      const byAttacker: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        byAttacker.push(await ask(email, attacker));
      }
      const refused = await send(email, attacker);
      // Another client (fresh address and device): a challenge, then a code.
      const owner = freshClient();
      const ownerFirst = outcomeOf(await send(email, owner));
      const ownerSolved = await ask(email, owner);
      // The attacker with a solved challenge stays refused, and so does its address with another
      // device, and its device from another address.
      const attackerSolved = outcomeOf(
        await send(email, attacker, await solvedCaptchaToken(t, attacker, action, { email })),
      );
      const otherDevice = await ask(email, { ...attacker, deviceId: 'c'.repeat(32) });
      const otherAddress = await ask(email, { ...attacker, address: '192.0.2.99' });
      // Many clients, each solving challenges, reach the daily ceiling of 12 and no further.
      const spread: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const client = freshClient();
        for (let j = 0; j < 3; j += 1) {
          spread.push(await ask(email, client));
        }
      }
      clock.advance(16 * 60_000);
      const nextWindow = await ask(email, freshClient());
      const returning = await ask(email, attacker);
      clock.advance(24 * 3_600_000);
      const nextDay = await ask(email, freshClient());
      return {
        byAttacker,
        refused: [refused.statusCode, Number(refused.headers['retry-after']) > 0],
        ownerFirst,
        ownerSolved,
        attackerSolved,
        otherDevice,
        otherAddress,
        spread,
        nextWindow,
        returning,
        nextDay,
      };
    }

    const known = await story(member.email);
    expect(known).toEqual({
      byAttacker: [
        'sent',
        'sent',
        'sent',
        'sent',
        'sent',
        'too_many_requests',
        'too_many_requests',
      ],
      refused: [429, true],
      ownerFirst: 'captcha_required',
      ownerSolved: 'sent',
      attackerSolved: 'too_many_requests',
      otherDevice: 'too_many_requests',
      otherAddress: 'too_many_requests',
      // 6 sent so far: 6 more reach the ceiling of 12.
      spread: [
        'sent',
        'sent',
        'sent',
        'sent',
        'sent',
        'sent',
        'too_many_requests',
        'too_many_requests',
        'too_many_requests',
      ],
      nextWindow: 'too_many_requests',
      returning: 'too_many_requests',
      nextDay: 'sent',
    });
    const before = mail.mails.length;
    const unknown = await story('nobody-here@example.com');
    expect(unknown).toEqual(known);

    // The member's mailbox got each code sent and no more; the address without an account got nothing.
    await mail.waitFor(member.email, 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.mails.filter((each) => each.to === member.email)).toHaveLength(13);
    expect(
      mail.mails.slice(before).filter((each) => each.to === 'nobody-here@example.com'),
    ).toEqual([]);
  });

  it('keeps one client address under its own daily limit, window after window, so it alone never reaches the ceiling', async () => {
    const clock = testClock();
    t = await buildTestApp(dialect, { SMTP_URL: mail.url }, { now: clock.now });
    const client: CaptchaClient = { deviceId: 'a'.repeat(32), address: '203.0.113.7' };
    const send = (email: string, from: CaptchaClient) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/verification',
        remoteAddress: from.address,
        headers: { 'x-device-id': from.deviceId },
        payload: { email, target: 'ANY', usage: 'REGISTER', client_id: 'web' },
      });
    const outcomes: string[] = [];
    for (let window = 0; window < 3; window += 1) {
      for (let i = 0; i < 6; i += 1) {
        // A new device each time: the client address alone is held.
        outcomes.push(
          outcomeOf(
            await send('busy@example.com', {
              ...client,
              deviceId: `${window}${i}`.padStart(32, 'b'),
            }),
          ),
        );
      }
      clock.advance(16 * 60_000);
    }
    const sent = (count: number) => Array.from({ length: count }, () => 'sent');
    const refused = (count: number) => Array.from({ length: count }, () => 'too_many_requests');
    expect(outcomes).toEqual([...sent(5), ...refused(1), ...sent(5), ...refused(7)]);
    expect(
      outcomeOf(
        await send('busy@example.com', { deviceId: 'c'.repeat(32), address: '198.51.100.20' }),
      ),
    ).toBe('sent');
  });
});
