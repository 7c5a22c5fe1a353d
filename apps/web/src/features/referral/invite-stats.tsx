'use client';

import { useTranslations } from 'next-intl';
import type { InvitePage } from './referral-api';

/** Friends joined and premium days earned, side by side, with what is left of the month. */
export function InviteStats({ page }: { page: InvitePage }) {
  const t = useTranslations('referral.stats');
  // Counts come as decimal strings (docs/api.md#conventions).
  const monthlyLimit = Number(page.monthly_limit);
  const monthlyRemaining = Number(page.monthly_remaining);
  const limitReached = monthlyLimit > 0 && monthlyRemaining === 0;
  return (
    <section aria-label={t('label')} className="flex flex-col gap-3" data-testid="invite-stats">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-muted px-4 py-3">
          <dt className="text-sm text-muted-foreground">{t('friends')}</dt>
          <dd className="text-3xl font-semibold tabular-nums" data-testid="invite-friends">
            {page.invited_count}
          </dd>
        </div>
        <div className="rounded-xl bg-muted px-4 py-3">
          <dt className="text-sm text-muted-foreground">{t('days')}</dt>
          <dd className="text-3xl font-semibold tabular-nums" data-testid="invite-days">
            {page.earned_days}
          </dd>
        </div>
      </dl>
      {monthlyLimit > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="invite-monthly">
          {limitReached
            ? t('limit-reached')
            : t('monthly', { remaining: monthlyRemaining, limit: monthlyLimit })}
        </p>
      ) : null}
    </section>
  );
}
