import type { ModerationQueueEntry, ShareDecision } from '@nimbus/contracts';
import type { DecisionRow } from './share-decision.repository';
import type { QueueEntry } from './share-decision.service';

/** A decision as the console shows it. */
export function toDecisionDto(row: DecisionRow): ShareDecision {
  return {
    decision_id: row.id,
    share_id: row.share_id,
    sharer_id: row.sharer_id,
    action: row.action,
    reason_code: row.reason_code as ShareDecision['reason_code'],
    reason: row.note,
    content_wide: row.content_wide === 1,
    moderator_id: row.moderator_id,
    created_at: row.created_at,
    undone_at: row.undone_at ?? '',
    undone_by: row.undone_by ?? '',
  };
}

/** One reported share of the queue; counts as decimal strings (docs/api.md#conventions). */
export function toQueueEntryDto(entry: QueueEntry): ModerationQueueEntry {
  return {
    share_id: entry.shareId,
    title: entry.title,
    sharer: {
      user_id: entry.sharerId,
      email: entry.sharerEmail,
      name: entry.sharerName,
      status: entry.sharerStatus,
    },
    audit_status: entry.auditStatus,
    moderation_reason: entry.moderationReason,
    file_kind: entry.fileKind === 'folder' ? 'drive#folder' : 'drive#file',
    file_num: String(entry.fileNum),
    cancelled: entry.cancelledAt !== null,
    shared_at: entry.sharedAt,
    report_count: String(entry.reportCount),
    first_reported_at: entry.firstReportedAt,
    last_reported_at: entry.lastReportedAt,
    reasons: entry.reasons.map((one) => ({ reason: one.reason, count: String(one.count) })),
    reports: entry.reports.map((report) => ({
      report_id: report.id,
      reason: report.reason,
      reporter_id: report.reporterId ?? '',
      reporter_email: report.reporterEmail ?? '',
      reporter_address: report.reporterAddress,
      file_ids: report.fileIds,
      created_at: report.createdAt,
      decision_id: report.decisionId ?? '',
    })),
    decisions: entry.decisions.map(toDecisionDto),
  };
}
