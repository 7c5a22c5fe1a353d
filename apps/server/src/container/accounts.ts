import path from 'node:path';
import { createOAuthClientRegistry } from '../modules/oauth/oauth-clients';
import { createOAuthRepository } from '../modules/oauth/oauth.repository';
import { createOAuthService } from '../modules/oauth/oauth.service';
import { createShieldRepository } from '../modules/shield/shield.repository';
import { createShieldService } from '../modules/shield/shield.service';
import { createAccessTokens } from '../modules/user/access-token';
import { createAccountDeletionRepository } from '../modules/user/account-deletion.repository';
import { createAccountDeletionService } from '../modules/user/account-deletion.service';
import { createAccountSecurityService } from '../modules/user/account-security.service';
import { createAccountService } from '../modules/user/account.service';
import {
  createEmailChangeService,
  emailChangeRecentSignInSeconds,
} from '../modules/user/email-change.service';
import { createAppPasswordRepository } from '../modules/user/app-password.repository';
import { createAppPasswordService } from '../modules/user/app-password.service';
import { createSignInFailures } from '../modules/user/sign-in-failures';
import { createAuthFailureRepository } from '../modules/user/auth-failure.repository';
import { deriveAuthKeys, loadAuthSecret } from '../modules/user/auth-keys';
import { createClientRegistry } from '../modules/user/client-registry';
import { createMailDeliveryRepository } from '../modules/user/mail/mail-delivery.repository';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../modules/user/mail/mailer';
import { createRecordedMailer } from '../modules/user/mail/recorded-mailer';
import { createArgon2Hasher } from '../modules/user/password';
import { createSessionAuthenticator } from '../modules/user/session.authenticator';
import { createSessionRepository } from '../modules/user/session.repository';
import { createSessionService } from '../modules/user/session.service';
import { createTwoFactorRepository } from '../modules/user/two-factor.repository';
import { createTwoFactorService } from '../modules/user/two-factor.service';
import { createUserRepository } from '../modules/user/user.repository';
import { createVerificationRepository } from '../modules/user/verification.repository';
import type { ContainerConfig, ContainerOptions, Wiring } from './container-options';

