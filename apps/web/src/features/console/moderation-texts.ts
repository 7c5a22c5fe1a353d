import type { useTranslations } from 'next-intl';

type Translate = ReturnType<typeof useTranslations<'console'>>;

const shareStatuses = ['OK', 'AUDITING', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD', 'PROHIBITED'];
const reportReasons = ['copyright', 'sexual', 'violence', 'spam', 'other'];

/** A share's moderation state in the operator's language; an unknown state as it is stored. */
export function shareStatusText(t: Translate, status: string): string {
  return shareStatuses.includes(status) ? t(`moderation.status.${status as 'OK'}`) : status;
}

/**
 * A report's reason in the operator's language: a visitor's report is stored as the reason's key,
 * followed by `: ` and what the visitor wrote, which is shown as written.
 */
export function reportReasonText(t: Translate, reason: string): string {
  const split = reason.indexOf(': ');
  const key = split === -1 ? reason : reason.slice(0, split);
  if (!reportReasons.includes(key)) {
    return reason;
  }
  const label = t(`moderation.reasons.${key as 'other'}`);
  return split === -1 ? label : `${label}: ${reason.slice(split + 2)}`;
}
