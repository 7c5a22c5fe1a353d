import { randomInt } from 'node:crypto';
import { canonicalLocale, type Locale } from '@nimbus/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../http/app-error';
import { newId, safeEqual } from '../../lib/secrets';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import type { Actor, ActorMember } from '../auth/authenticator';
import { normalizeEmail } from './account.service';
import type { Mailer } from './mail/mailer';
import type { PasswordHasher } from './password';
import type { SessionRepository } from './session.repository';
import { maskEmail, memberOf } from './user.dto';
import type { UserRepository } from './user.repository';
import { backgroundUserMail, verificationCodeHash } from './user-mail-sender';
import type { VerificationRepository } from './verification.repository';

/** Limits and lifetimes of an e-mail change, from configuration. */
export interface EmailChangeSettings {
  codeTtlSeconds: number;
  /** Wrong codes that invalidate a mailed code. */
  maxAttempts: number;
  /** Requests, and confirmations, one member may make per window. */
  maxPerMember: number;
  windowSeconds: number;
  /**
   * Mails one member may have sent per 24 hours, all new addresses together: counted for the
   * member, never for the address, so nobody can spend another member's way to an address.
   */
  maxPerMemberPerDay: number;
  /** How recent a sign-in stands in for the password of an account that has none. */
  recentSignInSeconds: number;
  /** The site's public origin, for links in mail. */
  publicUrl: string;
}

export interface EmailChangeServiceDeps {
  users: Pick<UserRepository, 'findById' | 'findByEmail' | 'changeEmail'>;
  verifications: Pick<
    VerificationRepository,
    'insert' | 'findById' | 'recordWrongCode' | 'consumeCode' | 'deleteExpired'
  >;
  sessions: Pick<SessionRepository, 'findById'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  limiter: WindowLimiter;
  mailer: Mailer;
  logger: Pick<Logger, 'error'>;
  /** HMAC key of stored verification codes (the one sign-up and reset codes use). */
  codeKey: Uint8Array;
  settings: EmailChangeSettings;
  now: () => Date;
}

const dayMs = 86_400_000;

/** An account without a password changes its address only within 10 minutes of signing in. */
export const emailChangeRecentSignInSeconds = 600;

/**
 * A member's change of e-mail address (docs/accounts.md#changing-the-e-mail-address): the member
 * proves who they are (password, or a recent sign-in when the account has none), a code goes to
 * the new address, and only that code, confirmed by the same member, moves the account; the old
 * address is then told. An address that already has an account is mailed a notice instead of a
 * code and the answer looks the same, so the request reveals no more than sign-up does.
 */
