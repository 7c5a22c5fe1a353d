import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { AppError } from '../../http/app-error';
import {
  createOAuthClientRegistry,
  deviceCodeGrantType,
  matchesRedirectUri,
} from './oauth-clients';

describe('redirect URI matching', () => {
  const registered = [
    'https://app.example/cb',
    'http://127.0.0.1/oauth/callback',
    'http://[::1]/oauth/callback',
    'com.nimbus.app:/oauth/callback',
  ];

  it.each([
    ['an exact https URI', 'https://app.example/cb'],
    ['an app scheme URI', 'com.nimbus.app:/oauth/callback'],
    ['a loopback URI with a port', 'http://127.0.0.1:49152/oauth/callback'],
    ['the IPv6 loopback with a port', 'http://[::1]:1/oauth/callback'],
    ['a loopback URI without a port, as registered', 'http://127.0.0.1/oauth/callback'],
  ])('accepts %s', (_case, requested) => {
    expect(matchesRedirectUri(registered, requested)).toBe(true);
  });

  it.each([
    ['another path', 'https://app.example/cb/'],
    ['another case', 'https://APP.example/cb'],
    ['an added query', 'https://app.example/cb?x=1'],
    ['a port on a non-loopback host', 'https://app.example:8443/cb'],
    ['localhost', 'http://localhost:8080/oauth/callback'],
    ['user info', 'http://127.0.0.1:80@evil.example/oauth/callback'],
    ['a default port spelled out on https', 'https://app.example:443/cb'],
    ['a dot segment', 'http://127.0.0.1:8080/oauth/../oauth/callback'],
    ['an encoded path', 'http://127.0.0.1:8080/oauth%2Fcallback'],
    ['a fragment', 'http://127.0.0.1:8080/oauth/callback#frag'],
    ['leading zeros in the port', 'http://127.0.0.1:08080/oauth/callback'],
    ['not a URL', 'callback'],
  ])('refuses %s', (_case, requested) => {
    expect(matchesRedirectUri(registered, requested)).toBe(false);
  });
});

describe('the client registry', () => {
  it('registers the default clients from PUBLIC_URL', () => {
    const registry = createOAuthClientRegistry({
      clientIds: ['web', 'tv', 'desktop', 'extension', 'android', 'ios', 'kiosk'],
      overrides: {},
      publicUrl: 'https://drive.example',
    });
    expect(registry.get('web')).toMatchObject({
      type: 'public',
      redirectUris: ['https://drive.example/auth-success'],
    });
    expect(registry.get('tv').grantTypes).toEqual([deviceCodeGrantType, 'refresh_token']);
    expect(registry.get('desktop').redirectUris).toContain('http://127.0.0.1/oauth/callback');
    // An id with no built-in registration may only refresh.
    expect(registry.get('kiosk')).toMatchObject({
      name: 'kiosk',
      grantTypes: ['refresh_token'],
      redirectUris: [],
    });
    expect(registry.all()).toHaveLength(7);
  });

  it('applies overrides field by field', () => {
    const registry = createOAuthClientRegistry({
      clientIds: ['tv', 'desktop'],
      overrides: { desktop: { type: 'public', scopes: ['user'] } },
      publicUrl: 'https://drive.example',
    });
    expect(registry.get('desktop')).toMatchObject({
      scopes: ['user'],
      grantTypes: ['authorization_code', 'refresh_token'],
    });
  });

  it('answers unauthorized_client for unknown ids and grants a client may not use', () => {
    const registry = createOAuthClientRegistry({
      clientIds: ['tv'],
      overrides: {},
      publicUrl: 'https://drive.example',
    });
    expect(() => registry.get('web')).toThrow(AppError);
    expect(() => registry.getForGrant('tv', 'authorization_code')).toThrowError(/may not use/);
    expect(registry.getForGrant('tv', deviceCodeGrantType).id).toBe('tv');
  });
});

describe('OAUTH_CLIENTS', () => {
  it('parses a JSON registration', () => {
    const config = loadConfig({
      AUTH_CLIENTS: 'web,partner',
      OAUTH_CLIENTS: JSON.stringify({
        partner: {
          type: 'confidential',
          secret: 'x'.repeat(32),
          redirect_uris: ['https://partner.example/cb'],
        },
      }),
    });
    expect(config.OAUTH_CLIENTS.partner).toMatchObject({
      type: 'confidential',
      redirect_uris: ['https://partner.example/cb'],
    });
    expect(config.OAUTH_CODE_TTL_SECONDS).toBe(60);
    expect(config.DEVICE_CODE_TTL_SECONDS).toBe(600);
    expect(config.DEVICE_CODE_INTERVAL_SECONDS).toBe(5);
  });

  it.each([
    ['not JSON', '{', /must be a JSON object/],
    ['a client missing from AUTH_CLIENTS', '{"robot":{}}', /robot is not in AUTH_CLIENTS/],
    ['a confidential client without a secret', '{"web":{"type":"confidential"}}', /needs a secret/],
    [
      'plain http off the loopback',
      '{"web":{"redirect_uris":["http://drive.example/cb"]}}',
      /https, loopback http/,
    ],
    [
      'a redirect URI with a fragment',
      '{"web":{"redirect_uris":["https://drive.example/cb#x"]}}',
      /without fragment/,
    ],
    [
      'a javascript: URI',
      '{"web":{"redirect_uris":["javascript:alert(1)"]}}',
      /https, loopback http/,
    ],
    ['an unknown grant', '{"web":{"grant_types":["password"]}}', /OAUTH_CLIENTS/],
    ['an unknown field', '{"web":{"redirect_uri":"https://x"}}', /OAUTH_CLIENTS/],
  ])('fails fast on %s', (_case, value, message) => {
    let caught: unknown;
    try {
      loadConfig({ OAUTH_CLIENTS: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toMatch(message);
  });
});
