import type { AnswerOf, CallInput, shareApi } from '@nimbus/contracts';
import { shareRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The owner's share calls (docs/api.md#shares) as the drive makes them, typed from the API
 * catalogue. Every function throws the client's `ApiError` on failure; the dialogs turn it into a
 * localized message.
 */

/** What `POST /drive/v1/share` takes. */
export type CreateShareBody = NonNullable<CallInput<typeof shareApi.create>['body']>;

/** What `POST /drive/v1/share` answers. */
export type CreatedShare = AnswerOf<typeof shareApi.create>;

/** The ShareSummary of docs/api.md#shares; numbers are decimal strings. */
export type ShareSummary = AnswerOf<typeof shareApi.update>;

/** One page of `GET /drive/v1/share/list` (`next_page_token` `""` on the last page). */
export type SharePage = AnswerOf<typeof shareApi.list>;

/** What `PATCH /drive/v1/share/{id}` may change; `custom_pass_code` `""` removes the pass code. */
export type ShareChanges = NonNullable<CallInput<typeof shareApi.update>['body']>;

/** Creates a share link to some of the member's items. */
export async function createShare(body: CreateShareBody): Promise<CreatedShare> {
  return browserClient().call(shareRoutes.create, { body });
}

/** One page of the member's share links, newest first; `filters` as docs/api.md#conventions (on `share_status`). */
export async function listShares(
  pageToken: string | undefined,
  limit: number,
  filters: string | undefined,
  signal?: AbortSignal,
): Promise<SharePage> {
  return browserClient().call(
    shareRoutes.list,
    {
      query: {
        limit,
        ...(pageToken ? { page_token: pageToken } : {}),
        ...(filters ? { filters } : {}),
      },
    },
    signal ? { signal } : {},
  );
}

/** Changes a share's pass code, expiry or restore limit. */
export async function updateShare(shareId: string, changes: ShareChanges): Promise<ShareSummary> {
  return browserClient().call(shareRoutes.update, { params: { share_id: shareId }, body: changes });
}

/** Cancels share links: they stop working at once. */
export async function cancelShares(ids: readonly string[]): Promise<void> {
  await browserClient().call(shareRoutes.batchDelete, { body: { ids: [...ids] } });
}
