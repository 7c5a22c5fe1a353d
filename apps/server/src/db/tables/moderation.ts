import type { ModerationStatus } from './drive';

/* Tables of moderators' decisions on reported shares (0035). */

/** What a moderator decided about a reported share. */
export type ShareDecisionAction =
  'keep' | 'sensitive_resource' | 'sensitive_word' | 'prohibited' | 'block_sharer';

/** One decision on one share; `undone_at` set once a moderator undid it. */
export interface ShareDecisionTable {
  id: string;
  share_id: string;
  sharer_id: string;
  action: ShareDecisionAction;
  /** The reason code the sharer is shown (translated by the web app). */
  reason_code: string;
  /** The moderator's own words, for the audit trail; never shown to the sharer. */
  note: string;
  /** 1: the takedown covers the same bytes (SHA-256) everywhere. */
  content_wide: number;
  /** The sharer's account status before a block; null for other actions. */
  sharer_status_before: string | null;
  moderator_id: string;
  created_at: string;
  undone_at: string | null;
  undone_by: string | null;
}

/** A share or file a decision changed, with its state before (null: a file without one). */
export interface ShareDecisionTargetTable {
  decision_id: string;
  kind: 'share' | 'file';
  target_id: string;
  status_before: ModerationStatus | null;
  reason_before: string;
}

/** Content taken down everywhere by a decision: new shares of these bytes are refused. */
export interface ContentBanTable {
  sha256: string;
  decision_id: string;
  created_at: string;
}