function createMailer(config: ContainerConfig, logger: ContainerOptions['logger']): Mailer {
  if (config.SMTP_URL !== '') {
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  return createOutboxMailer({
    dir: path.join(config.DATA_DIR, 'outbox'),
    from: config.MAIL_FROM,
    logger,
  });
}

/**
 * Members and their sign-in: the keys derived from AUTH_SECRET, accounts, sessions, two-factor,
 * the captcha shield, OAuth, and the mailer and limiter other areas use too.
 */
export function createAccountArea({ config, database, options, now, fleet }: Wiring) {
  const keys = deriveAuthKeys(loadAuthSecret(config.AUTH_SECRET, config.DATA_DIR));
  const clients = createClientRegistry(config.AUTH_CLIENTS);
  const users = createUserRepository(database.db);
  const verifications = createVerificationRepository(database.db);
  const sessions = createSessionRepository(database.db);
  const failures = createAuthFailureRepository(database.db);
  const mailer = createRecordedMailer({
    mailer: createMailer(config, options.logger),
    deliveries: createMailDeliveryRepository(database.db),
    now,
    logger: options.logger,
  });
  const limiter = fleet.guessLimiter();
  const hasher = options.hasher ?? createArgon2Hasher();
  /** Calls of one kind one signed-in member may make per window. */
  const perAccount = {
    max: config.AUTH_RATE_MAX_PER_ACCOUNT,
    windowMs: config.AUTH_RATE_WINDOW_SECONDS * 1000,
  };
  const deletionRecords = createAccountDeletionRepository(database.db);
  const twoFactors = createTwoFactorRepository(database.db);
  const twoFactor = createTwoFactorService({
    twoFactors,
    users,
    hasher,
    limiter,
    secretKey: keys.twoFactorSecret,
    recoveryKey: keys.recoveryCode,
    issuer: config.TWO_FACTOR_ISSUER,
    limit: perAccount,
    now,
  });
  const shield = createShieldService({
    shield: createShieldRepository(database.db),
    failures,
    clients,
    limiter,
    challengeKey: keys.shieldChallenge,
    now,
    settings: {
      tokenTtlSeconds: config.SHIELD_TOKEN_TTL_SECONDS,
      challengeTtlSeconds: config.SHIELD_CHALLENGE_TTL_SECONDS,
      thresholds: {
        account: config.SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES,
        device: config.SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES,
        address: config.SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES,
        mail: config.VERIFICATION_CHALLENGE_AFTER_PER_EMAIL,
      },
      failureWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
      signWindowSeconds: config.SHIELD_SIGN_WINDOW_SECONDS,
      clientSalts: config.SHIELD_CLIENT_SALTS,
      powMaxCounter: config.SHIELD_POW_MAX_COUNTER,
      initMaxPerAddress: config.SHIELD_INIT_MAX_PER_ADDRESS,
      initMaxPerDevice: config.SHIELD_INIT_MAX_PER_DEVICE,
      publicUrl: config.PUBLIC_URL,
    },
  });
  /** The guard of the protected actions (sign-up, pass codes...): the shield's, unless a test replaces it. */
  const captchaGuard = options.captchaGuard ?? shield.guard;
  const sessionService = createSessionService({
    sessions,
    clients,
    now,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    checkCache: {
      ttlMs: config.SESSION_CHECK_CACHE_SECONDS * 1000,
      accessChanges: fleet.accessChanges(database),
    },
    accessTokens: createAccessTokens({
      key: keys.accessToken,
      issuer: config.PUBLIC_URL,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      now,
    }),
  });
  const accounts = createAccountService({
    users,
    verifications,
    failures,
    sessions,
    deletions: deletionRecords,
    sessionService,
    clients,
    hasher,
    limiter,
    captchaGuard,
    twoFactor,
    mailer,
    logger: options.logger,
    codeKey: keys.verificationCode,
    now,
    settings: {
      verificationTtlSeconds: config.VERIFICATION_CODE_TTL_SECONDS,
      verificationMaxAttempts: config.VERIFICATION_MAX_ATTEMPTS,
      verificationMaxPerEmail: config.VERIFICATION_MAX_PER_EMAIL,
      verificationMaxPerEmailPerDay: config.VERIFICATION_MAX_PER_EMAIL_PER_DAY,
      verificationMaxPerEmailPerClientPerDay: config.VERIFICATION_MAX_PER_EMAIL_PER_CLIENT_PER_DAY,
      rateWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
      rateMaxPerAddress: config.AUTH_RATE_MAX_PER_ADDRESS,
      rateMaxPerDevice: config.AUTH_RATE_MAX_PER_DEVICE,
      freezeAfterFailures: config.AUTH_FREEZE_AFTER_FAILURES,
      freezeSeconds: config.AUTH_FREEZE_SECONDS,
      deletionGraceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      publicUrl: config.PUBLIC_URL,
    },
  });
  const oauth = createOAuthService({
    clients: createOAuthClientRegistry({
      clientIds: config.AUTH_CLIENTS,
      overrides: config.OAUTH_CLIENTS,
      publicUrl: config.PUBLIC_URL,
    }),
    grants: createOAuthRepository(database.db),
    sessions: sessionService,
    sessionRecords: sessions,
    users,
    limiter: fleet.guessLimiter(),
    now,
    settings: {
      publicUrl: config.PUBLIC_URL,
      codeTtlSeconds: config.OAUTH_CODE_TTL_SECONDS,
      deviceCodeTtlSeconds: config.DEVICE_CODE_TTL_SECONDS,
      deviceIntervalSeconds: config.DEVICE_CODE_INTERVAL_SECONDS,
      userCodeMaxAttempts: config.DEVICE_USER_CODE_MAX_ATTEMPTS,
      rateWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
      rateMaxPerAddress: config.AUTH_RATE_MAX_PER_ADDRESS,
    },
  });
  return {
    keys,
    users,
    failures,
    mailer,
    limiter,
    captchaGuard,
    /**
     * The hourly sweep of guessing counters: those whose window began over a day ago (the
     * longest window any counter uses, or AUTH_RATE_WINDOW_SECONDS if longer) and hold nobody.
     */
    failureSweep: {
      sweepStale: () => {
        const at = now();
        return failures.deleteStale(
          new Date(at.getTime() - Math.max(86_400_000, config.AUTH_RATE_WINDOW_SECONDS * 1000)),
          at,
        );
      },
    },
    authenticator: createSessionAuthenticator(sessionService),
    sessions: sessionService,
    /** The sessions' rows, for services that end every session of a member. */
    sessionRecords: sessions,
    accounts,
    accountDeletions: createAccountDeletionService({
      users,
      deletions: deletionRecords,
      sessions,
      hasher,
      limiter,
      limit: perAccount,
      graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      now,
    }),
    accountSecurity: createAccountSecurityService({
      users,
      sessions,
      hasher,
      limiter,
      limit: perAccount,
      now,
    }),
    emailChanges: createEmailChangeService({
      users,
      verifications,
      sessions,
      hasher,
      limiter,
      mailer,
      logger: options.logger,
      codeKey: keys.verificationCode,
      now,
      settings: {
        codeTtlSeconds: config.VERIFICATION_CODE_TTL_SECONDS,
        maxAttempts: config.VERIFICATION_MAX_ATTEMPTS,
        maxPerMember: config.AUTH_RATE_MAX_PER_ACCOUNT,
        windowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
        maxPerMemberPerDay: config.VERIFICATION_MAX_PER_EMAIL_PER_CLIENT_PER_DAY,
        recentSignInSeconds: emailChangeRecentSignInSeconds,
        publicUrl: config.PUBLIC_URL,
      },
    }),
    appPasswords: createAppPasswordService({
      passwords: createAppPasswordRepository(database.db),
      users,
      twoFactors,
      hasher,
      failures: createSignInFailures({
        failures,
        settings: {
          windowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
          freezeAfterFailures: config.AUTH_FREEZE_AFTER_FAILURES,
          freezeSeconds: config.AUTH_FREEZE_SECONDS,
        },
      }),
      allowAccountPassword: config.DAV_ACCOUNT_PASSWORD,
      maxPerMember: config.APP_PASSWORDS_MAX_PER_MEMBER,
      now,
    }),
    oauth,
    twoFactor,
    shield,
  };
}
