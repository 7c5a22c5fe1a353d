import { describe, expect, it } from 'vitest';
import { checkPasswordRules, createArgon2Hasher } from './password';

describe('password rules', () => {
  it.each([
    ['short1A', 'too_short'],
    ['x'.repeat(120) + 'Y'.repeat(9), 'too_long'],
    ['12345678', 'one_class'],
    ['password', 'one_class'],
    ['PASSWORDS', 'one_class'],
    ['パスワードパスワード', 'one_class'],
  ])('refuses %j as %s', (password, problem) => {
    expect(checkPasswordRules(password)).toBe(problem);
  });

  it.each(['password1', 'Password', 'パスワード2024', 'correct horse', 'x'.repeat(127) + '1'])(
    'accepts %j',
    (password) => {
      expect(checkPasswordRules(password)).toBeUndefined();
    },
  );

  it('counts characters, not UTF-16 units', () => {
    expect(checkPasswordRules('😀😀😀😀😀😀😀1')).toBeUndefined();
  });
});

describe('argon2 hasher', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hasher = createArgon2Hasher();
    const hash = await hasher.hash('correct horse 1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'correct horse 1')).toBe(true);
    expect(await hasher.verify(hash, 'correct horse 2')).toBe(false);
    expect(await hasher.verify('not a hash', 'correct horse 1')).toBe(false);
  });
});
