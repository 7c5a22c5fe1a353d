import type { ColumnType } from 'kysely';

/* Tables of memberships: grants, codes, packs, invites, activities, mail and reminders. */

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
  /** The console batch the code was minted in (0043); null for codes of the command line. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an operator revoked the code unused (0043); it has no uses left from then on. */
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One mint of activation codes in the operator console (0043). */
export interface ActivationBatchTable {
  id: string;
  note: string;
  count: number;
  /** The operator who minted it. */
  created_by: string;
  created_at: string;
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
  'claimed' | 'sent' | 'unsubscribed' | 'renewed' | 'recent_grant' | 'subscription';

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
