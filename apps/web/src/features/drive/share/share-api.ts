import type { ShareStatus } from '@nimbus/contracts';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The owner's share calls (docs/api.md#shares) as the drive makes them. Every function throws the
 * client's `ApiError` on failure; the dialogs turn it into a localized message.
 */

/** What `POST /drive/v1/share` takes. */
export type CreateShareBody = {
  file_ids: string[];
  share_to: string;
  /** `-1` never. */
  expiration_days: number;
  pass_code_option: 'REQUIRED' | 'NOT_REQUIRED';
  custom_pass_code?: string;
  /** `-1` unlimited. */
  restore_limit: number;
  title?: string;
};

/** What `POST /drive/v1/share` answers. */
export interface CreatedShare {
  share_id: string;
  share_url: string;
  pass_code: string;
  share_text: string;
}

/** The ShareSummary of docs/api.md#shares; numbers are decimal strings. */
export interface ShareSummary {
  share_id: string;
  share_url: string;
  share_status: ShareStatus;
  title: string;
  pass_code: string;
  file_num: string;
  file_id: string;
  file_kind: string;
  file_size: string;
  /** `-1` never. */
  expiration_days: string;
  /** `""` when it never expires. */
  expiration_at: string;
  expiration_left: string;
  restore_count: string;
  /** `-1` unlimited. */
  restore_limit: string;
  view_count: string;
  create_time: string;
  thumbnail_link: string;
}

/** One page of `GET /drive/v1/share/list`. */
export interface SharePage {
  data: ShareSummary[];
  /** `""` on the last page. */
  next_page_token: string;
}

/** What `PATCH /drive/v1/share/{id}` may change; `custom_pass_code` `""` removes the pass code. */
export type ShareChanges = {
  custom_pass_code?: string;
  expiration_days?: number;
  restore_limit?: number;
};

/** Creates a share link to some of the member's items. */
export async function createShare(body: CreateShareBody): Promise<CreatedShare> {
  return browserClient().post<CreatedShare>('/drive/v1/share', body);
}

/** One page of the member's share links, newest first; `filters` as docs/api.md#conventions (on `share_status`). */
export async function listShares(
  pageToken: string | undefined,
  limit: number,
  filters: string | undefined,
  signal?: AbortSignal,
): Promise<SharePage> {
  return browserClient().get<SharePage>('/drive/v1/share/list', {
    query: {
      limit,
      ...(pageToken ? { page_token: pageToken } : {}),
      ...(filters ? { filters } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

/** Changes a share's pass code, expiry or restore limit. */
export async function updateShare(shareId: string, changes: ShareChanges): Promise<ShareSummary> {
  return browserClient().patch<ShareSummary>(
    `/drive/v1/share/${encodeURIComponent(shareId)}`,
    changes,
  );
}

/** Cancels share links: they stop working at once. */
export async function cancelShares(ids: readonly string[]): Promise<void> {
  await browserClient().post('/drive/v1/share:batchDelete', { ids: [...ids] });
}
