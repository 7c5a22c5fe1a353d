import type { ColumnType, Generated } from 'kysely';

/* Tables of the site's extras: feedback, analytics and app download counts. */

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

/**
 * One call of the operator console (0036): who (member and role), when, from which address,
 * what (`action` on `target_kind`/`target_id`), the state before and after as JSON text, and
 * why. Rows are only ever inserted; triggers refuse any update or delete.
 */
export interface AuditLogTable {
  id: string;
  created_at: string;
  actor_id: string;
  actor_role: string;
  ip: string;
  action: string;
  target_kind: string;
  target_id: string;
  before: string | null;
  after: string | null;
  reason: string;
  request_id: string;
}

/**
 * A figure of a finished UTC day (0058), written by the statistics rollup: `metric` names it,
 * `dimension` and `detail` split it (page and language, phase and failure, platform), `''` when
 * not split. A `rolled` row marks the day done.
 */
export interface StatisticsDailyTable {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  metric: string;
  dimension: string;
  detail: string;
  /** bigint: a string on PostgreSQL. */
  value: ColumnType<number | string, number, number>;
}

/** A message the server sent or tried to send (0060): no recipient, subject or text. */
export interface MailDeliveryTable {
  id: string;
  /** `sending`, `sent` or `failed`. */
  status: string;
  /** Why it failed, `''` otherwise. */
  error: string;
  created_at: string;
  updated_at: string;
}
