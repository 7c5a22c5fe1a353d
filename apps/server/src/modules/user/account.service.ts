import { randomInt } from 'node:crypto';
import { canonicalLocale } from '@nimbus/contracts';
import type { Logger } from 'pino';
import type { VerificationUsage } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashToken, newId, newSecretToken, safeEqual } from '../../lib/secrets';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import type { AccountDeletionRepository } from './account-deletion.repository';
import type { AuthFailureRepository } from './auth-failure.repository';
import type { CaptchaGuard } from './captcha-guard';
import type { ClientRegistry } from './client-registry';
import type { Mailer } from './mail/mailer';
import { assertPasswordRules, type PasswordHasher } from './password';
import type { RequestContext } from './request-context';
import type { SessionRepository } from './session.repository';
import type { SessionService, TokenGrant } from './session.service';
import { createSignInFailures } from './sign-in-failures';
import type { TwoFactorService } from './two-factor.service';
import type { UserRepository } from './user.repository';
import { createVerificationMailGuard } from './verification-mail-guard';
import { backgroundUserMail, verificationCodeHash } from './user-mail-sender';
import type { VerificationRepository, VerificationRow } from './verification.repository';

/** Limits and lifetimes of the account flows, from configuration. */
export interface AccountSettings {
  verificationTtlSeconds: number;
  verificationMaxAttempts: number;
  /** Codes one client (client address, or device) may request for one e-mail address per window. */
  verificationMaxPerEmail: number;
  /** Codes one e-mail address may be sent per 24 hours, from all clients. */
  verificationMaxPerEmailPerDay: number;
  /** Codes one client may request for one e-mail address per 24 hours. */
  verificationMaxPerEmailPerClientPerDay: number;
  rateWindowSeconds: number;
  rateMaxPerAddress: number;
  /** Sign-in, verification and reset calls one device (`x-device-id`) may make per window, per call. */
  rateMaxPerDevice: number;
  /** Failed sign-ins of one account from one client address, or one device, that freeze it there. */
  freezeAfterFailures: number;
  freezeSeconds: number;
  /** Days within which a member may withdraw a deletion request by signing in. */
  deletionGraceDays: number;
  /** The site's public origin, for links in mail. */
  publicUrl: string;
}

export interface AccountServiceDeps {
  users: UserRepository;
  verifications: VerificationRepository;
  failures: AuthFailureRepository;
  sessions: Pick<SessionRepository, 'revokeAllOfUser'>;
  deletions: Pick<AccountDeletionRepository, 'cancel'>;
  sessionService: Pick<SessionService, 'issue'>;
  clients: ClientRegistry;
  hasher: PasswordHasher;
  limiter: WindowLimiter;
  captchaGuard: CaptchaGuard;
  twoFactor: Pick<TwoFactorService, 'checkSignIn'>;
  mailer: Mailer;
  logger: Pick<Logger, 'error'>;
  /** HMAC key of stored verification codes. */
  codeKey: Uint8Array;
  settings: AccountSettings;
  now: () => Date;
}

