import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { createWindowLimiter } from '../../lib/window-limiter';
import type { TwoFactorRepository, TwoFactorRow } from './two-factor.repository';
import { createTwoFactorService } from './two-factor.service';
import type { UserRow } from './user.repository';

/** A hand-written fake of the repository: rows and codes in maps. */
function fakeRepository(): TwoFactorRepository {
  const rows = new Map<string, TwoFactorRow>();
  const codes = new Map<string, { userId: string; hash: string; usedAt: string | null }[]>();
  return {
    find: (userId) => Promise.resolve(rows.get(userId)),
    savePending: (userId, secretBox, now) => {
      const stamp = now.toISOString();
      rows.set(userId, {
        user_id: userId,
        secret_box: secretBox,
        enabled_at: null,
        last_step: 0,
        created_at: stamp,
        updated_at: stamp,
      });
      return Promise.resolve();
    },
    useStep: (userId, step) => {
      const row = rows.get(userId);
      if (!row || row.last_step >= step) {
        return Promise.resolve(false);
      }
      row.last_step = step;
      return Promise.resolve(true);
    },
    enable: (userId, now) => {
      const row = rows.get(userId);
      if (row) {
        row.enabled_at = now.toISOString();
      }
      return Promise.resolve();
    },
    remove: (userId) => {
      rows.delete(userId);
      codes.delete(userId);
      return Promise.resolve();
    },
    replaceRecoveryCodes: (userId, list) => {
      codes.set(
        userId,
        list.map((code) => ({ userId, hash: code.codeHash, usedAt: null })),
      );
      return Promise.resolve();
    },
    useRecoveryCode: (userId, codeHash, now) => {
      const code = codes
        .get(userId)
        ?.find((each) => each.hash === codeHash && each.usedAt === null);
      if (code) {
        code.usedAt = now.toISOString();
      }
      return Promise.resolve(code !== undefined);
    },
    countUnusedRecoveryCodes: (userId) =>
      Promise.resolve((codes.get(userId) ?? []).filter((each) => each.usedAt === null).length),
  };
}

function setup() {
  let now = Date.parse('2030-01-01T00:00:00.000Z');
  const clock = () => new Date(now);
  const user = { id: 'u1', email: 'kim@example.com', password_hash: 'hash:right' } as UserRow;
  const service = createTwoFactorService({
    twoFactors: fakeRepository(),
    users: { findById: (id) => Promise.resolve(id === user.id ? user : undefined) },
    hasher: { verify: (hash, password) => Promise.resolve(hash === `hash:${password}`) },
    limiter: createWindowLimiter({ now: clock }),
    secretKey: new Uint8Array(randomBytes(32)),
    recoveryKey: new Uint8Array(randomBytes(32)),
    issuer: 'Nimbus Test',
    limit: { max: 1000, windowMs: 60_000 },
    now: clock,
  });
  return {
    service,
    advance(ms: number) {
      now += ms;
    },
    codeAt(secret: string, offsetMs = 0) {
      return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
        timestamp: now + offsetMs,
      });
    },
  };
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'passed';
  } catch (error) {
    return error instanceof AppError ? error.reason : 'thrown';
  }
}

describe('two-factor service', () => {
  it('names the issuer and the member in the otpauth URI', async () => {
    const { service } = setup();
    const { otpauthUri, secret } = await service.setUp('u1');
    expect(otpauthUri).toBe(
      `otpauth://totp/Nimbus%20Test:kim%40example.com?issuer=Nimbus%20Test&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('accepts a code of the step before or after, for drifting clocks, but not two steps away', async () => {
    const t = setup();
    const { secret } = await t.service.setUp('u1');
    await t.service.confirm('u1', t.codeAt(secret));
    t.advance(300_000);
    expect(await t.service.checkSignIn('u1', { code: t.codeAt(secret, -60_000) })).toBe(
      'invalid_code',
    );
    expect(await t.service.checkSignIn('u1', { code: t.codeAt(secret, -30_000) })).toBe('passed');
    expect(await t.service.checkSignIn('u1', { code: t.codeAt(secret, 30_000) })).toBe('passed');
    // Step +1 was used, so the code of now (an earlier step) is a replay.
    expect(await t.service.checkSignIn('u1', { code: t.codeAt(secret) })).toBe('invalid_code');
    expect(await t.service.checkSignIn('u1', { code: t.codeAt(secret, 60_000) })).toBe(
      'invalid_code',
    );
  });

  it('says off, required, passed or invalid, and spends recovery codes once, in any case or spacing', async () => {
    const t = setup();
    expect(await t.service.checkSignIn('u1', {})).toBe('off');
    const { secret } = await t.service.setUp('u1');
    expect(await t.service.checkSignIn('u1', {})).toBe('off');
    const codes = await t.service.confirm('u1', t.codeAt(secret));
    expect(await t.service.checkSignIn('u1', {})).toBe('required');
    const [first = ''] = codes;
    expect(
      await t.service.checkSignIn('u1', {
        recoveryCode: ` ${first.toUpperCase().replace('-', ' ')} `,
      }),
    ).toBe('passed');
    expect(await t.service.checkSignIn('u1', { recoveryCode: first })).toBe('invalid_recovery');
    expect((await t.service.status('u1')).recoveryCodesLeft).toBe(9);
  });

  it('refuses changes without a right proof, with the reason of the proof given', async () => {
    const t = setup();
    const { secret } = await t.service.setUp('u1');
    expect(await reasonOf(t.service.confirm('u1', 'abcdef'))).toBe('invalid_two_factor');
    await t.service.confirm('u1', t.codeAt(secret));
    expect(await reasonOf(t.service.disable('u1', { password: 'wrong' }))).toBe('invalid_password');
    expect(await reasonOf(t.service.disable('u1', { recoveryCode: 'nope' }))).toBe(
      'invalid_two_factor_recovery',
    );
    expect(await reasonOf(t.service.disable('u1', {}))).toBe('invalid_argument');
    expect(await reasonOf(t.service.regenerateRecoveryCodes('u1', { recoveryCode: 'x' }))).toBe(
      'invalid_argument',
    );
    expect(await reasonOf(t.service.setUp('u1'))).toBe('failed_precondition');
    expect(await reasonOf(t.service.disable('u1', { password: 'right' }))).toBe('passed');
    expect(await reasonOf(t.service.disable('u1', { password: 'right' }))).toBe(
      'failed_precondition',
    );
    expect(await reasonOf(t.service.setUp('ghost'))).toBe('unauthenticated');
  });
});
