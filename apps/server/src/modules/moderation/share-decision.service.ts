import { z } from 'zod';
import type { ConsoleRole, ModerationReason, ShareDecisionAction } from '@nimbus/contracts';
import type { ModerationStatus, UserStatus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { filterError, filterValues, readFilters } from '../../http/filters';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import { newId } from '../../lib/secrets';
import type { ShareRepository } from '../share/share.repository';
import type { SessionRepository } from '../user/session.repository';
import type {
  DecisionRow,
  DecisionTarget,
  QueueQuery,
  QueueRow,
  ReportRow,
  ShareDecisionQueries,
  ShareDecisionRepository,
} from './share-decision.repository';

export interface ShareDecisionServiceDeps {
  decisions: ShareDecisionRepository;
  shares: Pick<ShareRepository, 'find' | 'itemIds' | 'ownerFiles' | 'liveTree'>;
  sessions: Pick<SessionRepository, 'revokeAllOfUser'>;
  now: () => Date;
}

/** One share of the queue with its reports. */
export interface QueueEntry extends QueueRow {
  reports: ReportRow[];
  /** Each distinct reason given, with how many reports gave it, most frequent first. */
  reasons: { reason: string; count: number }[];
  decisions: DecisionRow[];
}

export interface DecisionInput {
  shareIds: string[];
  action: ShareDecisionAction;
  reasonCode: ModerationReason;
  note: string;
  /** A takedown of the same bytes everywhere (only with `prohibited`). */
  contentWide: boolean;
}

/** A decision just made, with the state of its share and sharer before it (for the audit log). */
export type MadeDecision = DecisionRow & {
  before: {
    auditStatus: ModerationStatus | null;
    moderationReason: string | null;
    sharerStatus: UserStatus | null;
  };
};

/** The operator deciding. */
export interface Moderator {
  userId: string;
  role: ConsoleRole;
}

/** The state each action puts a share in; `block_sharer` leaves the share as it is. */
const stateOf: Record<Exclude<ShareDecisionAction, 'block_sharer'>, ModerationStatus> = {
  keep: 'OK',
  sensitive_resource: 'SENSITIVE_RESOURCE',
  sensitive_word: 'SENSITIVE_WORD',
  prohibited: 'PROHIBITED',
};

/** Distinct contents one content-wide takedown may cover. */
export const maxBannedContents = 10_000;
/** Reports listed per share of the queue (the count covers them all). */
const reportsPerShare = 50;

const moderationStates = ['OK', 'AUDITING', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD', 'PROHIBITED'];
const queuePositionSchema = z.tuple([z.string().max(64), z.string().max(64)]);

/**
 * The queue filters: `{"state": {"eq": "open|decided|all"}}` (default `open`),
 * `{"audit_status": {"in": "OK,PROHIBITED"}}` and `{"sharer_id": {"eq": "<id>"}}`.
 */
function parseQueueFilters(text: string | undefined) {
  let state: QueueQuery['state'] = 'open';
  let auditStatuses: ModerationStatus[] | undefined;
  let sharerId: string | undefined;
  const allowed = { state: ['eq'], audit_status: ['eq', 'in'], sharer_id: ['eq'] };
  for (const term of readFilters(text, allowed)) {
    const values = filterValues(term, 10);
    if (term.field === 'state') {
      if (!['open', 'decided', 'all'].includes(values[0] ?? '')) {
        throw filterError('state is open, decided or all');
      }
      state = values[0] as QueueQuery['state'];
    } else if (term.field === 'audit_status') {
      if (values.length === 0 || values.some((value) => !moderationStates.includes(value))) {
        throw filterError('audit_status has a value it cannot take');
      }
      auditStatuses = values as ModerationStatus[];
    } else {
      sharerId = values[0];
    }
  }
  return { state, auditStatuses, sharerId };
}

function reasonsOf(reports: ReportRow[]): { reason: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const report of reports) {
    counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  }
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/**
 * The moderation queue and moderators' decisions on reported shares (docs/api.md#moderation):
 * keep, cover as sensitive, take down (optionally the same bytes everywhere, and refuse new shares
 * of them), block the sharer. Every decision records what it changed, so an undo puts it back.
 */
export function createShareDecisionService(deps: ShareDecisionServiceDeps) {
  const { decisions, shares, now } = deps;

  /** SHA-256 of every live file a share shows: its chosen files and what its folders hold. */
  async function contentOf(shareId: string): Promise<string[]> {
    const share = await shares.find(shareId);
    if (!share) {
      return [];
    }
    const chosen = await shares.ownerFiles(share.userId, await shares.itemIds(shareId));
    const inside = await shares.liveTree(
      share.userId,
      chosen.filter((item) => item.kind === 'folder').map((item) => item.id),
    );
    const sha256s = new Set<string>();
    for (const item of [...chosen, ...inside]) {
      if (item.kind === 'file' && item.sha256 !== null) {
        sha256s.add(item.sha256);
      }
    }
    if (sha256s.size > maxBannedContents) {
      throw new AppError('invalid_argument', {
        description: `A content-wide takedown covers at most ${maxBannedContents} contents`,
      });
    }
    return [...sha256s];
  }

  /** Takes down the same bytes everywhere: every file holding them and every share choosing one. */
  async function takeDownContent(
    queries: ShareDecisionQueries,
    decisionId: string,
    sha256s: string[],
    input: { reasonCode: string; moderatorId: string; at: Date },
  ): Promise<DecisionTarget[]> {
    await queries.banContent(sha256s, decisionId, input.at);
    const fileIds = await queries.filesWithContent(sha256s);
    const fileStates = await queries.fileStates(fileIds);
    await queries.setFileState(fileIds, 'PROHIBITED', input.moderatorId, input.at);
    const shareIds = await queries.sharesChoosing(fileIds);
    const shareStates = await queries.shareStates(shareIds);
    await queries.setShareState(shareIds, 'PROHIBITED', input.reasonCode, input.at);
    return [
      ...fileIds.map((id) => ({
        kind: 'file' as const,
        target_id: id,
        status_before: fileStates.get(id) ?? null,
        reason_before: '',
      })),
      ...shareStates.map((state) => ({
        kind: 'share' as const,
        target_id: state.id,
        status_before: state.audit_status,
        reason_before: state.moderation_reason,
      })),
    ];
  }

  return {
    /** The reported shares, most recently reported first, each with its reports and decisions. */
    async queue(input: {
      filters: string | undefined;
      limit: number;
      pageToken: string | undefined;
    }): Promise<{ entries: QueueEntry[]; nextPageToken: string }> {
      const filters = parseQueueFilters(input.filters);
      const after = input.pageToken
        ? readPageToken(input.pageToken, queuePositionSchema)
        : undefined;
      const rows = await decisions.queue({ ...filters, after, limit: input.limit });
      const page = rows.slice(0, input.limit);
      const ids = page.map((row) => row.shareId);
      const reports = await decisions.reportsOf(ids, filters.state);
      const made = await decisions.decisionsOf(ids);
      const last = page.at(-1);
      return {
        entries: page.map((row) => {
          const own = reports.filter((report) => report.shareId === row.shareId);
          return {
            ...row,
            reports: own.slice(0, reportsPerShare),
            reasons: reasonsOf(own),
            decisions: made.filter((decision) => decision.share_id === row.shareId),
          };
        }),
        nextPageToken:
          rows.length > input.limit && last ? pageTokenOf([last.lastReportedAt, last.shareId]) : '',
      };
    },

    /**
     * One decision per share (a bulk decision is one per share, all or none): the share's state
     * and the reason its sharer is shown, or the sharer's account blocked (sessions ended); the
     * share's waiting reports are closed by it.
     */
    async decide(moderator: Moderator, input: DecisionInput): Promise<MadeDecision[]> {
      const moderatorId = moderator.userId;
      const ids = [...new Set(input.shareIds)];
      const found = await Promise.all(ids.map((id) => shares.find(id)));
      if (found.some((share) => share === undefined)) {
        throw new AppError('not_found', { description: 'No such share' });
      }
      if (input.action === 'block_sharer' && moderator.role !== 'admin') {
        // As on a member's page: only an admin blocks a member who holds a console role.
        for (const share of found) {
          if (share && (await decisions.roleOf(share.userId)) !== undefined) {
            throw new AppError('permission_denied', {
              description: 'Only an admin blocks a sharer who holds a console role',
            });
          }
        }
      }
      if (input.contentWide && input.action !== 'prohibited') {
        throw new AppError('invalid_argument', {
          description: 'content_wide goes with the prohibited action only',
        });
      }
      const contents = new Map<string, string[]>();
      if (input.contentWide) {
        for (const id of ids) {
          contents.set(id, await contentOf(id));
        }
      }
      const at = now();
      const blocked: string[] = [];
      const made = await decisions.transaction(async (queries) => {
        const rows: MadeDecision[] = [];
        for (const share of found) {
          if (!share) {
            continue;
          }
          const id = newId();
          let targets: DecisionTarget[] = [];
          let sharerStatusBefore: UserStatus | null = null;
          if (input.action === 'block_sharer') {
            sharerStatusBefore = (await queries.userStatus(share.userId)) ?? null;
            if (sharerStatusBefore !== null && sharerStatusBefore !== 'blocked') {
              await queries.setUserStatus(share.userId, sharerStatusBefore, 'blocked', at);
              blocked.push(share.userId);
            } else {
              sharerStatusBefore = null;
            }
          } else {
            const [state] = await queries.shareStates([share.id]);
            const reason = input.action === 'keep' ? '' : input.reasonCode;
            await queries.setShareState([share.id], stateOf[input.action], reason, at);
            targets.push({
              kind: 'share',
              target_id: share.id,
              status_before: state?.audit_status ?? 'OK',
              reason_before: state?.moderation_reason ?? '',
            });
          }
          const row: DecisionRow = {
            id,
            share_id: share.id,
            sharer_id: share.userId,
            action: input.action,
            reason_code: input.reasonCode,
            note: input.note,
            content_wide: input.contentWide ? 1 : 0,
            sharer_status_before: sharerStatusBefore,
            moderator_id: moderatorId,
            created_at: at.toISOString(),
            undone_at: null,
            undone_by: null,
          };
          // The decision row goes first: the content bans point at it.
          await queries.insertDecision(row);
          const sha256s = contents.get(share.id) ?? [];
          if (sha256s.length > 0) {
            const wide = await takeDownContent(queries, id, sha256s, {
              reasonCode: input.reasonCode,
              moderatorId,
              at,
            });
            // The reported share's own state before stays the one recorded first.
            const seen = new Set(targets.map((target) => `${target.kind}:${target.target_id}`));
            targets = [
              ...targets,
              ...wide.filter((target) => !seen.has(`${target.kind}:${target.target_id}`)),
            ];
          }
          rows.push({
            ...row,
            before: {
              auditStatus: targets[0]?.kind === 'share' ? targets[0].status_before : null,
              moderationReason: targets[0]?.kind === 'share' ? targets[0].reason_before : null,
              sharerStatus: sharerStatusBefore,
            },
          });
          await queries.closeReports(share.id, id, at);
          if (targets.length > 0) {
            await queries.insertTargets(id, targets);
          }
        }
        return rows;
      });
      for (const userId of blocked) {
        await deps.sessions.revokeAllOfUser(userId, 'blocked', at);
      }
      return made;
    },

    /**
     * Undoes a decision: every share and file it changed gets the state it had, the bans it made
     * are lifted, a blocked sharer gets their status back and its reports return to the queue. A
     * decision on a share with a later decision in force is undone after that one.
     */
    async undo(moderator: Moderator, decisionId: string): Promise<DecisionRow> {
      const moderatorId = moderator.userId;
      const decision = await decisions.decision(decisionId);
      if (!decision) {
        throw new AppError('not_found', { description: 'No such decision' });
      }
      if (
        decision.action === 'block_sharer' &&
        moderator.role !== 'admin' &&
        (await decisions.roleOf(decision.sharer_id)) !== undefined
      ) {
        // Only an admin blocked them, so only an admin lets them back in.
        throw new AppError('permission_denied', {
          description: 'Only an admin unblocks a sharer who holds a console role',
        });
      }
      if (decision.undone_at !== null) {
        throw new AppError('failed_precondition', {
          description: 'The decision is already undone',
        });
      }
      if ((await decisions.laterDecisions(decision.share_id, decision.created_at)) > 0) {
        throw new AppError('failed_precondition', {
          description: 'A later decision on this share is in force; undo that one first',
        });
      }
      const at = now();
      await decisions.transaction(async (queries) => {
        const targets = await queries.targetsOf(decisionId);
        const files = targets.filter((target) => target.kind === 'file');
        await queries.clearFileState(
          files.filter((file) => file.status_before === null).map((file) => file.target_id),
        );
        for (const file of files) {
          if (file.status_before !== null) {
            await queries.setFileState([file.target_id], file.status_before, moderatorId, at);
          }
        }
        for (const share of targets.filter((target) => target.kind === 'share')) {
          await queries.setShareState(
            [share.target_id],
            share.status_before ?? 'OK',
            share.reason_before,
            at,
          );
        }
        await queries.liftBans(decisionId);
        if (decision.sharer_status_before !== null) {
          await queries.setUserStatus(
            decision.sharer_id,
            'blocked',
            decision.sharer_status_before as UserStatus,
            at,
          );
        }
        await queries.reopenReports(decisionId);
        await queries.markUndone(decisionId, moderatorId, at);
      });
      return { ...decision, undone_at: at.toISOString(), undone_by: moderatorId };
    },
  };
}

export type ShareDecisionService = ReturnType<typeof createShareDecisionService>;
