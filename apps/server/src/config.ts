import path from 'node:path';
import ipaddr from 'ipaddr.js';
import {
  appDownloadsSchema,
  appLinkSchemeSchema,
  compensationOfferSchema,
  compensationTypePattern,
  parseProducts,
  type Product,
} from '@nimbus/contracts';
import { z } from 'zod';
import { oauthClientsSchema } from './modules/oauth/oauth-clients';

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((value) => value === 'true' || value === '1' || value === 'on');

function isCidrOrAddress(value: string): boolean {
  return value.includes('/') ? ipaddr.isValidCIDR(value) : ipaddr.isValid(value);
}

/** A JSON setting: parsed, or one readable issue when the text is not JSON. */
function jsonSetting(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, context): unknown => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    });
}

const originSchema = z.url().transform((value) => new URL(value).origin);

/**
 * Every setting of the server, read once from the environment at boot. Each variable is
 * documented here and in the README's configuration table.
 */
export const configSchema = z
  .object({
    /** `production` or `development`; development serves the web app with hot reload. */
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    /** TCP port of the one server that answers the site and every API path. */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Interface to listen on; `0.0.0.0` for every IPv4 interface. */
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Folder of the SQLite database, the blobs and the mail outbox. */
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * Uploads and offline downloads write whole 1 MiB buffers with direct I/O (`O_DIRECT`), past
     * the page cache, where the file system of DATA_DIR has it; `false` writes through the cache.
     */
    DIRECT_IO: flag.default(true),
    /** `postgres://user:pass@host/db` selects PostgreSQL; empty means SQLite in DATA_DIR. */
    DATABASE_URL: z
      .string()
      .default('')
      .refine((value) => value === '' || /^postgres(ql)?:\/\//.test(value), {
        message: 'must be empty (SQLite) or a postgres:// URL',
      }),
    /** Connections in the PostgreSQL pool. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** The site's public origin, used for absolute links, cookies and the allowed origins. */
    PUBLIC_URL: originSchema.optional(),
    /** Extra origins allowed to send cookie-authenticated writes and CORS requests. */
    ALLOWED_ORIGINS: commaList.pipe(z.array(originSchema)),
    /** Which proxies to trust for the client address: `loopback`, `none`, or a list of CIDRs. */
    TRUST_PROXY: z.string().default('loopback'),
    /** pino log level. */
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Requests one client address may make per RATE_LIMIT_WINDOW_MS. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
    /** Length of the rate-limit window in milliseconds. */
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Largest JSON body accepted, in bytes (uploads have their own limits). */
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    /** Serve the web app from apps/web in the same process (`off` for an API-only node). */
    WEB: flag.default(true),
    /** Folder of the Next.js app; defaults to apps/web next to the server. */
    WEB_DIR: z.string().optional(),
    /** Client addresses (CIDRs) the access check answers as not accessible. */
    ACCESS_BLOCKED_CIDRS: commaList,
    /** Countries (ISO alpha-2) the access check answers as not accessible. */
    ACCESS_BLOCKED_COUNTRIES: commaList.transform((list) => list.map((code) => code.toUpperCase())),
    /** Request header that carries the visitor's country, set by a CDN (e.g. `cf-ipcountry`). */
    COUNTRY_HEADER: z.string().toLowerCase().optional(),
    /** Whether the hidden debug console may be opened (`/config/v1/debug_options`). */
    DEBUG_CONSOLE: flag.default(false),
    /**
     * Secret (at least 32 characters) that signs access tokens and keys verification codes.
     * When unset, one is generated on first start and kept in `DATA_DIR/auth-secret`; every node
     * of a fleet must share the same value.
     */
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Registered client ids (`client_id`) allowed to sign in. */
    AUTH_CLIENTS: commaList
      .transform((list) =>
        list.length > 0 ? list : ['web', 'tv', 'desktop', 'extension', 'android', 'ios'],
      )
      .pipe(
        z.array(
          z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'client ids are 1-64 of A-Z a-z 0-9 . _ -'),
        ),
      ),
    /** Lifetime of an access token, in seconds. */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    /** Lifetime of a refresh token and of the web session cookie, in seconds; each refresh extends it. */
    REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(3600)
      .default(30 * 86_400),
    /** How long a mailed verification code, and the verification token it yields, stay valid. */
    VERIFICATION_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
    /** Wrong codes after which a verification is invalidated and a new code must be requested. */
    VERIFICATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /**
     * Verification codes one client may request for one e-mail address per AUTH_RATE_WINDOW_SECONDS,
     * counted for the address with the client address and with the device (`x-device-id`); past
     * it that client gets 429, other clients are not held. A limit per e-mail address alone would
     * let anyone spend the owner's codes.
     */
    VERIFICATION_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    /** The same per 24 hours: one client address alone never reaches VERIFICATION_MAX_PER_EMAIL_PER_DAY. */
    VERIFICATION_MAX_PER_EMAIL_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).default(10),
    /**
     * Codes requested for one e-mail address per AUTH_RATE_WINDOW_SECONDS, from all clients, after
     * which each further request needs a solved challenge (the owner solves one and gets a code).
     */
    VERIFICATION_CHALLENGE_AFTER_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    /**
     * Hard ceiling of codes one e-mail address may be sent per 24 hours, from all clients: what a
     * mail bomb can reach; once reached it refuses everyone, the owner included, so it must take
     * work: with the defaults one client address gets at most 5 per 15 minutes and 10 per day, and
     * past 5 per window every request costs a proof of work, so reaching 50 takes at least five
     * client addresses and their challenges, while an owner asks for a handful a day.
     */
    VERIFICATION_MAX_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).default(50),
    /** Window of the identity rate limits and of the failed sign-in counters, in seconds. */
    AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /** Sign-in, verification and reset calls one client address may make per window, per call. */
    AUTH_RATE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
    /**
     * Two-step verification calls (set-up, confirm, turn off, new recovery codes) one signed-in
     * member may make per window. Sign-in and reset have no per-account call limit: anyone could
     * spend it and lock the member out; the account's failure count asks for a challenge instead.
     */
    AUTH_RATE_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
    /** Sign-in, verification and reset calls one device (`x-device-id`) may make per window, per call. */
    AUTH_RATE_MAX_PER_DEVICE: z.coerce.number().int().min(1).default(30),
    /**
     * Failed sign-ins for one e-mail address from one client address, or from one device, within
     * the window that freeze its sign-in from there. Other clients are not frozen; they are asked
     * for a challenge from SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES failures of the account on.
     */
    AUTH_FREEZE_AFTER_FAILURES: z.coerce.number().int().min(1).default(15),
    /** How long a frozen sign-in stays frozen, in seconds (`account_freeze`). */
    AUTH_FREEZE_SECONDS: z.coerce.number().int().min(1).default(900),
    /**
     * OAuth registrations by client id, as JSON: `{"desktop": {"name", "type": "public" |
     * "confidential", "secret", "redirect_uris": [...], "grant_types": [...], "scopes": [...]}}`.
     * Given fields replace those of the built-in registration of that id (README); every id must
     * also be in AUTH_CLIENTS.
     */
    OAUTH_CLIENTS: oauthClientsSchema,
    /** Lifetime of an authorization code, in seconds; a code is spent by its first use. */
    OAUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
    /** Lifetime of a device authorization (its device_code and user_code), in seconds. */
    DEVICE_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
    /** Seconds a device must wait between polls at first; every `slow_down` adds 5. */
    DEVICE_CODE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
    /** User-code look-ups and decisions one member, and one client address, may make per AUTH_RATE_WINDOW_SECONDS. */
    DEVICE_USER_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(20),
    /**
     * `smtp://user:pass@host:587` or `smtps://...:465` sends mail over SMTP; empty writes each
     * message as an `.eml` file to `DATA_DIR/outbox` and logs verification codes.
     */
    SMTP_URL: z
      .string()
      .default('')
      .refine((value) => value === '' || /^smtps?:\/\//.test(value), {
        message: 'must be empty (outbox) or an smtp:// or smtps:// URL',
      }),
    /** The issuer authenticator apps show next to a member's two-step verification code. */
    TWO_FACTOR_ISSUER: z.string().min(1).max(64).default('Nimbus'),
    /** Seconds a captcha token from `/v1/shield/captcha/init` stays valid (`expires_in`). */
    SHIELD_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(300),
    /** Seconds a proof-of-work challenge may take to be solved. */
    SHIELD_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
    /** Failed sign-ins of one account within AUTH_RATE_WINDOW_SECONDS after which a challenge is needed. */
    SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(10),
    /** Failed sign-ins from one device (`x-device-id`) within the window after which a challenge is needed. */
    SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES: z.coerce.number().int().min(1).default(10),
    /** Failed sign-ins from one client address within the window after which a challenge is needed. */
    SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES: z.coerce.number().int().min(1).default(30),
    /** Proof-of-work difficulty: a browser tries about half this many SHA-256 hashes. */
    SHIELD_POW_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(50_000),
    /** Captcha init and challenge solve calls one client address may make per AUTH_RATE_WINDOW_SECONDS. */
    SHIELD_INIT_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
    /** Captcha init calls one device may make per AUTH_RATE_WINDOW_SECONDS. */
    SHIELD_INIT_MAX_PER_DEVICE: z.coerce.number().int().min(1).default(30),
    /** How far the `timestamp` of a signed captcha meta may be from the server's clock, in seconds. */
    SHIELD_SIGN_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    /**
     * The salt lists of clients that sign captcha meta (`captcha_sign`), as JSON:
     * `{"android":["salt1",...,"salt10"]}`, ten salts per client. A client without a list cannot
     * use signed meta (its init answers `captcha_invalid`).
     */
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
          z.array(z.string().min(1).max(256)).length(10, 'each client has ten salts'),
        ),
      ),
    /** Sender of Nimbus mail; defaults to `Nimbus <no-reply@host of PUBLIC_URL>`. */
    MAIL_FROM: z.string().min(3).max(254).optional(),
    /**
     * Where a plain-text copy of each member's feedback (`POST /drive/v1/feedback`) is mailed;
     * empty: no copy (operators read feedback with `npm run feedback`).
     */
    FEEDBACK_EMAIL: z.union([z.literal(''), z.email().max(254)]).default(''),
    /** Feedback one member may send per 24 hours. */
    FEEDBACK_MAX_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(10),
    /** Feedback one client address may send per 24 hours, over all members. */
    FEEDBACK_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(30),
    /** Days an analytics event (`POST /statistics/pub/event`) is kept before the sweep deletes it. */
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Calls of `POST /statistics/pub/event` one client address may make per minute. */
    ANALYTICS_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Where file bytes live: `local` (DATA_DIR/blobs) or `s3` (an S3-compatible bucket). */
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    /** Endpoint of an S3-compatible service (`https://minio.example:9000`); AWS's own when unset. */
    S3_ENDPOINT: z.url().optional(),
    /** Bucket of the blobs; required with BLOB_STORE=s3. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    /** Region of the bucket. */
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Access key id; with S3_SECRET_ACCESS_KEY, else the SDK's default chain (environment, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    /** Secret access key that goes with S3_ACCESS_KEY_ID. */
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services need. */
    S3_FORCE_PATH_STYLE: flag.default(false),
    /** Storage (bytes) of a member on the free plan (no active membership). */
    PLAN_FREE_STORAGE_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(10 * 1024 ** 3),
    /** Storage (bytes) of a premium member. */
    PLAN_PREMIUM_STORAGE_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(6 * 1024 ** 4),
    /** Cloud (URL) download tasks a free member may create (`quotas.cloud_download.limit`). */
    PLAN_FREE_CLOUD_DOWNLOADS: z.coerce.number().int().min(0).default(5),
    /** Download traffic (bytes) of a free member (`quotas.download_traffic.limit`). */
    PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(100 * 1024 ** 3),
    /** Cloud (URL) download tasks a premium member may create. */
    PLAN_PREMIUM_CLOUD_DOWNLOADS: z.coerce.number().int().min(0).default(1000),
    /** Download traffic (bytes) of a premium member. */
    PLAN_PREMIUM_DOWNLOAD_TRAFFIC_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(4 * 1024 ** 4),
    /** Offline downloads a free member has running at once; the others wait in the queue. */
    PLAN_FREE_OFFLINE_RUNNING: z.coerce.number().int().min(1).max(64).default(2),
    /** Offline downloads a premium member has running at once. */
    PLAN_PREMIUM_OFFLINE_RUNNING: z.coerce.number().int().min(1).max(64).default(5),
    /** Bytes a free member's offline downloads may fetch per UTC month. */
    PLAN_FREE_OFFLINE_TRAFFIC_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(50 * 1024 ** 3),
    /** Bytes a premium member's offline downloads may fetch per UTC month. */
    PLAN_PREMIUM_OFFLINE_TRAFFIC_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(10 * 1024 ** 4),
    /**
     * Activation-code redemptions one member, and one client address, may try per
     * AUTH_RATE_WINDOW_SECONDS, right or wrong (guessing defence).
     */
    ACTIVATION_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(10),
    /** Premium days a new member receives on the free-trial call without an invitation; 0: none. */
    FREE_TRIAL_DAYS: z.coerce.number().int().min(0).max(366).default(3),
    /** Premium days an invitation grants each of the two members (the new one and the inviter). */
    INVITE_FREE_DAYS: z.coerce.number().int().min(0).max(366).default(7),
    /** Days after sign-up during which a member may still receive the trial or an invitation's days. */
    INVITE_CLAIM_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    /** Invitations that earn the inviter days per 30 days; later ones grant the new member the trial. */
    INVITE_MAX_PER_INVITER_PER_MONTH: z.coerce.number().int().min(0).max(10000).default(30),
    /** Trial or invitation grants to members calling from one client address per 24 hours. */
    INVITE_MAX_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).max(10000).default(3),
    /** Premium days a membership task's reward grants (`POST /vip/v1/activity/rewardVip`). */
    TASK_REWARD_DAYS: z.coerce.number().int().min(1).max(366).default(1),
    /**
     * Days before the end of a member's premium that the expiry reminder mail goes out (once per
     * end, in the member's language, with a renew link and an unsubscribe link); 0 sends none.
     */
    MEMBERSHIP_REMINDER_DAYS: z.coerce.number().int().min(0).max(60).default(3),
    /**
     * When each seasonal promotion ends, as JSON `{"christmas":"2027-01-01T00:00:00Z", ...}`
     * (RFC 3339). From then on its page (`/activity/<name>`) leads to /activity-end. Published by
     * `POST /config/v1/activity_operation`; a stored `activities` setting overrides it per name.
     */
    ACTIVITY_ENDS: jsonSetting(
      '{"christmas":"2027-01-01T00:00:00Z","black-friday":"2026-12-01T00:00:00Z"}',
    ).pipe(
      z.record(
        z.string().regex(/^[a-z0-9-]{1,64}$/, 'names are a-z, 0-9 and -'),
        z.iso.datetime({ offset: true }),
      ),
    ),
    /**
     * The compensations members claim on /activity/compensation?type=<type>, as JSON
     * `{"<type>":{"days":7,"joined_before":"<RFC 3339>","ends_at":"<RFC 3339>"}}`: members who
     * signed up before `joined_before` may claim `days` premium days once, until `ends_at`.
     */
    COMPENSATIONS: jsonSetting(
      '{"aliyun_accident_202409":{"days":7,"joined_before":"2024-09-11T00:00:00Z","ends_at":"2024-12-31T00:00:00Z"}}',
    ).pipe(
      z.record(
        z.string().regex(compensationTypePattern, 'types are a-z, 0-9 and _'),
        compensationOfferSchema,
      ),
    ),
    /**
     * The apps the site offers for download, as JSON by channel (`android` package file, `gp`
     * Android app store, `ios`, `tv`, `windows`, `mac_apple_silicon`, `mac_intel`,
     * `extension_chrome`, `extension_edge`, `extension_firefox`):
     * `{"android":{"url":"https://...","version":"2.4.1","size":48234112,"notes":"...","sha256":"..."}}`.
     * Published by `POST /config/v1/resources` as `app_downloads`; a stored `app_downloads`
     * setting overrides it channel by channel. Empty: the app pages point to the web app.
     */
    APP_DOWNLOADS: jsonSetting('{}').pipe(appDownloadsSchema),
    /** The apps' own URL scheme (`nimbus`): `<scheme>://xpan/<path>` opens the installed app. Empty: none. */
    APP_LINK_SCHEME: appLinkSchemeSchema.optional(),
    /**
     * The purchase pages' catalogue (`POST /config/v1/external_products`), as a JSON list of
     * products `{"id","kind":"premium"|"storage"|"traffic","name","days","bytes","price",
     * "currency","checkout_url","highlight"}` sold in the operator's own shop (Nimbus holds no card
     * processor; the shop hands out activation codes). Empty: defaults derived from the plan
     * limits, without prices or checkout links. A stored `products` setting of scope
     * `external_products` replaces it.
     */
    EXTERNAL_PRODUCTS: z
      .string()
      .default('')
      .transform((value, context): Product[] | undefined => {
        if (value.trim() === '') {
          return undefined;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(value) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'must be a JSON list of products' });
          return z.NEVER;
        }
        const { products, problems } = parseProducts(parsed);
        for (const problem of problems) {
          context.addIssue({
            code: 'custom',
            message: `product ${problem.index}: ${problem.message}`,
          });
        }
        return problems.length > 0 ? z.NEVER : products;
      }),
    /**
     * Hours an unfinished upload is kept after its last bytes arrived (tus `Upload-Expires`);
     * then the sweep deletes its partial data and its PENDING file.
     */
    UPLOAD_EXPIRY_HOURS: z.coerce.number().min(0.01).max(8760).default(24),
    /**
     * MiB between two durable checkpoints of a tus PATCH: as its bytes arrive the partial file is
     * fdatasynced and, after each fdatasync, the offset it covered is recorded once this many MiB
     * more are durable. A request cut short (a crash, a kill, a lost connection) resumes from the
     * last checkpoint, so a client sends again at most about this much. Smaller costs a database
     * write more often.
     */
    UPLOAD_CHECKPOINT_MIB: z.coerce.number().int().min(1).max(4096).default(64),
    /**
     * Origin of signed download, thumbnail and zip links (`/content/v1/...`); the site's own
     * origin when unset. Production should use a separate registrable domain (for example
     * `https://files.example-content.net`) pointing at the same server, so nothing served there
     * shares cookies or storage with the site.
     */
    CONTENT_ORIGIN: originSchema.optional(),
    /** Lifetime of a signed content link, in seconds; a download that started may run past it. */
    CONTENT_LINK_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(6 * 3600),
    /** Days an item stays in the trash before it is deleted for good (and its blob released). */
    TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * Days a member's deletion request (status `under_review`) waits before the operator's purge
     * may delete the account; until then an operator can restore it.
     */
    ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(1).max(3650).default(15),
    /**
     * Wrong pass codes from one device or one address (any share) within AUTH_RATE_WINDOW_SECONDS
     * after which that client is held for a window: each of its attempts needs a solved challenge,
     * a right code still opens the share and a wrong one answers 429. A share's own count never
     * refuses anyone; from SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES wrong codes on, every visitor
     * of it solves a challenge first.
     */
    SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).default(20),
    /**
     * Lets offline downloads reach loopback and private addresses (127/8, 10/8, 172.16/12,
     * 192.168/16, ::1, fc00::/7). Off by default; for tests and local development only.
     */
    ALLOW_PRIVATE_FETCH: flag.default(false),
    /**
     * Address ranges (CIDRs, comma-separated) offline downloads may reach although they are
     * loopback, private, link-local, ... Empty by default: only public addresses. For tests and
     * local development only (`127.0.0.1/32`).
     */
    OFFLINE_FETCH_ALLOWED_CIDRS: commaList.pipe(
      z.array(
        z.string().refine((value) => isCidrOrAddress(value), {
          message: 'is not an address or CIDR range',
        }),
      ),
    ),
    /** Ports offline downloads may reach besides 80 and 443 (comma-separated). */
    OFFLINE_FETCH_EXTRA_PORTS: commaList.pipe(
      z.array(
        z
          .string()
          .regex(/^\d{1,5}$/)
          .transform(Number)
          .pipe(z.number().int().min(1).max(65535)),
      ),
    ),
    /** Largest file one offline download may bring, in bytes. */
    OFFLINE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(20 * 1024 ** 3),
    /** Longest one offline download may take, in seconds. */
    OFFLINE_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .default(6 * 3600),
    /** Offline downloads this process runs at once; 0 runs no worker here (`npm run worker` elsewhere). */
    OFFLINE_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
    /**
     * Seconds a running offline download stays its worker's without a sign of life (renewed every
     * second while bytes flow); a task of a worker that died goes back to the queue after it.
     */
    OFFLINE_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
    /**
     * Seconds between two looks of a worker at the offline queue when nobody said a task waits.
     * A task queued in the worker's process (or, on PostgreSQL, in any process: LISTEN/NOTIFY)
     * starts at once; the poll finds what a notification missed and, on SQLite, what another
     * process queued.
     */
    OFFLINE_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
    /**
     * Whether torrent downloads also look for peers in the BitTorrent DHT (needed for magnet
     * links without trackers). On by default; the DHT's packets keep to the same address rules.
     */
    OFFLINE_TORRENT_DHT: flag.default(true),
    /**
     * Longest the link checker waits for a magnet link's metadata (its file list) from the swarm,
     * in seconds; what it fetched is remembered for 15 minutes for the task made from it.
     */
    OFFLINE_TORRENT_METADATA_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  })
  .superRefine((config, context) => {
    if (config.BLOB_STORE === 's3' && config.S3_BUCKET === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required with BLOB_STORE=s3',
      });
    }
    if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    for (const clientId of Object.keys(config.OAUTH_CLIENTS)) {
      if (!config.AUTH_CLIENTS.includes(clientId)) {
        context.addIssue({
          code: 'custom',
          path: ['OAUTH_CLIENTS'],
          message: `client ${clientId} is not in AUTH_CLIENTS`,
        });
      }
    }
    for (const clientId of Object.keys(config.SHIELD_CLIENT_SALTS)) {
      if (!config.AUTH_CLIENTS.includes(clientId)) {
        context.addIssue({
          code: 'custom',
          path: ['SHIELD_CLIENT_SALTS'],
          message: `client ${clientId} is not in AUTH_CLIENTS`,
        });
      }
    }
  })
  .transform((config) => {
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    return {
      ...config,
      DATA_DIR: path.resolve(config.DATA_DIR),
      PUBLIC_URL: publicUrl,
      CONTENT_ORIGIN: config.CONTENT_ORIGIN ?? publicUrl,
      MAIL_FROM: config.MAIL_FROM ?? `Nimbus <no-reply@${new URL(publicUrl).hostname}>`,
      ALLOWED_ORIGINS: [...new Set([publicUrl, ...config.ALLOWED_ORIGINS])],
    };
  });

export type Config = z.infer<typeof configSchema>;

/** Thrown at boot when the environment does not describe a valid configuration. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; fails fast with a readable list of every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(relevant);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  return result.data;
}
