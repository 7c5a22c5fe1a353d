'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { ModerationReason, ShareDecisionAction } from '@nimbus/contracts';
import { moderationReasons } from '@nimbus/contracts';
import { inputClasses } from '@/components/ui/input-classes';
import type { DecisionInput } from './console-calls';
import { ReasonDialog } from './reason-dialog';

/**
 * Confirms a decision on one share or several: the reason the sharer is told (in their
 * language), whether a takedown covers every share of the same bytes, and the moderator's own
 * reason for the audit log.
 */
export function DecisionDialog(props: {
  action: ShareDecisionAction;
  shareIds: string[];
  /** The texts of the reasons in the moderator's language. */
  reasonTexts: Readonly<Record<ModerationReason, string>>;
  onDecide: (input: DecisionInput) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations('console');
  const codeId = useId();
  const [reasonCode, setReasonCode] = useState<ModerationReason>(
    props.action === 'keep' ? 'other' : 'copyright',
  );
  const [contentWide, setContentWide] = useState(false);
  return (
    <ReasonDialog
      title={t('moderation.decideTitle', {
        action: t(`moderation.action.${props.action}`),
        count: props.shareIds.length,
      })}
      description={t(`moderation.hint.${props.action}`)}
      confirmLabel={t(`moderation.action.${props.action}`)}
      danger={props.action !== 'keep'}
      onClose={props.onClose}
      onConfirm={(reason) =>
        props.onDecide({
          shareIds: props.shareIds,
          action: props.action,
          reasonCode,
          reason,
          contentWide: props.action === 'prohibited' && contentWide,
        })
      }
    >
      {props.action === 'keep' ? null : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={codeId} className="text-sm font-medium">
            {t('moderation.reasonCode')}
          </label>
          <select
            id={codeId}
            className={inputClasses}
            value={reasonCode}
            onChange={(event) => setReasonCode(event.target.value as ModerationReason)}
          >
            {moderationReasons.map((code) => (
              <option key={code} value={code}>
                {props.reasonTexts[code]}
              </option>
            ))}
          </select>
        </div>
      )}
      {props.action === 'prohibited' ? (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={contentWide}
            onChange={(event) => setContentWide(event.target.checked)}
          />
          {t('moderation.contentWide')}
        </label>
      ) : null}
    </ReasonDialog>
  );
}
