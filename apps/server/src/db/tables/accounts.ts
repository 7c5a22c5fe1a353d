import type { ColumnType } from 'kysely';

/* Tables of accounts: settings, members, sessions, sign-in limits, two-factor, the shield, OAuth. */

export interface SettingTable {
  /** A config group served under `/config/v1/<scope>` (`basic`, `debug_options`, ...). */
  scope: string;
  key: string;
  /** The value as JSON text. */
  value: string;
  updated_at: string;
}

/** One change of a site setting by the operator console (0054); never updated. */
export interface SettingHistoryTable {
  id: string;
  /** The setting, `scope.key`. */
  name: string;
  /** The stored value before and after, as JSON text; null when none was stored. */
  before: string | null;
  after: string | null;
  actor_id: string;
  reason: string;
  /** The change this one reverted, `''` for an edit. */
  reverts: string;
  created_at: string;
}

/** The states of an account (docs/api.md#user-service profile `status`). */
export type UserStatus = 'pending' | 'active' | 'blocked' | 'frozen' | 'under_review';

/** What a member may do beyond their own drive: a console role (docs/product.md#operator-console). */
export type MemberRole = 'admin' | 'moderator' | 'support';

/** A member. `email` is stored lower-cased and is unique. */
export interface UserTable {
  id: string;
  email: string;
  name: string;
  /** argon2id PHC string; null for an account that has never set a password. */
  password_hash: string | null;
  status: UserStatus;
  /** End of an operator's freeze (status `frozen`); null means until lifted. */
  frozen_until: string | null;
  /** The member's language, for mail. */
  locale: string;
  /** Avatar URL, `""` when none. */
  picture: string;
  /** Phone number in E.164, `""` when none. */
  phone_number: string;
  /** The uploaded avatar's blob, which this row holds one reference to; null when none. */
  picture_sha256: string | null;
  /** The image type found in the uploaded avatar's bytes (`image/png`, ...); null when none. */
  picture_type: string | null;
  /** When the member asked for the account to be deleted (status `under_review`). */
  deletion_requested_at: string | null;
  created_at: string;
  updated_at: string;
}

export type VerificationUsage = 'REGISTER' | 'PASSWORD_RESET' | 'EMAIL_CHANGE';

/**
 * A code mailed to an address. A correct code turns into a verification token that a sign-up or
 * password reset spends once, or (`EMAIL_CHANGE`) moves its member's account to the address. Codes and tokens are stored only as hashes.
 */
export interface VerificationTable {
  id: string;
  email: string;
  usage: VerificationUsage;
  client_id: string;
  /** The member changing to this address (`EMAIL_CHANGE`); null for sign-up and reset codes. */
  user_id: string | null;
  /** HMAC of the code under the server's key. */
  code_hash: string;
  /** Wrong codes tried so far. */
  attempts: number;
  expires_at: string;
  /** When the code was used or invalidated; it is never accepted again. */
  consumed_at: string | null;
  /** SHA-256 of the verification token issued for the correct code. */
  verification_token_hash: string | null;
  token_expires_at: string | null;
  token_consumed_at: string | null;
  created_at: string;
}

/**
 * A signed-in session: one refresh-token family, and for the web app the session cookie.
 * Revoking it ends every token of the family.
 */
export interface SessionTable {
  id: string;
  user_id: string;
  client_id: string;
  device_id: string;
  user_agent: string;
  ip: string;
  scope: string;
  /** SHA-256 of the web app's session cookie token; null for other clients. */
  cookie_token_hash: string | null;
  created_at: string;
  last_used_at: string;
  /** The session ends here unless a refresh extends it. */
  expires_at: string;
  revoked_at: string | null;
  /** When the sign-in of this session last passed a two-factor check; null when it never did. */
  two_factor_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** `signout`, `reuse`, `password_reset`, `password_change`, `member` (ended from the device list). */
  revoked_reason: string | null;
}

/** One refresh token of a family. A used one is marked rotated; presenting it again is reuse. */
export interface RefreshTokenTable {
  id: string;
  session_id: string;
  token_hash: string;
  /** The token this one replaced. */
  rotated_from: string | null;
  /** When this token was exchanged for its successor. */
  rotated_at: string | null;
  created_at: string;
  expires_at: string;
}