export function createEmailChangeService(deps: EmailChangeServiceDeps) {
  const { settings } = deps;
  const perMember: WindowLimit = {
    max: settings.maxPerMember,
    windowMs: settings.windowSeconds * 1000,
  };
  const perMemberPerDay: WindowLimit = { max: settings.maxPerMemberPerDay, windowMs: dayMs };

  async function limit(key: string, windowLimit: WindowLimit): Promise<void> {
    const decision = await deps.limiter.hit(key, windowLimit);
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  }

  const codeHash = (verificationId: string, code: string) =>
    verificationCodeHash(deps.codeKey, verificationId, code);
  const sendInBackground = backgroundUserMail(deps);

  /** Refuses unless the caller proves to be the member: the password, or a recent sign-in. */
  async function assertReauthenticated(
    actor: Actor,
    passwordHash: string | null,
    password: string | undefined,
  ): Promise<void> {
    if (passwordHash) {
      const isRight = password !== undefined && (await deps.hasher.verify(passwordHash, password));
      if (!isRight) {
        throw new AppError('invalid_password', { description: 'The password is not right' });
      }
      return;
    }
    const session = await deps.sessions.findById(actor.sessionId);
    const signedInAt = Date.parse(session?.created_at ?? '');
    if (!(signedInAt + settings.recentSignInSeconds * 1000 > deps.now().getTime())) {
      throw new AppError('login_required', { description: 'Sign in again to change the address' });
    }
  }

  return {
    /** `POST /v1/user/email`: mails a code to the new address (or, when it is taken, a notice). */
    async request(
      actor: Actor,
      input: { newEmail: string; password?: string | undefined },
      locale: Locale,
    ): Promise<{ verificationId: string; expiresIn: number }> {
      await limit(`email-change:request:${actor.userId}`, perMember);
      const user = await deps.users.findById(actor.userId);
      if (!user) {
        throw new AppError('unauthenticated');
      }
      await assertReauthenticated(actor, user.password_hash, input.password);
      const email = normalizeEmail(input.newEmail);
      if (email === user.email) {
        throw new AppError('invalid_argument', {
          description: 'This is already the address of the account',
        });
      }
      // Per member, not per address: a count per address would let anyone who knows an address
      // spend it and keep its owner from moving their account onto it.
      await limit(`email-change:mailed:${user.id}`, perMemberPerDay);
      const now = deps.now();
      await deps.verifications.deleteExpired(new Date(now.getTime() - dayMs));
      const verificationId = newId();
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await deps.verifications.insert({
        id: verificationId,
        email,
        usage: 'EMAIL_CHANGE',
        client_id: '',
        user_id: user.id,
        code_hash: codeHash(verificationId, code),
        attempts: 0,
        expires_at: new Date(now.getTime() + settings.codeTtlSeconds * 1000).toISOString(),
        consumed_at: null,
        verification_token_hash: null,
        token_expires_at: null,
        token_consumed_at: null,
        created_at: now.toISOString(),
      });
      if (await deps.users.findByEmail(email)) {
        sendInBackground(email, 'emailChangeInUse', locale, { url: settings.publicUrl });
      } else {
        const minutes = String(Math.ceil(settings.codeTtlSeconds / 60));
        sendInBackground(email, 'emailChange', locale, { code, minutes });
      }
      return { verificationId, expiresIn: settings.codeTtlSeconds };
    },

    /**
     * `POST /v1/user/email/verify`: a right code of the caller's own request moves the account to
     * the new address and mails a notice to the old one. Someone else's request answers like a
     * wrong code.
     */
    async confirm(
      actor: Actor,
      input: { verificationId: string; code: string },
      locale: Locale,
    ): Promise<ActorMember> {
      await limit(`email-change:confirm:${actor.userId}`, perMember);
      const now = deps.now();
      const row = await deps.verifications.findById(input.verificationId);
      if (
        !row ||
        row.usage !== 'EMAIL_CHANGE' ||
        row.user_id !== actor.userId ||
        row.consumed_at !== null
      ) {
        throw new AppError('invalid_verification_code');
      }
      if (row.expires_at <= now.toISOString()) {
        throw new AppError('expired_verification_code');
      }
      if (!safeEqual(codeHash(row.id, input.code), row.code_hash)) {
        await deps.verifications.recordWrongCode(row.id, settings.maxAttempts, now);
        throw new AppError('invalid_verification_code');
      }
      const user = await deps.users.findById(actor.userId);
      if (!user) {
        throw new AppError('unauthenticated');
      }
      if (!(await deps.verifications.consumeCode(row.id, now))) {
        throw new AppError('invalid_verification_code');
      }
      if (!(await deps.users.changeEmail(user.id, row.email, now))) {
        // Only the holder of the new mailbox gets this far, so saying so reveals nothing new.
        throw new AppError('already_exists', {
          description: 'This e-mail address already has an account',
        });
      }
      sendInBackground(user.email, 'emailChanged', canonicalLocale(user.locale) ?? locale, {
        email: maskEmail(row.email),
        url: settings.publicUrl,
      });
      const changed = await deps.users.findById(user.id);
      if (!changed) {
        throw new AppError('unauthenticated');
      }
      return memberOf(changed);
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
