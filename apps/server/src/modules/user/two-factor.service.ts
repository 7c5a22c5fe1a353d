import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AppError } from '../../http/app-error';
import { keyedHash, newId } from '../../lib/secrets';
import { openSecret, sealSecret } from '../../lib/secret-box';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import type { PasswordHasher } from './password';
import type { TwoFactorRepository } from './two-factor.repository';
import type { UserRepository } from './user.repository';

/** TOTP parameters every authenticator app understands (RFC 6238 defaults). */
const totpShape = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps either side of now a code may come from, for clocks that drift. */
const totpWindow = 1;
/** How many recovery codes a member holds. */
export const recoveryCodeCount = 10;
/** Letters and digits that cannot be mistaken for one another. */
const recoveryAlphabet = '23456789abcdefghjkmnpqrstuvwxyz';

export interface TwoFactorServiceDeps {
  twoFactors: TwoFactorRepository;
  users: Pick<UserRepository, 'findById'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  limiter: WindowLimiter;
  /** AES-256-GCM key of stored secrets. */
  secretKey: Uint8Array;
  /** HMAC key of stored recovery codes. */
  recoveryKey: Uint8Array;
  /** The issuer shown in authenticator apps. */
  issuer: string;
  /** Two-factor calls one member may make per window (guessing codes while signed in). */
  limit: WindowLimit;
  now: () => Date;
}

/** The state of a member's two-factor sign-in. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** A set-up was started and waits for its first code. */
  pending: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** What a second factor offered at sign-in came to. */
export type TwoFactorOutcome = 'off' | 'passed' | 'required' | 'invalid_code' | 'invalid_recovery';