export interface VerificationRequest {
  email: string;
  target: 'ANY' | 'USER';
  usage: VerificationUsage;
  locale: string | undefined;
  clientId: string;
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A display name from an address, for members who gave none at sign-up. */
function nameFromEmail(email: string): string {
  return (email.split('@')[0] ?? email).slice(0, 64) || 'Nimbus';
}

/**
 * The account flows of docs/api.md#user-service: verification codes, sign-up, sign-in and password reset. No
 * answer tells whether an address has an account, except to whoever holds its mailbox (a reset
 * with a mailed code that finds the account gone answers `user_not_exist`).
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { settings } = deps;
  const windowMs = settings.rateWindowSeconds * 1000;
  const perAddress: WindowLimit = { max: settings.rateMaxPerAddress, windowMs };
  const perDevice: WindowLimit = { max: settings.rateMaxPerDevice, windowMs };
  const mailGuard = createVerificationMailGuard({
    failures: deps.failures,
    captchaGuard: deps.captchaGuard,
    settings: {
      windowSeconds: settings.rateWindowSeconds,
      maxPerClient: settings.verificationMaxPerEmail,
      maxPerClientPerDay: settings.verificationMaxPerEmailPerClientPerDay,
      maxPerDay: settings.verificationMaxPerEmailPerDay,
    },
  });
  const signInFailures = createSignInFailures({
    failures: deps.failures,
    settings: {
      windowSeconds: settings.rateWindowSeconds,
      freezeAfterFailures: settings.freezeAfterFailures,
      freezeSeconds: settings.freezeSeconds,
    },
  });
  // Verifying against a real hash when the account does not exist keeps sign-in equally slow
  // either way, so response times do not tell which addresses have accounts.
  let dummyHash: Promise<string> | undefined;

  async function limit(key: string, windowLimit: WindowLimit): Promise<void> {
    const decision = await deps.limiter.hit(key, windowLimit);
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  }

  /** The per-address and per-device limits of one call; calls without a device id skip the latter. */
  async function limitCaller(call: string, context: RequestContext): Promise<void> {
    await limit(`${call}:address:${context.address}`, perAddress);
    if (context.deviceId !== '') {
      await limit(`${call}:device:${context.deviceId}`, perDevice);
    }
  }

  /** A member's own deletion request (not an operator's review) still inside its grace period. */
  function isWithinDeletionGrace(requestedAt: string | null, now: Date): boolean {
    if (requestedAt === null) {
      return false;
    }
    return (
      now.getTime() < Date.parse(requestedAt) + settings.deletionGraceDays * 24 * 60 * 60 * 1000
    );
  }

  const codeHash = (verificationId: string, code: string) =>
    verificationCodeHash(deps.codeKey, verificationId, code);
  const sendInBackground = backgroundUserMail(deps);

  /** A verification token that is valid for this usage and address, not yet spent. */
  async function usableToken(
    token: string,
    usage: VerificationUsage,
    email: string,
  ): Promise<VerificationRow> {
    const row = await deps.verifications.findByTokenHash(hashToken(token));
    if (
      !row ||
      row.usage !== usage ||
      !safeEqual(row.email, email) ||
      row.token_consumed_at !== null
    ) {
      throw new AppError('invalid_verification_code');
    }
    if (row.token_expires_at === null || row.token_expires_at <= deps.now().toISOString()) {
      throw new AppError('expired_verification_code');
    }
    return row;
  }

