import type { ColumnType, Generated } from 'kysely';
import type { MemberRole } from './accounts';

/* Tables of the drive: blobs, files, tasks, traffic, events, uploads, shares and media. */

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
  /** The API request that queued it (0044), named by the worker's log lines; `''` when none. */
  request_id: ColumnType<string, string | undefined, string>;
  /** An offline download's first bytes parked in the bucket (0063): JSON `[{ key, size }]`, or `''`. */
  parked: ColumnType<string, string | undefined, string>;
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
  /** `NODE_ID` of the node holding the partial data (0038); `null` on rows from before. */
  holder: string | null;
  /** Bytes per S3 part of an upload kept in the bucket (0059); `null` when on a node's disk. */
  part_size: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The S3 multipart upload of its bytes, once its first part is sent. */
  multipart_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The next S3 part number to hand out; each is used once. */
  next_part: ColumnType<number, number | undefined, number>;
  /** The object holding the bytes after the last part, if any. */
  tail_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A part of an upload kept in the bucket (0059): its place, S3 part number and ETag. */
export interface UploadPartTable {
  upload_id: string;
  position: number;
  part_number: number;
  etag: string;
  size: ColumnType<number | string, number, number>;
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
  /** Reason code of the moderation decision in force (0035), shown to the sharer; `''` none. */
  moderation_reason: ColumnType<string, string | undefined, string>;
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
  /** The decision that closed the report (0035); null while it waits in the queue. */
  decision_id: ColumnType<string | null, string | null | undefined, string | null>;
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

/** The visits shares had on a UTC day (0065), each counted as a share's view count is. */
export interface ShareOpenDayTable {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** bigint: a string on PostgreSQL. */
  opens: number | string;
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

/** A dead property a WebDAV client set on a file or folder (0041); `value` is XML. */
export interface DavPropertyTable {
  file_id: string;
  ns: string;
  name: string;
  value: string;
}

/** A WebDAV lock a member holds (0055), honoured by every node until `expires_at`. */
export interface DavLockTable {
  token: string;
  user_id: string;
  /** JSON: the lock root's names, as the lock was asked for. */
  segments: string;
  /** The folded path (`a/b`), to compare. */
  path_key: string;
  /** SHA-256 of `path_key` (hex): the indexed key a request finds the locks on a path by. */
  path_hash: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  owner_xml: string;
  timeout_seconds: number;
  expires_at: string;
}
