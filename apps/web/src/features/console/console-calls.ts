import type {
  AnswerOf,
  ModerationReason,
  ShareDecisionAction,
  activationCodesApi,
  adminMembersApi,
  moderationApi,
} from '@nimbus/contracts';
import {
  activationCodesRoutes,
  adminMembersRoutes,
  moderationRoutes,
} from '@nimbus/contracts/routes';
import { buildRequestUrl, fillPath } from '@nimbus/client';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The console's calls on members, the moderation queue and activation codes
 * (docs/api.md#operator-console, docs/api.md#moderation). The server checks the role and the
 * two-step sign-in of each; every action names a reason the audit log keeps.
 */

export type MemberRow = AnswerOf<typeof adminMembersApi.search>['data'][number];
export type MemberDetail = AnswerOf<typeof adminMembersApi.detail>;
export type MemberState = AnswerOf<typeof adminMembersApi.block>;
export type QueueEntry = AnswerOf<typeof moderationApi.queue>['data'][number];
export type Decision = AnswerOf<typeof moderationApi.undo>;
export type CodeBatch = AnswerOf<typeof activationCodesApi.listBatches>['data'][number];
export type MintedBatch = AnswerOf<typeof activationCodesApi.mintBatch>;
export type BatchCode = AnswerOf<typeof activationCodesApi.batchCodes>['data'][number];

/** The filters of a member search the console offers; empty strings are left out. */
export interface MemberFilters {
  email: string;
  id: string;
  name: string;
  plan: '' | 'free' | 'premium';
  status: '' | MemberRow['status'];
  /** Sign-up days as `YYYY-MM-DD`, both inclusive. */
  created_from: string;
  created_to: string;
}

export const noMemberFilters: MemberFilters = {
  email: '',
  id: '',
  name: '',
  plan: '',
  status: '',
  created_from: '',
  created_to: '',
};

/** The start of a UTC day, or of the day after it (an exclusive end). */
function dayStart(day: string, after = false): string {
  const start = new Date(`${day}T00:00:00.000Z`);
  start.setUTCDate(start.getUTCDate() + (after ? 1 : 0));
  return start.toISOString();
}

export async function searchMembers(
  filters: MemberFilters,
  pageToken: string,
): Promise<{ members: MemberRow[]; nextPageToken: string }> {
  const query: Record<string, string | number> = { limit: 100 };
  for (const key of ['email', 'id', 'name', 'plan', 'status'] as const) {
    const value = filters[key].trim();
    if (value !== '') {
      query[key] = value;
    }
  }
  if (filters.created_from !== '') {
    query.created_from = dayStart(filters.created_from);
  }
  if (filters.created_to !== '') {
    query.created_to = dayStart(filters.created_to, true);
  }
  if (pageToken !== '') {
    query.page_token = pageToken;
  }
  const answer = await browserClient().call(adminMembersRoutes.search, { query });
  return { members: answer.data, nextPageToken: answer.next_page_token };
}

export function memberDetail(userId: string): Promise<MemberDetail> {
  return browserClient().call(adminMembersRoutes.detail, { params: { user_id: userId } });
}

/** The actions of a member's page that take only a reason. */
export type MemberAction =
  'block' | 'unblock' | 'signOut' | 'resendVerification' | 'resetTwoFactor' | 'requestDeletion';

export function actOnMember(
  action: MemberAction,
  userId: string,
  reason: string,
): Promise<MemberState> {
  return browserClient().call(adminMembersRoutes[action], {
    params: { user_id: userId },
    body: { reason },
  });
}

/** Adds premium days (positive) or takes them away (negative). */
export function changePremium(userId: string, days: number, reason: string): Promise<MemberState> {
  return browserClient().call(adminMembersRoutes.premium, {
    params: { user_id: userId },
    body: { days, reason },
  });
}

/** Which reported shares the queue shows: open or decided reports, and the share's state. */
export interface QueueFilters {
  state: 'open' | 'decided' | 'all';
  /** A share state (`PROHIBITED`, …), `''` for any. */
  status: string;
}

export async function moderationQueue(
  { state, status }: QueueFilters,
  pageToken: string,
): Promise<{ entries: QueueEntry[]; nextPageToken: string }> {
  const answer = await browserClient().call(moderationRoutes.queue, {
    query: {
      filters: JSON.stringify({
        state: { eq: state },
        ...(status === '' ? {} : { audit_status: { eq: status } }),
      }),
      limit: 50,
      ...(pageToken === '' ? {} : { page_token: pageToken }),
    },
  });
  return { entries: answer.data, nextPageToken: answer.next_page_token };
}

export interface DecisionInput {
  shareIds: string[];
  action: ShareDecisionAction;
  reasonCode: ModerationReason;
  reason: string;
  contentWide: boolean;
}

export async function decide(input: DecisionInput): Promise<Decision[]> {
  const answer = await browserClient().call(moderationRoutes.decide, {
    body: {
      share_ids: input.shareIds,
      action: input.action,
      reason_code: input.reasonCode,
      reason: input.reason,
      content_wide: input.contentWide,
    },
  });
  return answer.data;
}

export function undoDecision(decisionId: string, reason: string): Promise<Decision> {
  return browserClient().call(moderationRoutes.undo, {
    body: { decision_id: decisionId, reason },
  });
}

/**
 * The preview of a reported file, fetched with the session cookie and kept in the page as a blob:
 * an image to show or the start of a text. `undefined` when the file has no inert preview.
 */
export async function previewOf(
  shareId: string,
  fileId: string,
): Promise<{ kind: 'image'; url: string } | { kind: 'text'; text: string } | undefined> {
  const url = buildRequestUrl(
    browserClient().originOf('audit') || window.location.origin,
    fillPath(moderationRoutes.preview.path, { share_id: shareId }),
    { file_id: fileId },
  );
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    return undefined;
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('image/')) {
    return { kind: 'image', url: URL.createObjectURL(await response.blob()) };
  }
  return { kind: 'text', text: await response.text() };
}

