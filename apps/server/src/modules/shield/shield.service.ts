import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { AppError } from '../../http/app-error';
import { hashToken, keyedHash, newId, newSecretToken, safeEqual } from '../../lib/secrets';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import type { AuthFailureRepository } from '../user/auth-failure.repository';
import type { CaptchaCheck, CaptchaGuard } from '../user/captcha-guard';
import type { ClientRegistry } from '../user/client-registry';
import { verificationCaptchaAction } from '../user/verification-mail-guard';
import { checkCaptchaSign } from './captcha-sign';
import { isChallengeNeeded, type RiskThresholds } from './risk';
import type { ShieldRepository } from './shield.repository';

/** Limits and lifetimes of the shield, from configuration. */
export interface ShieldSettings {
  /** Seconds a captcha token stays valid (`expires_in`). */
  tokenTtlSeconds: number;
  /** Seconds a challenge may take to be solved. */
  challengeTtlSeconds: number;
  /** Failures per scope (codes asked, for `mail`), within the window, after which a challenge is needed. */
  thresholds: RiskThresholds;
  /** The window of the failure counters, in seconds. */
  failureWindowSeconds: number;
  /** How far a `captcha_sign` timestamp may be from now, in seconds. */
  signWindowSeconds: number;
  /** The salt lists of clients that sign their meta. */
  clientSalts: Readonly<Record<string, readonly string[]>>;
  /** Proof-of-work difficulty: the solver tries about half this many hashes on average. */
  powMaxCounter: number;
  /** Init and solve calls one client address may make per window. */
  initMaxPerAddress: number;
  /** Init calls one device may make per window. */
  initMaxPerDevice: number;
  /** The origin the challenge page is served from. */
  publicUrl: string;
}

export interface ShieldServiceDeps {
  shield: ShieldRepository;
  failures: Pick<AuthFailureRepository, 'find'>;
  clients: ClientRegistry;
  limiter: WindowLimiter;
  /** HMAC key that signs challenges. */
  challengeKey: Uint8Array;
  settings: ShieldSettings;
  now: () => Date;
}

/** The meta of an init call: who the action is about, or the signed meta of a signed-in app. */
export interface CaptchaMeta {
  email?: string | undefined;
  phone_number?: string | undefined;
  username?: string | undefined;
  captcha_sign?: string | undefined;
  client_version?: string | undefined;
  package_name?: string | undefined;
  user_id?: string | undefined;
  timestamp?: string | undefined;
}

/** `POST /v1/shield/captcha/init` after parsing. */
export interface CaptchaInitRequest {
  clientId: string;
  action: string;
  deviceId: string;
  /** The token this init replaces (`captcha_token`), spent when it is this client's. */
  previousToken?: string | undefined;
  meta: CaptchaMeta;
}

/** A token given directly, or a challenge to solve first. */
export type CaptchaInitAnswer =
  | { kind: 'token'; captchaToken: string; expiresIn: number }
  | { kind: 'challenge'; url: string; expiresIn: number };

/** What the challenge page needs. */
export interface ChallengeView {
  id: string;
  challenge: Challenge;
  expiresAt: string;
}

/** The subject of an action: an address, user name or phone number, compared without case. */
function subjectOf(meta: CaptchaMeta): string {
  const value = meta.email ?? meta.username ?? meta.phone_number ?? '';
  return value.trim().toLowerCase();
}

/**
 * The captcha shield. `init` gives a short-lived token bound to client, action, device and
 * subject directly when the risk is low, or a proof-of-work challenge (`altcha-lib`) when the
 * failure counters of the account, device or address say so; solving the challenge earns a
 * token. `check` is the `CaptchaGuard` of the protected actions: at low risk it asks for
 * nothing; at high risk it wants an unspent token earned by a challenge for that very action,
 * and spends it.
 */
