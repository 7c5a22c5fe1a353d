import type { ColumnType, Generated } from 'kysely';

/**
 * Tables of the database. Times are RFC 3339 strings in UTC with milliseconds, which sort the
 * same way on SQLite and PostgreSQL.
 */
export interface SettingTable {
  /** A config group served under `/config/v1/<scope>` (`basic`, `debug_options`, ...). */
  scope: string;
  key: string;
  /** The value as JSON text. */
  value: string;
  updated_at: string;
}

/** The states of an account (docs/api.md#user-service profile `status`). */
export type UserStatus = 'pending' | 'active' | 'blocked' | 'frozen' | 'under_review';

/** What a member may do beyond their own drive. */
export type MemberRole = 'member' | 'admin';

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

export type VerificationUsage = 'REGISTER' | 'PASSWORD_RESET';

/**
 * A code mailed to an address. A correct code turns into a verification token that a sign-up or
 * password reset spends once. Codes and tokens are stored only as hashes.
 */
export interface VerificationTable {
  id: string;
  email: string;
  usage: VerificationUsage;
  client_id: string;
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

/**
 * Content-addressed bytes behind files (0005). `size` is a bigint column: PostgreSQL returns it
 * as a string, SQLite as a number; the blob repository maps both to a number.
 */
export interface BlobTable {
  sha256: string;
  /** Xunlei/PikPak GCID, upper-case hex. */
  gcid: string;
  size: ColumnType<number | string, number, never>;
  /** Files, trashed files and shares that point at the blob; at 0 it may be collected. */
  ref_count: number;
  created_at: string;
  updated_at: string;
  /** When `verify` last re-hashed the bytes and found them intact. */
  verified_at: string | null;
}

/**
 * A member's storage counters (0019): bytes of complete files live and in the trash, moved by
 * every path that adds or removes a file in the same transaction. bigint, read as a string on
 * PostgreSQL.
 */
export interface MemberUsageTable {
  user_id: string;
  live_bytes: ColumnType<number | string, number, number>;
  trash_bytes: ColumnType<number | string, number, number>;
  updated_at: string;
}

/** A file or folder of the drive (0006). `size` is bigint, as in `blobs`. */
export interface FileTable {
  id: string;
  user_id: string;
  /** `''` at the root. */
  parent_id: string;
  kind: 'file' | 'folder';
  name: string;
  /** The case-folded name: uniqueness per folder and prefix search. */
  name_key: string;
  size: ColumnType<number | string, number, number>;
  sha256: string | null;
  gcid: string;
  mime_type: string;
  file_extension: string;
  file_category: string;
  phase: string;
  starred: number;
  /** 0 live, 1 put in the trash, 2 inside a trashed folder. */
  trashed: number;
  trashed_at: string | null;
  original_parent_id: string | null;
  /** JSON array of the folder names from the root to the original parent, for untrash. */
  original_path: string | null;
  created_at: string;
  modified_at: string;
  /** JSON string map (docs/api.md#files `params`). */
  params: string;
  /** Folders: `NORMAL`, or `DOWNLOAD` for the folder offline downloads land in (0012). */
  folder_type: ColumnType<string, string | undefined, string>;
}

/** One grant of premium days to a member (0008). */
export interface MembershipTable {
  id: string;
  user_id: string;
  /** The plan (`platinum`). */
  type: string;
  /** `activation_code`, `invite`, `compensation` or `admin`. */
  source: string;
  days: number;
  /** When the grant's days begin: its time, or the end of the days already held of `type`. */
  starts_at: string;
  expires_at: string;
  /** The code redeemed, for `activation_code` grants. */
  activation_code_id: string | null;
  created_at: string;
}

/** A code an operator minted that grants `days` of `type` (0008); stored only as a hash. */
export interface ActivationCodeTable {
  id: string;
  /** SHA-256 (hex) of the code's canonical form (upper case, no spaces or dashes). */
  code_hash: string;
  type: string;
  days: number;
  /** Redemptions still possible. */
  uses_left: number;
  max_uses: number;
  /** After this time the code answers `activation_code_expired`; null: no end. */
  expires_at: string | null;
  /** The member the code was issued to; null: anyone may redeem it. */
  user_id: string | null;
  /** The operator's note (a campaign, a ticket). */
  note: string;
  created_at: string;
  /** Size of the pack a `storage` or `traffic` code grants (0024); 0 for premium codes. */
  bytes: ColumnType<number | string, number | undefined, number>;
}

/**
 * A storage or traffic pack a member holds (0024): `bytes` added to the storage limit
 * (`storage`) or to the monthly download and cloud-download traffic (`traffic`) while
 * `starts_at <= now < expires_at`.
 */
export interface MemberPackTable {
  id: string;
  user_id: string;
  kind: string;
  bytes: ColumnType<number | string, number, never>;
  days: number;
  starts_at: string;
  expires_at: string;
  activation_code_id: string | null;
  created_at: string;
}

/** Who redeemed which code (0008): one redemption per member and code. */
/** A member's one invite code (0022). */
export interface InviteCodeTable {
  user_id: string;
  code: string;
  created_at: string;
}

/** A reward a member received from an activity, once per member and activity (0022). */
export interface ActivityGrantTable {
  user_id: string;
  /** `invite`, `task:<type>` or `compensation:<type>`. */
  activity: string;
  /** Premium days the member received (0: the claim was used without days). */
  days: number;
  /** `invite`: the member whose code was used, when it was. */
  inviter_id: string | null;
  /** `invite`: days the inviter received (0 past the inviter's monthly limit). */
  inviter_days: number;
  /** SHA-256 of the client address, for the daily limit per address; `''` when not counted. */
  address_hash: string;
  created_at: string;
}

/** An address that asked for no more mail of a scene (0022). */
export interface MailUnsubscribeTable {
  email: string;
  scene: string;
  created_at: string;
}

/** What became of a membership expiry reminder (0025). */
export type MembershipReminderStatus =
  'claimed' | 'sent' | 'unsubscribed' | 'renewed' | 'recent_grant';

/**
 * The expiry reminder of one premium end of a member (0025): claimed by one node, then sent or
 * skipped; one row per member and end, so each end is reminded of once.
 */
export interface MembershipReminderTable {
  user_id: string;
  /** The end of the membership the reminder speaks of. */
  expires_at: string;
  status: MembershipReminderStatus;
  /** When a node last claimed it; a `claimed` row older than the lease may be claimed again. */
  claimed_at: string;
  sent_at: string | null;
  /** The address and language the mail went to (`''` until sent). */
  email: string;
  locale: string;
}

export interface ActivationRedemptionTable {
  code_id: string;
  user_id: string;
  created_at: string;
}

/** What a torrent task's worker needs besides the magnet link in `tasks.source_url` (0017). */
export interface TorrentSourceTable {
  task_id: string;
  /** The member's `.torrent` file, base64; null for a magnet link. */
  torrent: string | null;
  /** JSON array of the chosen file indexes; null for every file. */
  files: string | null;
}

/** A task of a member (0010, docs/api.md#tasks). `file_size` is bigint, as in `files`. */
export interface TaskTable {
  id: string;
  user_id: string;
  /** `offline`, `restore`, `copy`, `move`, `trash`, `delete`, `upload`. */
  type: string;
  name: string;
  /** `PHASE_TYPE_PENDING|RUNNING|PAUSED|ERROR|COMPLETE`. */
  phase: string;
  /** 0-100. */
  progress: number;
  /** The file the task made or worked on, `''` when none. */
  file_id: string;
  file_name: string;
  file_size: ColumnType<number | string, number, number>;
  /** Key of the task message in the shared catalogue (`tasks.messages`), `''` when none. */
  message_key: string;
  /** JSON string map (docs/api.md#tasks `params`). */
  params: string;
  /** How many items the task covers. */
  status_size: number;
  created_at: string;
  updated_at: string;
  /** Offline tasks (0012): the URL to fetch. */
  source_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Offline tasks: the folder the file goes to; null means the member's downloads folder. */
  target_parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The worker running the task and until when its lease holds. */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** Offline tasks (0016): bytes of the partial data known durable (fsynced), resumed from. */
  fetched_bytes: ColumnType<number | string, number | undefined, number>;
  /** Offline tasks: the source's strong ETag or Last-Modified, sent as `If-Range` on resume. */
  source_validator: ColumnType<string | null, string | null | undefined, string | null>;
  /** Runs that started and did not end (0028): left over when the process died while the task ran. */
  open_runs: ColumnType<number, number | undefined, number>;
}

/** Bytes offline downloads fetched for a member in a UTC month (0016), for the plan's traffic. */
export interface OfflineTrafficTable {
  user_id: string;
  /** `YYYY-MM` (UTC). */
  period: string;
  bytes: ColumnType<number | string, number, number>;
}

/** Bytes the content origin sent for a member's own download links in a UTC month (0023). */
export interface DownloadTrafficTable {
  user_id: string;
  /** `YYYY-MM` (UTC). */
  period: string;
  bytes: ColumnType<number | string, number, number>;
}

/** Tasks of a type a member created per UTC day (0012), for the plan's daily limit. */
export interface TaskDailyCountTable {
  user_id: string;
  type: string;
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  count: number;
}

/** Something that happened to one file of a member (0010): `TYPE_UPLOAD`, `TYPE_RESTORE`, ... */
export interface EventTable {
  id: string;
  user_id: string;
  type: string;
  file_id: string;
  /** JSON string map of extra facts (the share a restore came from, ...). */
  params: string;
  created_at: string;
}

/** An upload in progress or just finished (0009); sizes are bigint, as in `files`. */
export interface UploadTable {
  id: string;
  user_id: string;
  file_id: string;
  size: ColumnType<number | string, number, number>;
  /** Bytes durably stored (fsynced before this is written). */
  received: ColumnType<number | string, number, number>;
  /** GCID the client announced, upper-case hex, or `''`. */
  client_hash: string;
  upload_type: 'resumable' | 'form';
  state: 'receiving' | 'committing' | 'complete';
  sha256: string | null;
  gcid: string | null;
  /** JSON `[{offset, length}]` of an instant upload's pending proof. */
  proof: string | null;
  created_at: string;
  expires_at: string;
}

/** A member's role other than `member` (0013); admins set moderation states. */
export interface MemberRoleTable {
  user_id: string;
  role: MemberRole;
  created_at: string;
}

/** A moderation state of a share or a file (docs/api.md#shares share statuses). */
export type ModerationStatus =
  'OK' | 'AUDITING' | 'SENSITIVE_RESOURCE' | 'SENSITIVE_WORD' | 'PROHIBITED';

/** A share link (0013). `file_size` is bigint, as in `files`. */
export interface ShareTable {
  id: string;
  user_id: string;
  title: string;
  /** `''` when the share asks for no pass code. */
  pass_code: string;
  share_to: string;
  /** Days the link was given when created or last changed; -1 never expires. */
  expiration_days: number;
  /** null: never. */
  expires_at: string | null;
  /** -1: unlimited. */
  restore_limit: number;
  restore_count: number;
  view_count: number;
  /** Items chosen when the share was made. */
  file_num: number;
  /** Bytes of the chosen items and all they held when the share was made. */
  file_size: ColumnType<number | string, number, number>;
  /** The first chosen item and its kind (`file` or `folder`). */
  file_id: string;
  file_kind: 'file' | 'folder';
  audit_status: ModerationStatus;
  /** When the owner deleted the link; visitors see `DELETED`. */
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One chosen item of a share; what a chosen folder holds is shared through it. */
export interface ShareItemTable {
  share_id: string;
  file_id: string;
  position: number;
}

/** A visitor's report of a share, for review (`POST /audit.admin/v1/share`). */
export interface ShareReportTable {
  id: string;
  share_id: string;
  reporter_id: string | null;
  reporter_address: string;
  share_user_id: string;
  /** JSON arrays as given. */
  file_ids: string;
  gcids: string;
  reason: string;
  created_at: string;
  reviewed_at: string | null;
}

/** A file's moderation state set by an operator. */
export interface FileModerationTable {
  file_id: string;
  status: ModerationStatus;
  updated_by: string;
  updated_at: string;
}

/** What sharp or ffprobe found in a blob (migration 0011-media). */
export interface MediaInfoTable {
  sha256: string;
  /** Type from the bytes (magic numbers), `''` when unknown. */
  detected_type: string;
  /** `image`, `video`, `audio`, `archive`, `torrent` or `other`, from the bytes. */
  kind: string;
  width: number;
  height: number;
  /** bigint: PostgreSQL answers it as a string. */
  duration_ms: number | string;
  video_codec: string;
  audio_codec: string;
  analyzed_at: string;
}

/** A thumbnail of a blob in one size; the row holds one reference to `blob_sha256`. */
export interface MediaThumbnailTable {
  source_sha256: string;
  size_name: string;
  blob_sha256: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number | string;
  created_at: string;
}

export interface Database {
  setting: SettingTable;
  users: UserTable;
  verifications: VerificationTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  auth_failures: AuthFailureTable;
  oauth_codes: OAuthCodeTable;
  device_grants: DeviceGrantTable;
  two_factors: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodeTable;
  shield_challenges: ShieldChallengeTable;
  captcha_tokens: CaptchaTokenTable;
  blobs: BlobTable;
  files: FileTable;
  memberships: MembershipTable;
  activation_codes: ActivationCodeTable;
  member_packs: MemberPackTable;
  activation_redemptions: ActivationRedemptionTable;
  invite_codes: InviteCodeTable;
  activity_grants: ActivityGrantTable;
  mail_unsubscribes: MailUnsubscribeTable;
  membership_reminders: MembershipReminderTable;
  tasks: TaskTable;
  task_daily_counts: TaskDailyCountTable;
  offline_traffic: OfflineTrafficTable;
  download_traffic: DownloadTrafficTable;
  torrent_sources: TorrentSourceTable;
  events: EventTable;
  uploads: UploadTable;
  shares: ShareTable;
  share_items: ShareItemTable;
  share_reports: ShareReportTable;
  file_moderation: FileModerationTable;
  member_roles: MemberRoleTable;
  share_restores: ShareRestoreTable;
  media_info: MediaInfoTable;
  media_thumbnails: MediaThumbnailTable;
  member_usage: MemberUsageTable;
  feedback: FeedbackTable;
  feedback_attachments: FeedbackAttachmentTable;
  analytics_events: AnalyticsEventTable;
  app_download_counts: AppDownloadCountTable;
  app_download_marks: AppDownloadMarkTable;
}

/** A large save from a share waiting for the restore worker (0015); `id` is its `restore` task's. */
export interface ShareRestoreTable {
  id: string;
  user_id: string;
  share_id: string;
  /** The folder the save lands in, chosen when it was accepted. */
  target_id: string;
  /** JSON: the chosen item ids and the `gcids` the saver sent. */
  spec: string;
  created_at: string;
  /** JSON: the frozen copies (0020), null until the save's first chunk commits. */
  plan: string | null;
  /** Items of the plan made so far. */
  copied: Generated<number>;
  /** Bytes booked on the saver's counter for items not made yet (bigint: a string on PostgreSQL). */
  reserved_bytes: Generated<number | string>;
  /** Runs of the save so far. */
  attempts: Generated<number>;
}

export type Id = Generated<string>;

/** A member's feedback (0026); `user_id` is null once the account is deleted. */
export interface FeedbackTable {
  id: string;
  user_id: string | null;
  category: string;
  message: string;
  contact_email: string;
  app_version: string;
  locale: string;
  user_agent: string;
  client_id: string;
  /** SHA-256 of the client address, for the per-address limit. */
  address_hash: string;
  created_at: string;
}

/** An attachment of a piece of feedback (0026): one blob reference held per row. */
export interface FeedbackAttachmentTable {
  feedback_id: string;
  position: number;
  name: string;
  /** The type found in the bytes (`feedbackAttachmentTypes`). */
  type: string;
  /** Bytes (bigint: a string on PostgreSQL). */
  size: number | string;
  sha256: string;
}

/** An analytics event (0027): the analytics context of docs/product.md#entities, no raw address. */
export interface AnalyticsEventTable {
  id: string;
  /** One of `analyticsEventNames`. */
  event: string;
  /** The page's route (`/s/:share_id`), never its query. */
  page: string;
  /** The request's `x-client-id`, `''` when none. */
  client_id: string;
  client_type: string;
  language_system: string;
  language_web: string;
  /** 2 for a premium member, else 1. */
  user_type: number;
  source: string;
  scene: string;
  /** The referring hosts, comma-joined. */
  referer_list: string;
  /** Keyed hash of the device id, `''` when none was sent. */
  device_hash: string;
  /** The member of the request's credential (never the body's `userid`); null for a visitor. */
  user_id: string | null;
  /** ISO alpha-2, `''` when not known. */
  country: string;
  /** Keyed hash of the client address. */
  address_hash: string;
  /** The event's properties, as a JSON object. */
  props: string;
  created_at: string;
}

/** The public download count of a platform (0027). */
export interface AppDownloadCountTable {
  platform: string;
  /** bigint: a string on PostgreSQL. */
  downloads: number | string;
  updated_at: string;
}

/** An address counted for a platform on a UTC day (0027), so it counts once that day. */
export interface AppDownloadMarkTable {
  platform: string;
  address_hash: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
}
