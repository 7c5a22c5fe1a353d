import { describe, expect, it } from 'vitest';
import {
  captchaResultMessageType,
  parseCaptchaResult,
  parseResponsiveLayout,
} from './captcha-modal';

describe('parseCaptchaResult', () => {
  it('reads the solution that /loading posts', () => {
    expect(
      parseCaptchaResult({
        type: captchaResultMessageType,
        captcha_token: 'tok',
        expires_in: 300,
        state: 's1',
      }),
    ).toEqual({
      type: captchaResultMessageType,
      captcha_token: 'tok',
      expires_in: 300,
      state: 's1',
    });
  });

  it('ignores other messages', () => {
    expect(parseCaptchaResult(null)).toBeUndefined();
    expect(parseCaptchaResult('nimbus')).toBeUndefined();
    expect(
      parseCaptchaResult({ type: 'other', captcha_token: 't', expires_in: 1, state: 's' }),
    ).toBeUndefined();
    expect(
      parseCaptchaResult({
        type: captchaResultMessageType,
        captcha_token: 't',
        expires_in: '300',
        state: 's',
      }),
    ).toBeUndefined();
  });
});

describe('parseResponsiveLayout', () => {
  it('reads a size, capped at 2000 px', () => {
    expect(parseResponsiveLayout({ type: 'responsive-layout', width: 360, height: 500 })).toEqual({
      width: 360,
      height: 500,
    });
    expect(
      parseResponsiveLayout({ type: 'responsive-layout', width: 9000, height: '480' }),
    ).toEqual({
      width: 2000,
      height: 480,
    });
  });

  it('ignores other messages and sizes that are not positive', () => {
    expect(
      parseResponsiveLayout({ type: 'responsive-layout', width: 0, height: 10 }),
    ).toBeUndefined();
    expect(parseResponsiveLayout({ width: 300, height: 400 })).toBeUndefined();
    expect(parseResponsiveLayout(undefined)).toBeUndefined();
  });
});
