import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  captchaStorageKey,
  createCaptchaManager,
  createCaptchaRecord,
  createChallengeState,
  defaultCaptchaAction,
  isCaptchaRecordValid,
  readCaptchaRecord,
  withChallengeParams,
} from './captcha';
import type { CaptchaInitAnswer, CaptchaManagerOptions } from './captcha';
import { createMemoryStorage } from './storage';

describe('captcha names', () => {
  it('store tokens under captcha_ and the client', () => {
    expect(captchaStorageKey('web')).toBe('captcha_web');
    expect(captchaStorageKey('web', 'tv')).toBe('captcha_web_tv');
  });

  it('default the action to METHOD:/path without the query', () => {
    expect(defaultCaptchaAction('post', '/v1/auth/signin?x=1')).toBe('POST:/v1/auth/signin');
    expect(defaultCaptchaAction('GET', '/drive/v1/share#a')).toBe('GET:/drive/v1/share');
  });
});

describe('captcha records', () => {
  it('expire 30 s before the server lifetime', () => {
    const record = createCaptchaRecord(
      { action: 'a', meta: {}, captcha_token: 't', expires_in: 300 },
      1000,
    );
    expect(record.expires_at).toBe(1000 + 270_000);
    expect(isCaptchaRecordValid(record, 'a', 1000 + 269_999)).toBe(true);
    expect(isCaptchaRecordValid(record, 'a', 1000 + 270_000)).toBe(false);
  });

  it('are never valid when the lifetime is 30 s or less', () => {
    const record = createCaptchaRecord(
      { action: 'a', meta: {}, captcha_token: 't', expires_in: 20 },
      1000,
    );
    expect(record.expires_at).toBe(1000);
    expect(isCaptchaRecordValid(record, 'a', 1000)).toBe(false);
  });

  it('are valid only for their action and with a token', () => {
    const record = createCaptchaRecord(
      { action: 'a', meta: {}, captcha_token: 't', expires_in: 300 },
      0,
    );
    expect(isCaptchaRecordValid(record, 'b', 0)).toBe(false);
    expect(isCaptchaRecordValid({ ...record, captcha_token: '' }, 'a', 0)).toBe(false);
  });

  it('are read back only when well-formed', () => {
    const storage = createMemoryStorage({
      good: JSON.stringify({
        action: 'a',
        meta: { k: 'v' },
        captcha_token: 't',
        expires_in: 60,
        expires_at: 5,
      }),
      broken: '{',
      wrong: JSON.stringify({
        action: 'a',
        meta: { k: 1 },
        captcha_token: 't',
        expires_in: 60,
        expires_at: 5,
      }),
      plain: '"text"',
    });
    expect(readCaptchaRecord(storage, 'good')).toEqual({
      action: 'a',
      meta: { k: 'v' },
      captcha_token: 't',
      expires_in: 60,
      expires_at: 5,
    });
    expect(readCaptchaRecord(storage, 'broken')).toBeUndefined();
    expect(readCaptchaRecord(storage, 'wrong')).toBeUndefined();
    expect(readCaptchaRecord(storage, 'plain')).toBeUndefined();
    expect(readCaptchaRecord(storage, 'missing')).toBeUndefined();
  });
});

describe('withChallengeParams', () => {
  it('appends redirect_uri and state before the fragment', () => {
    expect(
      withChallengeParams('https://c.example/p?a=1#frag', {
        redirectUri: 'https://n.example/loading',
        state: 's 1',
      }),
    ).toBe('https://c.example/p?a=1&redirect_uri=https%3A%2F%2Fn.example%2Floading&state=s+1#frag');
    expect(withChallengeParams('/challenge', { redirectUri: '/loading', state: 'x' })).toBe(
      '/challenge?redirect_uri=%2Floading&state=x',
    );
  });

  it('replaces values already there', () => {
    expect(
      withChallengeParams('https://c.example/?state=old', { redirectUri: 'r', state: 'new' }),
    ).toBe('https://c.example/?state=new&redirect_uri=r');
  });

  it('uses a fresh random state', () => {
    expect(createChallengeState()).not.toBe(createChallengeState());
  });
});

describe('the captcha manager', () => {
  function manager(answers: CaptchaInitAnswer[], overrides: Partial<CaptchaManagerOptions> = {}) {
    const init = vi.fn((_request: unknown) => Promise.resolve(answers.shift() ?? {}));
    const storage = createMemoryStorage();
    const captcha = createCaptchaManager({
      clientId: 'web',
      storage,
      storageKey: 'captcha_web',
      getDeviceId: () => 'device',
      init,
      redirectUri: '/loading',
      now: () => 0,
      ...overrides,
    });
    return { captcha, init, storage };
  }

  it('caches a token per action and renews when the action changes', async () => {
    const { captcha, init } = manager([
      { captcha_token: 'a1', expires_in: 300 },
      { captcha_token: 'b1', expires_in: 300 },
    ]);
    expect(await captcha.token('A')).toBe('a1');
    expect(await captcha.token('A')).toBe('a1');
    expect(await captcha.token('B')).toBe('b1');
    expect(init).toHaveBeenCalledTimes(2);
    expect(init.mock.calls[1]?.[0]).toMatchObject({ action: 'B', captcha_token: 'a1' });
  });

  it('reuses a token another call renewed meanwhile', async () => {
    const { captcha, init } = manager([
      { captcha_token: 't1', expires_in: 300 },
      { captcha_token: 't2', expires_in: 300 },
    ]);
    await captcha.token('A');
    const [first, second] = await Promise.all([captcha.renew('A', 't1'), captcha.renew('A', 't1')]);
    expect(first).toBe('t2');
    expect(second).toBe('t2');
    expect(init).toHaveBeenCalledTimes(2);
  });

  it('fails when the service gives no token or a challenge nobody can show', async () => {
    const empty = manager([{}]);
    await expect(empty.captcha.token('A')).rejects.toMatchObject({ error: 'captcha_required' });
    const challenge = manager([{ url: 'https://c.example' }]);
    await expect(challenge.captcha.token('A')).rejects.toBeInstanceOf(ApiError);
  });

  it('forgets its token on clear', async () => {
    const { captcha, storage } = manager([{ captcha_token: 't1', expires_in: 300 }]);
    await captcha.token('A');
    expect(storage.getItem('captcha_web')).not.toBeNull();
    captcha.clear();
    expect(storage.getItem('captcha_web')).toBeNull();
  });
});
