'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ShareDecisionAction } from '@nimbus/contracts';
import { shareDecisionActions } from '@nimbus/contracts';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Decision, QueueEntry } from './console-calls';
import { reportReasonText, shareStatusText } from './moderation-texts';
import { SharePreview } from './share-preview';

export interface QueueEntryCardProps {
  entry: QueueEntry;
  focused: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onFocus: () => void;
  onDecide: (action: ShareDecisionAction) => void;
  onUndo: (decision: Decision) => void;
}

/**
 * One reported share of the queue: its title, sharer and state, the reasons and reporters, a
 * preview on demand, its decisions (each undoable while in force) and the buttons to decide.
 */
export function QueueEntryCard(props: QueueEntryCardProps) {
  const t = useTranslations('console');
  const format = useFormatter();
  const { entry } = props;
  const date = (value: string) =>
    format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
  const fileId = entry.reports.find((report) => report.file_ids.length > 0)?.file_ids[0];
  return (
    <li
      data-testid="queue-entry"
      data-share-id={entry.share_id}
      aria-current={props.focused ? 'true' : undefined}
      onClick={props.onFocus}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border p-4',
        props.focused && 'ring-2 ring-primary',
      )}
    >
      <div className="flex flex-wrap items-start gap-3">
        <input
          type="checkbox"
          className="mt-1"
          aria-label={t('moderation.select', { title: entry.title })}
          checked={props.selected}
          onChange={(event) => props.onSelect(event.target.checked)}
        />
        <div className="min-w-0 flex-1">
          <p className="font-medium [overflow-wrap:anywhere]">{entry.title}</p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {t('moderation.sharer', {
              email: entry.sharer.email,
              date: date(entry.shared_at),
            })}
          </p>
          <p className="text-sm">
            {t('moderation.reports', {
              count: Number(entry.report_count),
              state: shareStatusText(t, entry.audit_status),
              last: date(entry.last_reported_at),
            })}
          </p>
        </div>
      </div>
      <ul className="flex flex-wrap gap-2 text-sm">
        {entry.reasons.map((reason) => (
          <li key={reason.reason} className="rounded-full bg-muted px-2 py-0.5">
            {reportReasonText(t, reason.reason)} × {reason.count}
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer">{t('moderation.reporters')}</summary>
        <ul className="mt-1 text-muted-foreground">
          {entry.reports.map((report) => (
            <li key={report.report_id} className="[overflow-wrap:anywhere]">
              {date(report.created_at)} · {report.reporter_email || t('moderation.visitor')} ·{' '}
              {reportReasonText(t, report.reason)}
            </li>
          ))}
        </ul>
      </details>
      {fileId ? <SharePreview shareId={entry.share_id} fileId={fileId} /> : null}
      {entry.decisions.length > 0 ? (
        <ul className="text-sm" data-testid="decisions">
          {entry.decisions.map((decision) => (
            <li key={decision.decision_id} className="flex flex-wrap items-center gap-2">
              <span className={decision.undone_at === '' ? undefined : 'line-through'}>
                {t('moderation.decision', {
                  action: t(`moderation.action.${decision.action}`),
                  date: date(decision.created_at),
                })}
              </span>
              {decision.undone_at === '' ? (
                <Button variant="outline" size="sm" onClick={() => props.onUndo(decision)}>
                  {t('moderation.undo')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {shareDecisionActions.map((action) => (
          <Button
            key={action}
            variant="outline"
            size="sm"
            className={action === 'keep' ? undefined : 'text-danger'}
            onClick={() => props.onDecide(action)}
          >
            {t(`moderation.action.${action}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}
