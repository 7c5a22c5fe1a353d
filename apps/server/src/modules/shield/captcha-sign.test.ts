import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCaptchaSign, computeCaptchaSign } from './captcha-sign';

const salts = ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'];
const input = {
  clientId: 'android',
  clientVersion: '1.2.3',
  packageName: 'app.nimbus.drive',
  deviceId: 'a'.repeat(32),
  timestamp: '1893456000000',
};
const now = new Date(1_893_456_000_000);

describe('captcha_sign', () => {
  it('is "1." and the md5 chain over the fields and each salt in order', () => {
    let value = `android1.2.3app.nimbus.drive${'a'.repeat(32)}1893456000000`;
    for (const salt of salts) {
      value = createHash('md5')
        .update(value + salt)
        .digest('hex');
    }
    expect(computeCaptchaSign(input, salts)).toBe(`1.${value}`);
    expect(computeCaptchaSign(input, salts)).toMatch(/^1\.[0-9a-f]{32}$/);
  });

  it('gives the same signature as the signer of @nimbus/client (shared test vector)', () => {
    const shared = {
      clientId: 'desktop',
      clientVersion: '2.0.1',
      packageName: 'app.nimbus.desktop',
      deviceId: '0123456789abcdef0123456789abcdef',
      timestamp: '1893456000000',
    };
    const sharedSalts = [
      'alpha',
      'beta',
      'gamma',
      'delta',
      'epsilon',
      'zeta',
      'eta',
      'theta',
      'iota',
      'kappa',
    ];
    expect(computeCaptchaSign(shared, sharedSalts)).toBe('1.d468e0618a267414e89dc5e77d3fbb92');
    expect(computeCaptchaSign({ ...shared, packageName: '雲.ドライブ' }, sharedSalts)).toBe(
      '1.034136a9cb42d6aed039f9001b676637',
    );
  });

  it('accepts a good signature within the window', () => {
    const sign = computeCaptchaSign(input, salts);
    expect(checkCaptchaSign(sign, input, salts, { now, windowSeconds: 300 })).toBeUndefined();
    expect(
      checkCaptchaSign(sign, input, salts, {
        now: new Date(now.getTime() + 299_000),
        windowSeconds: 300,
      }),
    ).toBeUndefined();
  });

  it('refuses a wrong salt, a changed field, a stale or odd timestamp and a client without salts', () => {
    const sign = computeCaptchaSign(input, salts);
    const otherSalts = [...salts.slice(0, 9), 'x9'];
    expect(checkCaptchaSign(sign, input, otherSalts, { now, windowSeconds: 300 })).toBe('mismatch');
    expect(
      checkCaptchaSign(sign, { ...input, deviceId: 'b'.repeat(32) }, salts, {
        now,
        windowSeconds: 300,
      }),
    ).toBe('mismatch');
    expect(
      checkCaptchaSign(sign, input, salts, {
        now: new Date(now.getTime() + 301_000),
        windowSeconds: 300,
      }),
    ).toBe('stale');
    expect(
      checkCaptchaSign(sign, { ...input, timestamp: 'yesterday' }, salts, {
        now,
        windowSeconds: 300,
      }),
    ).toBe('bad_timestamp');
    expect(checkCaptchaSign(sign, input, undefined, { now, windowSeconds: 300 })).toBe('no_salts');
    expect(checkCaptchaSign(`${sign}0`, input, salts, { now, windowSeconds: 300 })).toBe(
      'mismatch',
    );
  });
});
