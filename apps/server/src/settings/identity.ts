import { z } from 'zod';
import { oauthClientsSchema } from '../lib/oauth-client-schema';
import { commaList, flag } from './fields';

/**
 * Tokens, mailed codes, OAuth clients, two-step verification and the guessing defences of sign-in.
 * Each variable is described in its schema (`.describe()`), which docs/configuration.md is
 * generated from (`npm run docs:config`).
 */
export const identitySettings = {
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'Secret (at least 32 characters) that signs access tokens and keys verification codes. When unset, one is generated on first start and kept in `DATA_DIR/auth-secret`; every node of a fleet must share the same value.',
    ),
  AUTH_CLIENTS: commaList
    .transform((list) =>
      list.length > 0 ? list : ['web', 'tv', 'desktop', 'extension', 'android', 'ios'],
    )
    .pipe(
      z.array(
        z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'client ids are 1-64 of A-Z a-z 0-9 . _ -'),
      ),
    )
    .describe(
      'Registered client ids (`client_id`) allowed to sign in; when empty, `web`, `tv`, `desktop`, `extension`, `android` and `ios`.',
    ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(900)
    .describe('Lifetime of an access token, in seconds.'),
  SESSION_CHECK_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(5)
    .describe(
      "How long a process trusts a session it found open before checking it in the database again, in seconds (0 checks on every call), with the member's own row read beside it (what `GET /v1/user/me` answers). A sign-out, a revoked session, a blocked member or a changed profile takes effect at once on the process that made the change, and within this time on the other nodes of a fleet.",
    ),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 86_400)
    .describe(
      'Lifetime of a refresh token and of the web session cookie, in seconds; each refresh extends it.',
    ),
  VERIFICATION_CODE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(600)
    .describe(
      'How long a mailed verification code, and the verification token it yields, stay valid.',
    ),
  VERIFICATION_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(5)
    .describe(
      'Wrong codes after which a verification is invalidated and a new code must be requested.',
    ),
  VERIFICATION_MAX_PER_EMAIL: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      "Verification codes one client may request for one e-mail address per AUTH_RATE_WINDOW_SECONDS, counted for the address with the client address and with the device (`x-device-id`); past it that client gets 429, other clients are not held. A limit per e-mail address alone would let anyone spend the owner's codes.",
    ),
  VERIFICATION_MAX_PER_EMAIL_PER_CLIENT_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      'The same per 24 hours: one client address alone never reaches VERIFICATION_MAX_PER_EMAIL_PER_DAY. Also the e-mail change mails one signed-in member may have sent per 24 hours, all new addresses together (counted per member, never per address).',
    ),
  VERIFICATION_CHALLENGE_AFTER_PER_EMAIL: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe(
      'Codes requested for one e-mail address per AUTH_RATE_WINDOW_SECONDS, from all clients, after which each further request needs a solved challenge (the owner solves one and gets a code).',
    ),
  VERIFICATION_MAX_PER_EMAIL_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .describe(
      'Hard ceiling of codes one e-mail address may be sent per 24 hours, from all clients: what a mail bomb can reach; once reached it refuses everyone, the owner included, so it must take work: with the defaults one client address gets at most 5 per 15 minutes and 10 per day, and past 5 per window every request costs a proof of work, so reaching 50 takes at least five client addresses and their challenges, while an owner asks for a handful a day.',
    ),
  AUTH_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(900)
    .describe('Window of the identity rate limits and of the failed sign-in counters, in seconds.'),
  AUTH_RATE_MAX_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe(
      'Sign-in, verification and reset calls one client address may make per window, per call.',
    ),
  AUTH_RATE_MAX_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      "Two-step verification calls (set-up, confirm, turn off, new recovery codes) e-mail change calls (request, confirm), password changes and deletion requests one signed-in member may make per window, each kind counted on its own. Sign-in and reset have no per-account call limit: anyone could spend it and lock the member out; the account's failure count asks for a challenge instead.",
    ),
  AUTH_RATE_MAX_PER_DEVICE: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'Sign-in, verification and reset calls one device (`x-device-id`) may make per window, per call.',
    ),
  AUTH_FREEZE_AFTER_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .default(15)
    .describe(
      'Failed sign-ins for one e-mail address from one client address, or from one device, within the window that freeze its sign-in from there. Other clients are not frozen; they are asked for a challenge from SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES failures of the account on.',
    ),
  AUTH_FREEZE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(900)
    .describe('How long a frozen sign-in stays frozen, in seconds (`account_freeze`).'),
  DAV_ACCOUNT_PASSWORD: flag
    .default(false)
    .describe(
      'Whether WebDAV takes the account password with HTTP Basic, for members without two-step verification; app passwords work either way.',
    ),
  APP_PASSWORDS_MAX_PER_MEMBER: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(50)
    .describe('App passwords one member may hold at once.'),
  OAUTH_CLIENTS: oauthClientsSchema.describe(
    'OAuth registrations by client id, as JSON: `{"desktop": {"name", "type": "public" | "confidential", "secret", "redirect_uris": [...], "grant_types": [...], "scopes": [...]}}`. Given fields replace those of the built-in registration of that id (docs/accounts.md); every id must also be in AUTH_CLIENTS. A `secret` shorter than 32 characters is taken with a warning in the log.',
  ),
  OAUTH_CODE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(600)
    .default(60)
    .describe('Lifetime of an authorization code, in seconds; a code is spent by its first use.'),
  DEVICE_CODE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(3600)
    .default(600)
    .describe('Lifetime of a device authorization (its device_code and user_code), in seconds.'),
  DEVICE_CODE_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(5)
    .describe('Seconds a device must wait between polls at first; every `slow_down` adds 5.'),
  DEVICE_USER_CODE_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      'User-code look-ups and decisions one member, and one client address, may make per AUTH_RATE_WINDOW_SECONDS.',
    ),
  SMTP_URL: z
    .string()
    .default('')
    .refine((value) => value === '' || /^smtps?:\/\//.test(value), {
      message: 'must be empty (outbox) or an smtp:// or smtps:// URL',
    })
    .describe(
      '`smtp://user:pass@host:587` or `smtps://...:465` sends mail over SMTP; empty writes each message as an `.eml` file to `DATA_DIR/outbox` and logs verification codes.',
    ),
  TWO_FACTOR_ISSUER: z
    .string()
    .min(1)
    .max(64)
    .default('Nimbus')
    .describe("The issuer authenticator apps show next to a member's two-step verification code."),
  SHIELD_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(3600)
    .default(300)
    .describe('Seconds a captcha token from `/v1/shield/captcha/init` stays valid (`expires_in`).'),
  SHIELD_CHALLENGE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(3600)
    .default(600)
    .describe('Seconds a proof-of-work challenge may take to be solved.'),
  SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      'Failed sign-ins of one account within AUTH_RATE_WINDOW_SECONDS after which a challenge is needed.',
    ),
  SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe(
      'Failed sign-ins from one device (`x-device-id`) within the window after which a challenge is needed.',
    ),
  SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'Failed sign-ins from one client address within the window after which a challenge is needed.',
    ),
  SHIELD_POW_MAX_COUNTER: z.coerce
    .number()
    .int()
    .min(2)
    .max(10_000_000)
    .default(50_000)
    .describe('Proof-of-work difficulty: a browser tries about half this many SHA-256 hashes.'),
  SHIELD_INIT_MAX_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe(
      'Captcha init and challenge solve calls one client address may make per AUTH_RATE_WINDOW_SECONDS.',
    ),
  SHIELD_INIT_MAX_PER_DEVICE: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe('Captcha init calls one device may make per AUTH_RATE_WINDOW_SECONDS.'),
  SHIELD_SIGN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(300)
    .describe(
      "How far the `timestamp` of a signed captcha meta may be from the server's clock, in seconds.",
    ),
  SHIELD_CLIENT_SALTS: z
    .string()
    .default('{}')
    .transform((value, context) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'client ids are 1-64 of A-Z a-z 0-9 . _ -'),
        z.array(z.string().min(1).max(256)).min(1).max(64),
      ),
    )
    .describe(
      'The salt lists of clients that sign captcha meta (`captcha_sign`), as JSON: `{"android":["salt1",...,"salt10"]}`: each client\'s own list, in its order (1 to 64 salts; the original service\'s apps use ten). A client without a list cannot use signed meta (its init answers `captcha_invalid`).',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(254)
    .optional()
    .describe('Sender of Nimbus mail; defaults to `Nimbus <no-reply@host of PUBLIC_URL>`.'),
};
