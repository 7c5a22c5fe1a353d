import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives a laptop default: port 3000, SQLite under ./data, the site as its own origin', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('');
    expect(config.DATA_DIR).toBe(path.resolve('data'));
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.ALLOWED_ORIGINS).toEqual(['http://localhost:3000']);
    expect(config.WEB).toBe(true);
  });

  it('reads PORT and DATA_DIR and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/nimbus-data', DATABASE_URL: '' });
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('/tmp/nimbus-data');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('normalises lists and origins', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://drive.example.com/some/path',
      ALLOWED_ORIGINS: ' https://app.example.com , https://drive.example.com/',
      ACCESS_BLOCKED_COUNTRIES: 'kp, ir',
      WEB: 'off',
    });
    expect(config.PUBLIC_URL).toBe('https://drive.example.com');
    expect(config.ALLOWED_ORIGINS).toEqual([
      'https://drive.example.com',
      'https://app.example.com',
    ]);
    expect(config.ACCESS_BLOCKED_COUNTRIES).toEqual(['KP', 'IR']);
    expect(config.WEB).toBe(false);
  });

  it('fails fast with every problem listed', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(
      /DATABASE_URL: must be empty \(SQLite\) or a postgres:\/\/ URL/,
    );
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });

  it('gives identity defaults: the six registered clients, the outbox, short access tokens', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://drive.example.com' });
    expect(config.AUTH_CLIENTS).toEqual(['web', 'tv', 'desktop', 'extension', 'android', 'ios']);
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(config.SMTP_URL).toBe('');
    expect(config.MAIL_FROM).toBe('Nimbus <no-reply@drive.example.com>');
    expect(config.ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(config.REFRESH_TOKEN_TTL_SECONDS).toBe(2_592_000);
    expect(config.VERIFICATION_CODE_TTL_SECONDS).toBe(600);
    expect(config.VERIFICATION_MAX_ATTEMPTS).toBe(5);
    expect(config.AUTH_FREEZE_AFTER_FAILURES).toBe(15);
  });

  it('reads identity settings and refuses unsafe ones', () => {
    const config = loadConfig({
      AUTH_CLIENTS: 'web, cli',
      SMTP_URL: 'smtps://u:p@mail.example.com',
    });
    expect(config.AUTH_CLIENTS).toEqual(['web', 'cli']);
    expect(config.SMTP_URL).toBe('smtps://u:p@mail.example.com');
    expect(() => loadConfig({ AUTH_SECRET: 'too short' })).toThrow(
      /AUTH_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ AUTH_CLIENTS: 'web,bad client' })).toThrow(/AUTH_CLIENTS/);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SECONDS: '5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('gives shield defaults and reads the salt lists of signing clients', () => {
    const defaults = loadConfig({});
    expect(defaults.SHIELD_CLIENT_SALTS).toEqual({});
    expect(defaults.SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES).toBe(10);
    expect(defaults.SHIELD_TOKEN_TTL_SECONDS).toBe(300);
    expect(defaults.TWO_FACTOR_ISSUER).toBe('Nimbus');
    const salts = Array.from({ length: 10 }, (_, index) => `salt-${index}`);
    expect(
      loadConfig({ SHIELD_CLIENT_SALTS: JSON.stringify({ android: salts }) }).SHIELD_CLIENT_SALTS,
    ).toEqual({ android: salts });
    expect(() => loadConfig({ SHIELD_CLIENT_SALTS: 'android=a,b' })).toThrow(
      /SHIELD_CLIENT_SALTS: must be a JSON object/,
    );
    // A client's own list, whatever its length; but a list of none signs nothing.
    expect(
      loadConfig({ SHIELD_CLIENT_SALTS: JSON.stringify({ android: salts.slice(7) }) })
        .SHIELD_CLIENT_SALTS,
    ).toEqual({ android: salts.slice(7) });
    expect(() => loadConfig({ SHIELD_CLIENT_SALTS: JSON.stringify({ android: [] }) })).toThrow(
      /SHIELD_CLIENT_SALTS\.android/,
    );
    expect(() => loadConfig({ SHIELD_CLIENT_SALTS: JSON.stringify({ toaster: salts }) })).toThrow(
      /toaster is not in AUTH_CLIENTS/,
    );
    expect(() =>
      loadConfig({ SHIELD_CLIENT_SALTS: JSON.stringify({ android: [...salts.slice(1), ''] }) }),
    ).toThrow(/SHIELD_CLIENT_SALTS/);
  });
});
