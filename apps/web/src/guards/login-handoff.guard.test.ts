import { describe, expect, it } from 'vitest';
import { loginHandoffCookies, loginSceneOf } from './login-handoff.guard';

describe('login hand-off guard', () => {
  it('keeps code, state and the optional parameters in a 10-minute HttpOnly cookie', () => {
    const url = new URL(
      'https://nimbus.example.com/drive/all?code=abc&state=xyz&scope=user%20pan&bridge_auth=1&from_source=desktop&port=1f90&other=no',
    );
    const [info, scene] = loginHandoffCookies(url);
    expect(info).toMatchObject({ name: 'oauth_info', maxAge: 600, httpOnly: true });
    expect(JSON.parse(info?.value ?? '')).toEqual({
      code: 'abc',
      state: 'xyz',
      scope: 'user pan',
      bridge_auth: '1',
      from_source: 'desktop',
      port: '1f90',
    });
    expect(scene).toMatchObject({ name: 'login_scene', value: 'official_page', maxAge: 600 });
  });

  it('never keeps a code_verifier of the query', () => {
    const [info] = loginHandoffCookies(
      new URL('https://nimbus.example.com/s/abc?code=c&state=s&code_verifier=attacker-verifier'),
    );
    expect(JSON.parse(info?.value ?? '')).toEqual({ code: 'c', state: 's' });
  });

  it('records the share page scene when the URL contains /s/', () => {
    const cookies = loginHandoffCookies(
      new URL('https://nimbus.example.com/s/abc123?code=c&state=s'),
    );
    expect(cookies[1]?.value).toBe('share_page');
    expect(loginSceneOf('/ja/s/abc')).toBe('share_page');
    expect(loginSceneOf('/drive/all')).toBe('official_page');
  });

  it('does nothing without both code and state', () => {
    expect(loginHandoffCookies(new URL('https://nimbus.example.com/?code=abc'))).toEqual([]);
    expect(loginHandoffCookies(new URL('https://nimbus.example.com/?state=abc'))).toEqual([]);
  });

  it('keeps a loopback hand-off (port and state, no code) and sets the pending marker', () => {
    const cookies = loginHandoffCookies(
      new URL('https://nimbus.example.com/?port=1f90&from_source=desktop&state=s1'),
    );
    expect(JSON.parse(cookies[0]?.value ?? '')).toEqual({
      state: 's1',
      port: '1f90',
      from_source: 'desktop',
    });
    expect(cookies[2]).toMatchObject({ name: 'oauth_pending', value: '1' });
  });

  it('leaves codes landing on /auth-success to the app that asked for them', () => {
    expect(
      loginHandoffCookies(new URL('https://n.example.com/auth-success?code=c&state=s')),
    ).toEqual([]);
    expect(
      loginHandoffCookies(new URL('https://n.example.com/ko/auth-success?code=c&state=s')),
    ).toEqual([]);
  });
});
