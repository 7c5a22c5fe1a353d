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
    expect(config.ALLOWED_ORIGINS).toEqual(['https://drive.example.com', 'https://app.example.com']);
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
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must be empty \(SQLite\) or a postgres:\/\/ URL/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });
});
