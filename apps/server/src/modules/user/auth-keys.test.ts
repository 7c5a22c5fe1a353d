import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveAuthKeys, loadAuthSecret } from './auth-keys';

describe('auth secret', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  function tempDir(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-secret-'));
    dirs.push(dir);
    return dir;
  }

  it('uses the configured secret and writes nothing', () => {
    const dir = tempDir();
    expect(loadAuthSecret('s'.repeat(40), dir)).toBe('s'.repeat(40));
    expect(fs.existsSync(path.join(dir, 'auth-secret'))).toBe(false);
  });

  it('generates a private secret on first start and keeps it across starts', () => {
    const dir = path.join(tempDir(), 'data');
    const first = loadAuthSecret(undefined, dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(loadAuthSecret(undefined, dir)).toBe(first);
  });

  it('refuses a stored secret that is too short', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'auth-secret'), 'short\n');
    expect(() => loadAuthSecret(undefined, dir)).toThrow(/fewer than 32/);
  });

  it('derives a different key for each purpose, the same every time', () => {
    const keys = deriveAuthKeys('k'.repeat(32));
    expect(Buffer.from(keys.accessToken).equals(Buffer.from(keys.verificationCode))).toBe(false);
    expect(
      Buffer.from(deriveAuthKeys('k'.repeat(32)).accessToken).equals(Buffer.from(keys.accessToken)),
    ).toBe(true);
  });
});
