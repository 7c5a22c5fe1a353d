import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/app-error';
import { hashToken, newId, newSecretToken } from '../../lib/secrets';
import type { DavActor } from '../webdav/dav-auth';
import type { AppPasswordRepository, AppPasswordRow } from './app-password.repository';
import { normalizeEmail } from './account.service';
import type { PasswordHasher } from './password';
import type { SignInFailures } from './sign-in-failures';
import type { TwoFactorRepository } from './two-factor.repository';
import type { UserRepository } from './user.repository';

export interface AppPasswordServiceDeps {
  passwords: AppPasswordRepository;
  users: Pick<UserRepository, 'findByEmail'>;
  twoFactors: Pick<TwoFactorRepository, 'find'>;
  hasher: PasswordHasher;
  failures: SignInFailures;
  /** Whether HTTP Basic takes the account password too, for members without two-step verification. */
  allowAccountPassword: boolean;
  /** App passwords one member may hold. */
  maxPerMember: number;
  now: () => Date;
}

/** What a member chooses for a new app password. */
export type AppPasswordScope = 'read' | 'write';

/** Last use is written at most this often per password, so a sync's many calls write once. */
const useNoteMs = 60_000;

/** 25 random letters and digits in five groups (125 bits): easy to paste, impossible to guess. */
function newAppPassword(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(25);
  const characters = [...bytes].map((byte) => alphabet[byte % 32]).join('');
  return characters.match(/.{5}/g)?.join('-') ?? characters;
}

/**
 * App passwords (docs/accounts.md#app-passwords): named passwords for WebDAV and other apps,
 * read-only or read-write, shown once and kept only hashed, revoked at once; and the HTTP Basic
 * check that takes them (and the account password where allowed), counted against the same
 * brute-force limits as sign-in.
 */
export function createAppPasswordService(deps: AppPasswordServiceDeps) {
  const { passwords, now } = deps;
  /** What a wrong account password is checked against when no account password is taken. */
  let dummyHash: Promise<string> | undefined;

  return {
    /** A new app password; the password itself is answered this once. */
    async create(
      userId: string,
      input: { name: string; scope: AppPasswordScope },
    ): Promise<{ row: AppPasswordRow; password: string }> {
      if ((await passwords.countOf(userId)) >= deps.maxPerMember) {
        throw new AppError('resource_exhausted', {
          description: `A member holds at most ${deps.maxPerMember} app passwords`,
          status: 403,
        });
      }
      const password = newAppPassword();
      const row: AppPasswordRow = {
        id: newId(),
        user_id: userId,
        name: input.name.trim(),
        scope: input.scope,
        password_hash: hashToken(password),
        created_at: now().toISOString(),
        last_used_at: null,
        last_used_ip: '',
      };
      await passwords.insert(row);
      return { row, password };
    },

    async list(userId: string): Promise<AppPasswordRow[]> {
      return passwords.listOf(userId);
    },

    /** Revokes an app password: the next call that gives it is refused. */
    async revoke(userId: string, id: string): Promise<void> {
      if (!(await passwords.delete(userId, id))) {
        throw new AppError('not_found', { description: 'No such app password' });
      }
    },

    /**
     * HTTP Basic: the member whose e-mail and app password (or account password, where allowed
     * and two-step verification is off) are given, or null. A wrong one counts as a failed
     * sign-in; a client frozen for the account is refused with `account_freeze`.
     */
    async checkBasic(input: {
      email: string;
      password: string;
      address: string;
    }): Promise<DavActor | null> {
      const email = normalizeEmail(input.email);
      const context = { address: input.address, deviceId: '' };
      const stamp = now();
      await deps.failures.assertNotFrozen(email, context, stamp);
      const row = await passwords.findActiveByEmail(email, hashToken(input.password));
      if (row) {
        const lastUsed = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
        if (stamp.getTime() - lastUsed >= useNoteMs || row.last_used_ip !== input.address) {
          await passwords.noteUse(row.id, stamp.toISOString(), input.address.slice(0, 64));
        }
        return { userId: row.user_id, canWrite: row.scope === 'write' };
      }
      const user = await deps.users.findByEmail(email);
      if (deps.allowAccountPassword) {
        // Every refusal costs one password check, so its time tells no one whether an account
        // of this address exists, is active, or has two-step verification on.
        const taker =
          user?.status === 'active' &&
          user.password_hash !== null &&
          !(await deps.twoFactors.find(user.id))?.enabled_at
            ? { id: user.id, hash: user.password_hash }
            : undefined;
        if (taker) {
          if (await deps.hasher.verify(taker.hash, input.password)) {
            return { userId: taker.id, canWrite: true };
          }
        } else {
          dummyHash ??= deps.hasher.hash(newSecretToken());
          await deps.hasher.verify(await dummyHash, input.password);
        }
      }
      await deps.failures.record(email, context, stamp);
      return null;
    },
  };
}

export type AppPasswordService = ReturnType<typeof createAppPasswordService>;