export async function listBatches(q: string): Promise<CodeBatch[]> {
  const query = q.trim() === '' ? {} : { q: q.trim() };
  return (await browserClient().call(activationCodesRoutes.listBatches, { query })).data;
}

export interface MintInput {
  type: 'platinum' | 'storage' | 'traffic';
  days: number;
  /** Pack size in GiB (packs only). */
  gib: number;
  count: number;
  maxUses: number;
  /** The last day the codes work, `YYYY-MM-DD`, or `''` for no end. */
  expires: string;
  note: string;
  reason: string;
}

export function mintBatch(input: MintInput): Promise<MintedBatch> {
  return browserClient().call(activationCodesRoutes.mintBatch, {
    body: {
      type: input.type,
      days: input.days,
      ...(input.type === 'platinum' ? {} : { bytes: Math.round(input.gib * 1024 ** 3) }),
      count: input.count,
      max_uses: input.maxUses,
      ...(input.expires === '' ? {} : { expires_at: dayStart(input.expires, true) }),
      note: input.note.trim(),
      reason: input.reason,
    },
  });
}

export async function batchCodes(batchId: string): Promise<BatchCode[]> {
  return (
    await browserClient().call(activationCodesRoutes.batchCodes, { query: { batch_id: batchId } })
  ).data;
}

export async function revokeBatch(batchId: string, reason: string): Promise<number> {
  return (
    await browserClient().call(activationCodesRoutes.revokeBatch, {
      body: { batch_id: batchId, reason },
    })
  ).revoked;
}

/** A batch's CSV export: a link the browser downloads with the session cookie. */
export function batchExportHref(batchId: string): string {
  return buildRequestUrl(
    browserClient().originOf('audit') || window.location.origin,
    fillPath(activationCodesRoutes.exportBatch.path),
    { batch_id: batchId },
  );
}
