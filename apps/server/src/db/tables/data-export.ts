import type { ColumnType } from 'kysely';

/** A member's data export (migration 0053-data-exports). */
export interface DataExportTable {
  id: string;
  user_id: string;
  /** The member's id while pending or running, null after (one export under way per member). */
  active_user_id: string | null;
  /** `pending`, `running`, `ready`, `failed` or `expired`. */
  phase: string;
  /** Why a failed export failed. */
  reason: ColumnType<string, string | undefined, string>;
  lease_owner: string | null;
  lease_until: string | null;
  /** Runs taken so far; a run the process died in counts. */
  attempts: ColumnType<number, number | undefined, number>;
  file_count: ColumnType<number, number | undefined, number>;
  /** Bytes of the zip. */
  size: ColumnType<number | string, number | undefined, number>;
  /** The JSON of the account put in the zip (`nimbus-account.json`). */
  account_json: ColumnType<string, string | undefined, string>;
  requested_at: string;
  updated_at: string;
  /** Until when a ready export downloads. */
  expires_at: string | null;
  /** The id of the API request that queued it (0062), named on the worker's lines; `''` if none. */
  request_id: ColumnType<string, string | undefined, string>;
}

/** One entry of a ready export's zip, in order; a row with `sha256` holds a blob reference. */
export interface DataExportEntryTable {
  export_id: string;
  seq: number;
  /** The entry's path in the zip, folders without the trailing slash. */
  path: string;
  kind: 'file' | 'folder';
  sha256: string | null;
  size: ColumnType<number | string, number, number>;
  modified_at: string;
  /** CRC-32 of the entry's bytes (0 for a folder), taken when the export was built (0067). */
  crc32: ColumnType<number | string, number | undefined, number>;
  /** Where the entry's local header starts in the zip (0067). */
  header_offset: ColumnType<number | string, number | undefined, number>;
}
