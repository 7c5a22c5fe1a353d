'use client';

import { useMemo } from 'react';
import { remainingVipDays } from '@nimbus/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import type { MembershipInfo } from '@/lib/session/credentials';
import { PremiumBadge } from '@/features/membership/premium-badge';

/** The member's plan in one line: premium until a date and the days left, or the free plan. */
export function MembershipSummary({ membership }: { membership: MembershipInfo | undefined }) {
  const t = useTranslations('activity.check-in');
  const format = useFormatter();
  const expire = membership?.expire ?? '';
  const daysLeft = useMemo(() => remainingVipDays(expire, new Date()), [expire]);
  if (!membership) {
    return <div aria-hidden className="h-7 w-56 animate-pulse rounded-full bg-muted" />;
  }
  return (
    <p
      data-testid="activity-membership"
      className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
    >
      <PremiumBadge
        premium={membership.premium}
        label={membership.premium ? t('premium') : t('free-plan')}
      />
      {membership.premium ? (
        <>
          <span>
            {t('premium-until', {
              date: format.dateTime(new Date(expire), { dateStyle: 'long' }),
            })}
          </span>
          <span data-testid="membership-days-left" className="font-medium text-foreground">
            {t('days-left', { count: daysLeft })}
          </span>
        </>
      ) : null}
    </p>
  );
}
