import {
  type AnswerOf,
  type EndpointOfRoute,
  type InviteAnswer,
  type InvitePageAnswer,
} from '@nimbus/contracts';
import { membershipRoutes } from '@nimbus/contracts/routes';
import type { ApiClient, CallOptions } from './api-client';

/*
 * The referral programme's calls (docs/api.md#account-and-membership): the invitation a new member claims after signing
 * up, and the inviter's referral page.
 */

/** The query parameter of an invitation link (`/referral?invite_code=`). */
export const inviteCodeParam = 'invite_code';

/** Invite codes as links carry them: letters and digits, at most 32 (the server checks more). */
const inviteCodeShape = /^[0-9A-Za-z]{4,32}$/;

/** The body of `POST /vip/v1/activity/invite` (docs/product.md#calls). */
export interface InvitationClaim {
  from: 'web';
  /** The page the visitor arrived on, host plus path and query: it carries `invite_code`. */
  rr: string;
  /** Where the visitor came from (the attribution `source`), for statistics. */
  tf: string;
  /** The referring sites, comma-joined, for statistics. */
  rf: string;
}

/** The invite code of a link, upper-cased, when it carries one that looks like a code. */
export function inviteCodeOfUrl(url: URL): string | undefined {
  const code = url.searchParams.get(inviteCodeParam)?.trim();
  return code && inviteCodeShape.test(code) ? code.toUpperCase() : undefined;
}

/**
 * The claim of an invitation link: `rr` is the link's host, path and query (no scheme, no
 * fragment), `tf` the visitor's source, `rf` the referring hosts joined with commas.
 */
export function invitationClaimOf(input: {
  landing: URL;
  source?: string | undefined;
  referers?: readonly string[];
}): InvitationClaim {
  const { landing } = input;
  return {
    from: 'web',
    rr: `${landing.host}${landing.pathname}${landing.search}`.slice(0, 2048),
    tf: (input.source ?? '').slice(0, 64),
    rf: (input.referers ?? []).join(',').slice(0, 4096),
  };
}

/**
 * Claims an invitation once after signing up: both members receive the invitation's days, or the
 * new member the free trial, or nothing (`free_days` 0). The server answers a repeated call with
 * its first answer, so the client's retries are safe. It needs only a client's `post` (callers
 * pass lazy clients), so it sends the catalogue entry's path and types the entry's answer itself.
 */
export function claimInvitation(
  client: Pick<ApiClient, 'post'>,
  claim: InvitationClaim,
  options?: CallOptions,
): Promise<InviteAnswer> {
  const { invite } = membershipRoutes;
  return client.post<AnswerOf<EndpointOfRoute<typeof invite>>>(invite.path, { ...claim }, options);
}

/** The member's referral page: their link, friends joined, days earned and the newest invitees. */
export async function fetchInvitePage(
  client: Pick<ApiClient, 'get'>,
  limit: number,
  options?: CallOptions,
): Promise<InvitePageAnswer['data']> {
  const { invitePage } = membershipRoutes;
  const answer = await client.get<AnswerOf<EndpointOfRoute<typeof invitePage>>>(invitePage.path, {
    ...options,
    query: { ...options?.query, limit: String(limit) },
  });
  return answer.data;
}