/**
 * What a failed-attempt counter counts: an e-mail address (or a share, `share:<id>`), a client
 * address, a device, or one e-mail address tried from one client address or one device (the
 * subject is then a hash of the pair). The `mail` scopes count mailed codes asked for an e-mail
 * address: per window, per day, and per window and per day from one client address or one device.
 */
export type FailureScope =
  | 'account'
  | 'address'
  | 'device'
  | 'account_address'
  | 'account_device'
  | 'mail'
  | 'mail_day'
  | 'mail_address'
  | 'mail_device'
  | 'mail_address_day'
  | 'mail_device_day';

/**
 * Failed sign-in and pass-code attempts per subject in the current window. The sign-in freeze
 * reads the pair counters (one account from one client); the captcha shield reads the account,
 * address and device counters.
 */
export interface AuthFailureTable {
  scope: FailureScope;
  subject: string;
  failures: number;
  window_started_at: string;
  last_failure_at: string;
  /**
   * Held until then: a pair counter refuses sign-in (`account_freeze`), an address or device
   * counter makes every attempt need a solved challenge and refuses wrong pass codes.
   */
  locked_until: string | null;
}

/**
 * A member's TOTP secret (RFC 6238). Two-factor sign-in is on once `enabled_at` is set; until
 * then the secret waits for the first code. The secret is stored only encrypted.
 */
export interface TwoFactorTable {
  user_id: string;
  /** AES-256-GCM box of the base32 secret under a key derived from the auth secret. */
  secret_box: string;
  /** When the first code confirmed the secret; null while set-up is pending. */
  enabled_at: string | null;
  /** The last TOTP time step accepted; a code of this step or an earlier one is a replay. */
  last_step: number;
  created_at: string;
  updated_at: string;
}

/** A single-use recovery code of a member, stored as an HMAC under a server key. */
export interface TwoFactorRecoveryCodeTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A proof-of-work challenge the captcha shield asked a client to solve, bound to its action. */
export interface ShieldChallengeTable {
  id: string;
  client_id: string;
  /** `METHOD:/path` the token earned by solving it will be good for. */
  action: string;
  device_id: string;
  /** The account the action is about (lower-cased e-mail or member id), `""` when none. */
  subject: string;
  /** The signed altcha challenge, as JSON. */
  challenge: string;
  created_at: string;
  expires_at: string;
  /** Set once: a challenge earns one token. */
  solved_at: string | null;
}

/** How a captcha token was earned: low risk gave it directly, or a solved challenge. */
export type CaptchaProof = 'direct' | 'challenge';

/** A captcha token, stored as the SHA-256 of its value; bound to client, action and device. */
export interface CaptchaTokenTable {
  token_hash: string;
  client_id: string;
  action: string;
  device_id: string;
  subject: string;
  proof: CaptchaProof;
  created_at: string;
  expires_at: string;
  /** Set when a protected action spent it; it is never accepted again. */
  consumed_at: string | null;
}

/**
 * An authorization code (RFC 6749 §4.1) handed to a client's redirect URI. Spent once, within
 * seconds; bound to the client, the redirect URI and the PKCE challenge.
 */
export interface OAuthCodeTable {
  /** SHA-256 of the code. */
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  /** Granted scopes, space-separated. */
  scope: string;
  /** The S256 PKCE challenge; null only for confidential clients that sent none. */
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: string;
  expires_at: string;
  /** When the code was presented at the token endpoint; it is never accepted again. */
  consumed_at: string | null;
  /** The session its tokens opened, revoked when the code is replayed. */
  session_id: string | null;
}

/** Where a device authorization stands (RFC 8628). */
export type DeviceGrantStatus = 'pending' | 'approved' | 'denied' | 'consumed';

/** A device authorization: a TV waits with `device_code` while a member approves `user_code`. */
export interface DeviceGrantTable {
  id: string;
  /** SHA-256 of the device code. */
  device_code_hash: string;
  /** The code shown on the TV, bare (`WDJBMJHT`). */
  user_code: string;
  client_id: string;
  scope: string;
  status: DeviceGrantStatus;
  /** The member who approved or denied it. */
  user_id: string | null;
  /** Seconds the device must wait between polls; grows by 5 on every `slow_down`. */
  interval_seconds: number;
  last_polled_at: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  /** The session its tokens opened. */
  session_id: string | null;
}

/** A member's app password (0042): only its SHA-256 is kept. */
export interface AppPasswordTable {
  id: string;
  user_id: string;
  name: string;
  /** `read` or `write`. */
  scope: string;
  password_hash: string;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string;
}
