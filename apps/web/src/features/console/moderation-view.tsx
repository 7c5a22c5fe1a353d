'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { ModerationReason, ShareDecisionAction } from '@nimbus/contracts';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input-classes';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { Decision, DecisionInput, QueueEntry, QueueFilters } from './console-calls';
import { decide, moderationQueue, undoDecision } from './console-calls';
import { DecisionDialog } from './decision-dialog';
import { shareStatusText } from './moderation-texts';
import { QueueEntryCard } from './queue-entry';
import { ReasonDialog } from './reason-dialog';

/** The moderation states a share can be in, which the queue can be narrowed to. */
const shareStates = [
  'OK',
  'AUDITING',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'PROHIBITED',
] as const;

/** The keys that decide on the focused share (or the selected ones). */
const decisionKeys: Readonly<Record<string, ShareDecisionAction>> = {
  o: 'keep',
  r: 'sensitive_resource',
  w: 'sensitive_word',
  p: 'prohibited',
  b: 'block_sharer',
};

interface Message {
  tone: 'error' | 'success';
  text: string;
  /** The decisions just made, which the message offers to undo. */
  made?: Decision[];
}

/**
 * The moderation queue (`GET /audit.admin/v1/reports`): reported shares, one card each, open ones
 * first by default. Decisions on one share or on the selected ones, each with a reason; undo of a
 * decision in force; and the keyboard: j/k move, x selects, o/r/w/p/b decide.
 */
