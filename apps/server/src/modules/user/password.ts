import argon2 from 'argon2';
import { AppError } from '../../http/app-error';

/** Shortest and longest password accepted, in characters (code points). */
export const passwordLength = { min: 8, max: 128 } as const;

/** Why a password is refused; the reason's description tells the member which rule failed. */
export type PasswordProblem = 'too_short' | 'too_long' | 'one_class';

/**
 * The password rules: 8 to 128 characters, and not all of one class (lower-case letters,
 * upper-case letters, digits, anything else). Letters without case (Japanese, Chinese, Korean)
 * count as "anything else", so `パスワード2024` passes while `12345678` and `password` fail.
 */
export function checkPasswordRules(password: string): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < passwordLength.min) {
    return 'too_short';
  }
  if (length > passwordLength.max) {
    return 'too_long';
  }
  const classes = new Set<string>();
  for (const character of password) {
    if (/\p{Ll}/u.test(character)) {
      classes.add('lower');
    } else if (/\p{Lu}/u.test(character)) {
      classes.add('upper');
    } else if (/\p{Nd}/u.test(character)) {
      classes.add('digit');
    } else {
      classes.add('other');
    }
  }
  return classes.size < 2 ? 'one_class' : undefined;
}

const passwordProblemText: Readonly<Record<PasswordProblem, string>> = {
  too_short: 'The password must have at least 8 characters',
  too_long: 'The password must have at most 128 characters',
  one_class:
    'The password must mix at least two of: lower-case letters, upper-case letters, digits, other characters',
};

/** Refuses a password that breaks the rules with `invalid_password` naming the rule. */
export function assertPasswordRules(password: string): void {
  const problem = checkPasswordRules(password);
  if (problem) {
    throw new AppError('invalid_password', { description: passwordProblemText[problem] });
  }
}

/** Hashes and checks passwords; behind an interface so small tests need no native module. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): about 85 ms a hash on the target machines.
const argon2Options = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2id at its lowest cost (1 MiB, 1 pass): the same hashes and checks at about 2 ms instead of
 * 85, for the server's tests, which sign members up and in thousands of times. Never in production.
 */
export const argon2TestCost = { memoryCost: 1024, timeCost: 1 } as const;

/**
 * argon2id hashing with the parameters stored in each PHC string, so they can be raised later;
 * `cost` replaces the production memory and passes (tests only).
 */
export function createArgon2Hasher(cost?: typeof argon2TestCost): PasswordHasher {
  const options = { ...argon2Options, ...cost };
  return {
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        // A malformed stored hash is a wrong password, not a server fault.
        return false;
      }
    },
  };
}
