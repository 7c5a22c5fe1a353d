/** The share statuses of docs/api.md#shares. */
export const shareStatuses = [
  'OK',
  'PASS_CODE_EMPTY',
  'PASS_CODE_ERROR',
  'MAX_RESTORE_COUNT',
  'EXPIRED',
  'DELETED',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'AUDITING',
  'NOT_FOUND',
  'PROHIBITED',
] as const;
export type ShareStatus = (typeof shareStatuses)[number];

/** Statuses answered with a pass-code form rather than the files. */
export function needsPassCode(status: ShareStatus): boolean {
  return status === 'PASS_CODE_EMPTY' || status === 'PASS_CODE_ERROR';
}

/** A file or folder of a share, as the share calls answer it. */
export interface ShareFile {
  kind: 'drive#file' | 'drive#folder';
  id: string;
  parent_id: string;
  name: string;
  size: string;
  mime_type: string;
  file_extension: string;
  file_category: string;
  thumbnail_link: string;
  modified_time: string;
  created_time: string;
  web_content_link?: string;
  links?: Record<string, { url?: string } | undefined>;
  /** The review state; `SENSITIVE_*` puts a cover over the item. */
  audit?: { status: string; message: string };
}

/** `GET /drive/v1/share`. */
export interface OpenShareAnswer {
  share_status: ShareStatus;
  share_status_text: string;
  pass_code_token: string;
  title: string;
  file_num: string;
  expiration_left: string;
  expiration_left_seconds: string;
  restore_count_left: string;
  user_info: { user_id: string; nickname: string; avatar: string };
  files: ShareFile[];
  next_page_token: string;
}

/** `GET /drive/v1/share/detail`. */
export interface ShareDetailAnswer {
  share_status: ShareStatus;
  share_status_text: string;
  files: ShareFile[];
  next_page_token: string;
}

/** `POST /drive/v1/share:batch_file_info`. */
export interface BatchFileInfoAnswer {
  share_status: ShareStatus;
  share_status_text: string;
  files: ShareFile[];
}

/** The page size of share listings. */
export const sharePageSize = 100;

/** The destination "Saved from shares" of the save dialog's folder picker: the save sends no `parent_id`. */
export const savedFromSharesChoice = 'saved-from-shares';