  return {
    /** `POST /v1/auth/verification`: mails a 6-digit code. */
    async requestVerification(
      request: VerificationRequest,
      context: RequestContext,
    ): Promise<{ verificationId: string; expiresIn: number }> {
      deps.clients.assertKnown(request.clientId);
      const email = normalizeEmail(request.email);
      if (request.usage === 'REGISTER' && request.target === 'USER') {
        throw new AppError('invalid_argument', {
          description: 'A sign-up verification has target ANY',
        });
      }
      await limitCaller('verification', context);
      await mailGuard.admit(email, request.clientId, context, deps.now());
      // A reset for an address without an account is answered like any other (`target: USER`
      // included) and mails nothing, so the answer tells nobody which addresses have accounts.
      const user = await deps.users.findByEmail(email);

      const now = deps.now();
      // Spent and expired codes are kept a day (for support questions), then dropped here, where
      // new ones are written, so the table stays as small as the traffic of one day.
      await deps.verifications.deleteExpired(new Date(now.getTime() - 86_400_000));
      const verificationId = newId();
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await deps.verifications.insert({
        id: verificationId,
        email,
        usage: request.usage,
        client_id: request.clientId,
        code_hash: codeHash(verificationId, code),
        attempts: 0,
        expires_at: new Date(now.getTime() + settings.verificationTtlSeconds * 1000).toISOString(),
        consumed_at: null,
        verification_token_hash: null,
        token_expires_at: null,
        token_consumed_at: null,
        created_at: now.toISOString(),
      });

      const locale = canonicalLocale(request.locale) ?? context.locale;
      const minutes = String(Math.ceil(settings.verificationTtlSeconds / 60));
      if (request.usage === 'REGISTER') {
        // An address that has an account gets a notice instead of a code: the answer looks the
        // same, and only the mailbox's owner learns the account exists.
        if (user) {
          sendInBackground(email, 'accountExists', locale, { url: settings.publicUrl });
        } else {
          sendInBackground(email, 'register', locale, { code, minutes });
        }
      } else if (user) {
        sendInBackground(email, 'passwordReset', locale, { code, minutes });
      }
      return { verificationId, expiresIn: settings.verificationTtlSeconds };
    },

    /** `POST /v1/auth/verification/verify`: trades a correct code for a verification token. */
    async verifyCode(
      input: { verificationId: string; code: string; clientId: string },
      context: RequestContext,
    ): Promise<string> {
      deps.clients.assertKnown(input.clientId);
      await limitCaller('verify', context);
      const now = deps.now();
      const row = await deps.verifications.findById(input.verificationId);
      if (!row || row.client_id !== input.clientId || row.consumed_at !== null) {
        throw new AppError('invalid_verification_code');
      }
      if (row.expires_at <= now.toISOString()) {
        throw new AppError('expired_verification_code');
      }
      if (!safeEqual(codeHash(row.id, input.code), row.code_hash)) {
        await deps.verifications.recordWrongCode(row.id, settings.verificationMaxAttempts, now);
        throw new AppError('invalid_verification_code');
      }
      const token = newSecretToken();
      const tokenExpiresAt = new Date(now.getTime() + settings.verificationTtlSeconds * 1000);
      if (!(await deps.verifications.issueToken(row.id, hashToken(token), tokenExpiresAt, now))) {
        throw new AppError('invalid_verification_code');
      }
      return token;
    },

    /** `POST /v1/auth/signup`: creates an active account for a verified address and signs in. */
    async signUp(
      input: {
        email: string;
        password: string;
        verificationToken: string;
        name: string | undefined;
        clientId: string;
      },
      context: RequestContext,
    ): Promise<TokenGrant> {
      deps.clients.assertKnown(input.clientId);
      const email = normalizeEmail(input.email);
      await deps.captchaGuard.check({
        action: 'POST:/v1/auth/signup',
        captchaToken: context.captchaToken,
        clientId: input.clientId,
        deviceId: context.deviceId,
        address: context.address,
        subject: email,
      });
      await limitCaller('signup', context);
      assertPasswordRules(input.password);
      const verification = await usableToken(input.verificationToken, 'REGISTER', email);
      const passwordHash = await deps.hasher.hash(input.password);
      const now = deps.now();
      if (!(await deps.verifications.consumeToken(verification.id, now))) {
        throw new AppError('invalid_verification_code');
      }
      const userId = newId();
      const created = await deps.users.insert({
        id: userId,
        email,
        name: input.name?.trim() || nameFromEmail(email),
        password_hash: passwordHash,
        status: 'active',
        frozen_until: null,
        locale: context.locale,
        picture: '',
        phone_number: '',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      if (!created) {
        // Only the owner of the mailbox gets this far, so saying so reveals nothing new.
        throw new AppError('already_exists', {
          description: 'This e-mail address already has an account',
        });
      }
      return deps.sessionService.issue(userId, input.clientId, context);
    },

    /**
     * `POST /v1/auth/signin`: checks the password, then the account's state, then the second
     * factor: with two-factor on, a call without `twoFactorCode` or `recoveryCode` answers
     * `two_factor_required`, and the client repeats it with one of them.
     */
    async signIn(
      input: {
        username: string;
        password: string;
        clientId: string;
        twoFactorCode?: string | undefined;
        recoveryCode?: string | undefined;
        /** Withdraws the account's own deletion request within its grace period. */
        cancelDeletion?: boolean;
      },
      context: RequestContext,
    ): Promise<TokenGrant> {
      deps.clients.assertKnown(input.clientId);
      const email = normalizeEmail(input.username);
      const now = deps.now();
      // Asked before the shield, so a frozen client is refused without solving anything.
      await signInFailures.assertNotFrozen(email, context, now);
      await deps.captchaGuard.check({
        action: 'POST:/v1/auth/signin',
        captchaToken: context.captchaToken,
        clientId: input.clientId,
        deviceId: context.deviceId,
        address: context.address,
        subject: email,
      });
      await limitCaller('signin', context);

      const user = await deps.users.findByEmail(email);
      let isPasswordRight = false;
      if (user?.password_hash) {
        isPasswordRight = await deps.hasher.verify(user.password_hash, input.password);
      } else {
        dummyHash ??= deps.hasher.hash(newSecretToken());
        await deps.hasher.verify(await dummyHash, input.password);
      }
      if (!user || !isPasswordRight) {
        await signInFailures.record(email, context, now);
        throw new AppError('invalid_account_or_password');
      }

      // The state is told only to someone who knows the password.
      switch (user.status) {
        case 'pending':
          throw new AppError('user_pending');
        case 'blocked':
          throw new AppError('user_blocked');
        case 'under_review':
          if (!(
            input.cancelDeletion === true && isWithinDeletionGrace(user.deletion_requested_at, now)
          )) {
            throw new AppError('under_review');
          }
          break;
        case 'frozen':
          if (user.frozen_until === null || user.frozen_until > now.toISOString()) {
            throw new AppError('account_freeze', {
              ...(user.frozen_until === null
                ? {}
                : {
                    retryAfterSeconds: Math.ceil(
                      (Date.parse(user.frozen_until) - now.getTime()) / 1000,
                    ),
                  }),
            });
          }
          break;
        case 'active':
          break;
      }
      const secondFactor = await deps.twoFactor.checkSignIn(user.id, {
        code: input.twoFactorCode,
        recoveryCode: input.recoveryCode,
      });
      switch (secondFactor) {
        case 'required':
          throw new AppError('two_factor_required');
        case 'invalid_code':
          await signInFailures.record(email, context, now);
          throw new AppError('invalid_two_factor');
        case 'invalid_recovery':
          await signInFailures.record(email, context, now);
          throw new AppError('invalid_two_factor_recovery');
        case 'off':
        case 'passed':
          break;
      }
      // Withdrawn only once every factor passed, so a password alone cannot undo a request.
      if (user.status === 'under_review' && user.deletion_requested_at !== null) {
        if (!(await deps.deletions.cancel(user.id, user.deletion_requested_at, now))) {
          throw new AppError('under_review');
        }
      }
      await signInFailures.clear(email, context);
      return deps.sessionService.issue(
        user.id,
        input.clientId,
        context,
        undefined,
        secondFactor === 'passed',
      );
    },

    /** `POST /v1/auth/reset`: sets a new password and ends every session of the account. */
    async resetPassword(
      input: { email: string; newPassword: string; verificationToken: string; clientId: string },
      context: RequestContext,
    ): Promise<void> {
      deps.clients.assertKnown(input.clientId);
      const email = normalizeEmail(input.email);
      await deps.captchaGuard.check({
        action: 'POST:/v1/auth/reset',
        captchaToken: context.captchaToken,
        clientId: input.clientId,
        deviceId: context.deviceId,
        address: context.address,
        subject: email,
      });
      await limitCaller('reset', context);
      assertPasswordRules(input.newPassword);
      const verification = await usableToken(input.verificationToken, 'PASSWORD_RESET', email);
      const user = await deps.users.findByEmail(email);
      if (!user) {
        throw new AppError('user_not_exist');
      }
      const passwordHash = await deps.hasher.hash(input.newPassword);
      const now = deps.now();
      if (!(await deps.verifications.consumeToken(verification.id, now))) {
        throw new AppError('invalid_verification_code');
      }
      await deps.users.setPasswordHash(user.id, passwordHash, now);
      await deps.sessions.revokeAllOfUser(user.id, 'password_reset', now);
      // The owner proved control of the mailbox: the account needs no challenge any more and this
      // client is no longer frozen; the freeze of the clients that guessed holds.
      await signInFailures.clear(email, context);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