export function createShieldService(deps: ShieldServiceDeps) {
  const { settings } = deps;
  const windowMs = settings.failureWindowSeconds * 1000;
  const perAddress: WindowLimit = { max: settings.initMaxPerAddress, windowMs };
  const perDevice: WindowLimit = { max: settings.initMaxPerDevice, windowMs };
  const hmacSignatureSecret = Buffer.from(deps.challengeKey).toString('hex');
  const hmacKeySignatureSecret = keyedHash(deps.challengeKey, 'key-signature');

  async function limit(key: string, windowLimit: WindowLimit): Promise<void> {
    const decision = await deps.limiter.hit(key, windowLimit);
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  }

  /** Read alike by `init` and `check`, so the challenge init asks for is the one check wants. */
  async function isRisky(
    action: string,
    subject: string,
    deviceId: string,
    address: string,
  ): Promise<boolean> {
    const [account, device, byAddress, mail] = await Promise.all([
      subject === '' ? undefined : deps.failures.find('account', subject),
      deviceId === '' ? undefined : deps.failures.find('device', deviceId),
      deps.failures.find('address', address),
      subject === '' || action !== verificationCaptchaAction
        ? undefined
        : deps.failures.find('mail', subject),
    ]);
    return isChallengeNeeded({ account, device, address: byAddress, mail }, settings.thresholds, {
      now: deps.now(),
      windowMs,
    });
  }

  /** Verifies the signed meta of a signed-in app; throws `captcha_invalid` when it fails. */
  function assertSignedMeta(request: CaptchaInitRequest): void {
    const { meta } = request;
    const problem = checkCaptchaSign(
      meta.captcha_sign ?? '',
      {
        clientId: request.clientId,
        clientVersion: meta.client_version ?? '',
        packageName: meta.package_name ?? '',
        deviceId: request.deviceId,
        timestamp: meta.timestamp ?? '',
      },
      settings.clientSalts[request.clientId],
      { now: deps.now(), windowSeconds: settings.signWindowSeconds },
    );
    if (problem) {
      throw new AppError('captcha_invalid', {
        description: `captcha_sign is not valid (${problem})`,
      });
    }
  }

  async function issueToken(
    binding: { clientId: string; action: string; deviceId: string; subject: string },
    proof: 'direct' | 'challenge',
  ): Promise<{ captchaToken: string; expiresIn: number }> {
    const now = deps.now();
    const token = newSecretToken();
    await deps.shield.insertToken({
      token_hash: hashToken(token),
      client_id: binding.clientId,
      action: binding.action,
      device_id: binding.deviceId,
      subject: binding.subject,
      proof,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + settings.tokenTtlSeconds * 1000).toISOString(),
      consumed_at: null,
    });
    return { captchaToken: token, expiresIn: settings.tokenTtlSeconds };
  }

  const guard: CaptchaGuard = {
    async check(attempt: CaptchaCheck): Promise<void> {
      const subject = attempt.subject.trim().toLowerCase();
      if (!(await isRisky(attempt.action, subject, attempt.deviceId, attempt.address))) {
        return;
      }
      if (attempt.captchaToken === undefined || attempt.captchaToken === '') {
        throw new AppError('captcha_required');
      }
      const now = deps.now();
      const tokenHash = hashToken(attempt.captchaToken);
      const row = await deps.shield.findToken(tokenHash);
      const isBound =
        row !== undefined &&
        safeEqual(row.action, attempt.action) &&
        safeEqual(row.client_id, attempt.clientId) &&
        safeEqual(row.device_id, attempt.deviceId) &&
        (row.subject === '' || subject === '' || safeEqual(row.subject, subject));
      if (!row || !isBound || row.consumed_at !== null || row.expires_at <= now.toISOString()) {
        throw new AppError('captcha_invalid');
      }
      if (row.proof !== 'challenge') {
        // A token given at low risk proves no work: the risk has risen since, so solve one.
        throw new AppError('captcha_required');
      }
      if (!(await deps.shield.consumeToken(tokenHash, now))) {
        throw new AppError('captcha_invalid');
      }
    },
  };

  return {
    guard,

    /**
     * `POST /vip/v1/verifyRecaptchaToken`: spends a captcha token this shield gave for `action`
     * to this client on this device, unexpired and unspent; `captcha_invalid` otherwise. Pages
     * that hand out something (an activity's reward) ask it before they do.
     */
    async verifyToken(input: {
      token: string;
      action: string;
      clientId: string;
      deviceId: string;
    }): Promise<void> {
      const now = deps.now();
      const tokenHash = hashToken(input.token);
      const row = await deps.shield.findToken(tokenHash);
      const isBound =
        row !== undefined &&
        safeEqual(row.action, input.action) &&
        safeEqual(row.client_id, input.clientId) &&
        safeEqual(row.device_id, input.deviceId);
      if (!row || !isBound || row.consumed_at !== null || row.expires_at <= now.toISOString()) {
        throw new AppError('captcha_invalid');
      }
      if (!(await deps.shield.consumeToken(tokenHash, now))) {
        throw new AppError('captcha_invalid');
      }
    },

    /** `POST /v1/shield/captcha/init`. */
    async init(
      request: CaptchaInitRequest,
      context: { address: string },
    ): Promise<CaptchaInitAnswer> {
      deps.clients.assertKnown(request.clientId);
      await limit(`captcha-init:address:${context.address}`, perAddress);
      await limit(`captcha-init:device:${request.deviceId}`, perDevice);
      const isSigned = request.meta.captcha_sign !== undefined;
      if (isSigned) {
        assertSignedMeta(request);
      }
      // Signed meta names a member id, which no failure counter and no sign-in is keyed by.
      const subject = isSigned ? '' : subjectOf(request.meta);
      const binding = {
        clientId: request.clientId,
        action: request.action,
        deviceId: request.deviceId,
        subject,
      };
      const now = deps.now();
      await deps.shield.deleteExpired(new Date(now.getTime() - 3_600_000));
      if (request.previousToken) {
        await deps.shield.revokeToken(
          hashToken(request.previousToken),
          request.clientId,
          request.deviceId,
          now,
        );
      }
      if (!(await isRisky(request.action, subject, request.deviceId, context.address))) {
        const token = await issueToken(binding, 'direct');
        return { kind: 'token', ...token };
      }
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(
          settings.powMaxCounter,
          Math.max(1, Math.floor(settings.powMaxCounter / 2)),
        ),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      const id = newId();
      await deps.shield.insertChallenge({
        id,
        client_id: binding.clientId,
        action: binding.action,
        device_id: binding.deviceId,
        subject: binding.subject,
        challenge: JSON.stringify(challenge),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + settings.challengeTtlSeconds * 1000).toISOString(),
        solved_at: null,
      });
      const url = new URL('/v1/shield/challenge', settings.publicUrl);
      url.searchParams.set('id', id);
      return { kind: 'challenge', url: url.toString(), expiresIn: settings.challengeTtlSeconds };
    },

    /** The challenge the page shows; `captcha_invalid` when it is unknown, solved or expired. */
    async challenge(id: string): Promise<ChallengeView> {
      const row = await deps.shield.findChallenge(id);
      if (!row || row.solved_at !== null || row.expires_at <= deps.now().toISOString()) {
        throw new AppError('captcha_invalid', {
          description: 'This challenge is unknown, solved or expired',
        });
      }
      return {
        id: row.id,
        challenge: JSON.parse(row.challenge) as Challenge,
        expiresAt: row.expires_at,
      };
    },

    /** Checks a solution; a right one, once, earns a token bound like the challenge. */
    async solve(
      input: { challengeId: string; counter: number; derivedKey: string },
      context: { address: string },
    ): Promise<{ captchaToken: string; expiresIn: number }> {
      await limit(`captcha-solve:address:${context.address}`, perAddress);
      const row = await deps.shield.findChallenge(input.challengeId);
      const now = deps.now();
      if (!row || row.solved_at !== null || row.expires_at <= now.toISOString()) {
        throw new AppError('captcha_invalid', {
          description: 'This challenge is unknown, solved or expired',
        });
      }
      const result = await verifySolution({
        challenge: JSON.parse(row.challenge) as Challenge,
        solution: { counter: input.counter, derivedKey: input.derivedKey },
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      if (!result.verified) {
        throw new AppError('captcha_invalid', { description: 'The solution is not right' });
      }
      if (!(await deps.shield.markSolved(row.id, now))) {
        throw new AppError('captcha_invalid', {
          description: 'This challenge is unknown, solved or expired',
        });
      }
      return issueToken(
        {
          clientId: row.client_id,
          action: row.action,
          deviceId: row.device_id,
          subject: row.subject,
        },
        'challenge',
      );
    },
  };
}

export type ShieldService = ReturnType<typeof createShieldService>;