/** Proof of the member's identity for changing two-factor: one of these must be given. */
export interface TwoFactorProof {
  password?: string | undefined;
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/** A 6-digit code with spaces removed, or undefined when it cannot be a code. */
function normalizeCode(code: string): string | undefined {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** A recovery code as stored: lower case, letters and digits only. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-z]/g, '');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) {
    code += recoveryAlphabet[randomInt(0, recoveryAlphabet.length)];
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Two-factor sign-in with TOTP (RFC 6238, via `otpauth`) and single-use recovery codes. Secrets
 * are stored sealed under a key derived from the auth secret; recovery codes only as HMACs. A
 * code is accepted once: its time step is recorded and an equal or earlier step is refused.
 */
export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  async function limit(userId: string): Promise<void> {
    const decision = await deps.limiter.hit(`two-factor:user:${userId}`, deps.limit);
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  }

  function recoveryHash(userId: string, code: string): string {
    return keyedHash(deps.recoveryKey, `${userId}:${normalizeRecoveryCode(code)}`);
  }

  function totpOf(secretBox: string, label: string): TOTP {
    return new TOTP({
      ...totpShape,
      issuer: deps.issuer,
      label,
      secret: Secret.fromBase32(openSecret(deps.secretKey, secretBox)),
    });
  }

  /** Accepts a code once: true when it is right for now and its step was not used before. */
  async function acceptCode(userId: string, secretBox: string, code: string): Promise<boolean> {
    const digits = normalizeCode(code);
    if (digits === undefined) {
      return false;
    }
    const timestamp = deps.now().getTime();
    const delta = totpOf(secretBox, userId).validate({
      token: digits,
      timestamp,
      window: totpWindow,
    });
    if (delta === null) {
      return false;
    }
    const step = TOTP.counter({ period: totpShape.period, timestamp }) + delta;
    return deps.twoFactors.useStep(userId, step, deps.now());
  }

  async function issueRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await deps.twoFactors.replaceRecoveryCodes(
      userId,
      codes.map((code) => ({ id: newId(), codeHash: recoveryHash(userId, code) })),
      deps.now(),
    );
    return codes;
  }

  /** Checks the proof given for a change; throws the reason of the first proof that fails. */
  async function assertProof(
    userId: string,
    secretBox: string,
    proof: TwoFactorProof,
  ): Promise<void> {
    if (proof.code !== undefined) {
      if (!(await acceptCode(userId, secretBox, proof.code))) {
        throw new AppError('invalid_two_factor');
      }
      return;
    }
    if (proof.recoveryCode !== undefined) {
      if (
        !(await deps.twoFactors.useRecoveryCode(
          userId,
          recoveryHash(userId, proof.recoveryCode),
          deps.now(),
        ))
      ) {
        throw new AppError('invalid_two_factor_recovery');
      }
      return;
    }
    if (proof.password !== undefined) {
      const user = await deps.users.findById(userId);
      if (!user?.password_hash || !(await deps.hasher.verify(user.password_hash, proof.password))) {
        throw new AppError('invalid_password');
      }
      return;
    }
    throw new AppError('invalid_argument', { description: 'Give password, code or recovery_code' });
  }

  async function enabledRow(userId: string) {
    const row = await deps.twoFactors.find(userId);
    if (!row?.enabled_at) {
      throw new AppError('failed_precondition', { description: 'Two-step verification is off' });
    }
    return row;
  }

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await deps.twoFactors.find(userId);
      const enabled = Boolean(row?.enabled_at);
      return {
        enabled,
        pending: row !== undefined && !enabled,
        enabledAt: row?.enabled_at ?? null,
        recoveryCodesLeft: enabled ? await deps.twoFactors.countUnusedRecoveryCodes(userId) : 0,
      };
    },

    /** Starts a set-up: a new secret and its `otpauth://` URI for a QR code. */
    async setUp(userId: string): Promise<{ secret: string; otpauthUri: string }> {
      await limit(userId);
      const user = await deps.users.findById(userId);
      if (!user) {
        throw new AppError('unauthenticated');
      }
      const existing = await deps.twoFactors.find(userId);
      if (existing?.enabled_at) {
        throw new AppError('failed_precondition', {
          description: 'Two-step verification is already on',
        });
      }
      const secret = new Secret({ size: 20 }).base32;
      const secretBox = sealSecret(deps.secretKey, secret);
      await deps.twoFactors.savePending(userId, secretBox, deps.now());
      return { secret, otpauthUri: totpOf(secretBox, user.email).toString() };
    },

    /** Turns two-factor on with the first code of the pending secret; answers the recovery codes. */
    async confirm(userId: string, code: string): Promise<string[]> {
      await limit(userId);
      const row = await deps.twoFactors.find(userId);
      if (!row || row.enabled_at) {
        throw new AppError('failed_precondition', {
          description: row ? 'Two-step verification is already on' : 'Start the set-up first',
        });
      }
      if (!(await acceptCode(userId, row.secret_box, code))) {
        throw new AppError('invalid_two_factor');
      }
      await deps.twoFactors.enable(userId, deps.now());
      return issueRecoveryCodes(userId);
    },

    /** Turns two-factor off, given the password, a code or a recovery code. */
    async disable(userId: string, proof: TwoFactorProof): Promise<void> {
      await limit(userId);
      const row = await enabledRow(userId);
      await assertProof(userId, row.secret_box, proof);
      await deps.twoFactors.remove(userId);
    },

    /** Replaces the recovery codes, given the password or a code; answers the new ones. */
    async regenerateRecoveryCodes(userId: string, proof: TwoFactorProof): Promise<string[]> {
      await limit(userId);
      const row = await enabledRow(userId);
      await assertProof(userId, row.secret_box, { password: proof.password, code: proof.code });
      return issueRecoveryCodes(userId);
    },

    /**
     * The second step of a sign-in whose password was right: `off` when the member has no
     * two-factor, `required` when no code was given, `passed` for a fresh right code or an
     * unused recovery code.
     */
    async checkSignIn(
      userId: string,
      offered: { code?: string | undefined; recoveryCode?: string | undefined },
    ): Promise<TwoFactorOutcome> {
      const row = await deps.twoFactors.find(userId);
      if (!row?.enabled_at) {
        return 'off';
      }
      if (offered.code !== undefined) {
        return (await acceptCode(userId, row.secret_box, offered.code)) ? 'passed' : 'invalid_code';
      }
      if (offered.recoveryCode !== undefined) {
        const used = await deps.twoFactors.useRecoveryCode(
          userId,
          recoveryHash(userId, offered.recoveryCode),
          deps.now(),
        );
        return used ? 'passed' : 'invalid_recovery';
      }
      return 'required';
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
