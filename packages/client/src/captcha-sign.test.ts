import { describe, expect, it } from 'vitest';
import { createCaptchaSign, createSignedCaptchaMeta } from './captcha-sign';

const salts = [
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
const input = {
  clientId: 'desktop',
  clientVersion: '2.0.1',
  packageName: 'app.nimbus.desktop',
  deviceId: '0123456789abcdef0123456789abcdef',
  timestamp: '1893456000000',
};

describe('captcha_sign', () => {
  it('is "1." and the md5 chain of the fields over each salt in order', () => {
    // Computed with Node's crypto md5 over the chain the server checks (docs/api.md#user-service).
    expect(createCaptchaSign(input, salts)).toBe('1.d468e0618a267414e89dc5e77d3fbb92');
  });

  it('matches a known md5 for one salt', () => {
    // md5("abc") is the RFC 1321 test vector.
    expect(
      createCaptchaSign(
        { clientId: 'a', clientVersion: '', packageName: '', deviceId: '', timestamp: '' },
        ['bc'],
      ),
    ).toBe('1.900150983cd24fb0d6963f7d28e17f72');
  });

  it('changes with the salt order, any field, and non-ASCII text alike on both sides', () => {
    const sign = createCaptchaSign(input, salts);
    expect(createCaptchaSign(input, [...salts].reverse())).not.toBe(sign);
    expect(createCaptchaSign({ ...input, timestamp: '1893456000001' }, salts)).not.toBe(sign);
    const unicode = { ...input, packageName: '雲.ドライブ' };
    expect(createCaptchaSign(unicode, salts)).toBe('1.034136a9cb42d6aed039f9001b676637');
  });

  it('builds the signed meta with the timestamp it signed', () => {
    const meta = createSignedCaptchaMeta(
      { ...input, userId: 'u1', now: 1_893_456_000_000.7 },
      salts,
    );
    expect(meta).toEqual({
      captcha_sign: createCaptchaSign(input, salts),
      client_version: '2.0.1',
      package_name: 'app.nimbus.desktop',
      user_id: 'u1',
      timestamp: '1893456000000',
    });
  });
});