export function ModerationView({
  errorTexts,
  reasonTexts,
}: {
  errorTexts: ErrorTexts;
  reasonTexts: Readonly<Record<ModerationReason, string>>;
}) {
  const t = useTranslations('console');
  const locale = useLocale();
  const stateId = useId();
  const statusId = useId();
  const [filters, setFilters] = useState<QueueFilters>({ state: 'open', status: '' });
  const [entries, setEntries] = useState<QueueEntry[]>();
  const [nextPageToken, setNextPageToken] = useState('');
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deciding, setDeciding] = useState<{ action: ShareDecisionAction; shareIds: string[] }>();
  const [undoing, setUndoing] = useState<Decision[]>();
  const [message, setMessage] = useState<Message>();
  const generation = useRef(0);

  const fail = useCallback(
    (cause: unknown) =>
      setMessage({ tone: 'error', text: errorText(cause, locale, errorTexts) ?? '' }),
    [locale, errorTexts],
  );

  /** Reads the first page of `which`, or the page at `pageToken` after the entries shown. */
  const load = useCallback(
    (which: QueueFilters, pageToken = '', before: QueueEntry[] = []) => {
      const mine = ++generation.current;
      moderationQueue(which, pageToken).then((page) => {
        if (mine === generation.current) {
          const shown = [...before, ...page.entries];
          setEntries(shown);
          setNextPageToken(page.nextPageToken);
          if (pageToken === '') {
            setSelected(new Set());
          }
          setFocus((at) => Math.min(at, Math.max(shown.length - 1, 0)));
        }
      }, fail);
    },
    [fail],
  );

  useEffect(() => load(filters), [load, filters]);

  const startDecision = useCallback(
    (action: ShareDecisionAction, shareId?: string) => {
      const ids =
        shareId !== undefined
          ? [shareId]
          : selected.size > 0
            ? [...selected]
            : entries?.[focus]
              ? [entries[focus].share_id]
              : [];
      if (ids.length > 0) {
        setDeciding({ action, shareIds: ids });
      }
    },
    [entries, focus, selected],
  );

  useEffect(() => {
    if (deciding || undoing) {
      return undefined;
    }
    function onKey(event: KeyboardEvent): void {
      const target = event.target as HTMLElement | null;
      if (
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        (target && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName))
      ) {
        return;
      }
      const count = entries?.length ?? 0;
      const shareId = entries?.[focus]?.share_id;
      if (event.key === 'j' || event.key === 'ArrowDown') {
        setFocus((at) => Math.min(at + 1, Math.max(count - 1, 0)));
      } else if (event.key === 'k' || event.key === 'ArrowUp') {
        setFocus((at) => Math.max(at - 1, 0));
      } else if (event.key === 'x' && shareId !== undefined) {
        setSelected((now) => {
          const next = new Set(now);
          if (!next.delete(shareId)) {
            next.add(shareId);
          }
          return next;
        });
      } else if (decisionKeys[event.key]) {
        startDecision(decisionKeys[event.key] as ShareDecisionAction);
      } else {
        return;
      }
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [deciding, undoing, entries, focus, startDecision]);

  async function onDecide(input: DecisionInput): Promise<void> {
    try {
      const made = await decide(input);
      setMessage({
        tone: 'success',
        text: t('moderation.decided', {
          action: t(`moderation.action.${input.action}`),
          count: made.length,
        }),
        made,
      });
      load(filters);
    } catch (cause) {
      fail(cause);
    }
  }

  async function onUndo(decisions: Decision[], reason: string): Promise<void> {
    try {
      for (const decision of decisions) {
        await undoDecision(decision.decision_id, reason);
      }
      setMessage({ tone: 'success', text: t('moderation.undone') });
      load(filters);
    } catch (cause) {
      fail(cause);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={stateId} className="text-sm font-medium">
            {t('moderation.show')}
          </label>
          <select
            id={stateId}
            className={inputClasses}
            value={filters.state}
            onChange={(event) =>
              setFilters({ ...filters, state: event.target.value as QueueFilters['state'] })
            }
          >
            {(['open', 'decided', 'all'] as const).map((which) => (
              <option key={which} value={which}>
                {t(`moderation.state.${which}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={statusId} className="text-sm font-medium">
            {t('moderation.shareState')}
          </label>
          <select
            id={statusId}
            className={inputClasses}
            value={filters.status}
            onChange={(event) => setFilters({ ...filters, status: event.target.value })}
          >
            <option value="">{t('members.any')}</option>
            {shareStates.map((status) => (
              <option key={status} value={status}>
                {shareStatusText(t, status)}
              </option>
            ))}
          </select>
        </div>
        {selected.size > 0 ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="bulk-bar">
            <span className="text-sm">{t('moderation.selected', { count: selected.size })}</span>
            {(['keep', 'prohibited', 'block_sharer'] as const).map((action) => (
              <Button key={action} size="sm" onClick={() => startDecision(action)}>
                {t(`moderation.action.${action}`)}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{t('moderation.keys')}</p>
      {message ? (
        <FormAlert tone={message.tone}>
          {message.text}
          {message.made && message.made.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-2"
              onClick={() => setUndoing(message.made)}
            >
              {t('moderation.undo')}
            </Button>
          ) : null}
        </FormAlert>
      ) : null}
      {entries === undefined ? (
        <p className="text-muted-foreground">{t('gate.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground">{t('moderation.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('nav.moderation')}>
          {entries.map((entry, index) => (
            <QueueEntryCard
              key={entry.share_id}
              entry={entry}
              focused={index === focus}
              selected={selected.has(entry.share_id)}
              onFocus={() => setFocus(index)}
              onSelect={(on) =>
                setSelected((now) => {
                  const next = new Set(now);
                  if (on) {
                    next.add(entry.share_id);
                  } else {
                    next.delete(entry.share_id);
                  }
                  return next;
                })
              }
              onDecide={(action) => startDecision(action, entry.share_id)}
              onUndo={(decision) => setUndoing([decision])}
            />
          ))}
        </ul>
      )}
      {nextPageToken !== '' && entries ? (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => load(filters, nextPageToken, entries)}
        >
          {t('more')}
        </Button>
      ) : null}
      {deciding ? (
        <DecisionDialog
          action={deciding.action}
          shareIds={deciding.shareIds}
          reasonTexts={reasonTexts}
          onDecide={onDecide}
          onClose={() => setDeciding(undefined)}
        />
      ) : null}
      {undoing ? (
        <ReasonDialog
          title={t('moderation.undoTitle', { count: undoing.length })}
          description={t('moderation.undoHint')}
          confirmLabel={t('moderation.undo')}
          onClose={() => setUndoing(undefined)}
          onConfirm={(reason) => onUndo(undoing, reason)}
        />
      ) : null}
    </div>
  );
}
