'use client';

import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import type { CompensationOffer } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText, hasReason } from '@/lib/api/error-text';
import { refreshProfile } from '@/lib/session/session';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { cn } from '@/lib/cn';
import { claimCompensationGrant } from './activity-api';
import { MembershipSummary } from './membership-summary';

export interface CompensationClaimProps {
  type: string;
  offer: CompensationOffer;
  errorTexts: ErrorTexts;
  signInHref: string;
  activityEndHref: string;
  accountHref: string;
}

/** Where a claim stands: each outcome has its own message. */
type Outcome =
  | { kind: 'idle' }
  | { kind: 'claiming' }
  | { kind: 'claimed'; days: number; expire: string }
  | { kind: 'already-claimed' }
  | { kind: 'not-eligible' }
  | { kind: 'failed'; text: string };

/**
 * The claim of a compensation (`POST /vip/v1/activity/compensate {type}`): a member who joined
 * after the incident sees at once that it does not apply; others claim it once and see the days
 * added, or that they had it already. A compensation that ended meanwhile leads to /activity-end.
 */
export function CompensationClaim({
  type,
  offer,
  errorTexts,
  signInHref,
  activityEndHref,
  accountHref,
}: CompensationClaimProps) {
  const t = useTranslations('activity.compensation');
  const format = useFormatter();
  const locale = useLocale();
  const session = useStoredSession();
  const signedIn = session.kind === 'signed-in';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const longDate = (value: string) => format.dateTime(new Date(value), { dateStyle: 'long' });

  useEffect(() => {
    if (signedIn) {
      void refreshProfile();
    }
  }, [signedIn]);

  async function claim(): Promise<void> {
    setOutcome({ kind: 'claiming' });
    try {
      const answer = await claimCompensationGrant(type);
      setOutcome({ kind: 'claimed', days: answer.granted.days, expire: answer.data.expire });
    } catch (cause) {
      if (hasReason(cause, 'activity_ended')) {
        window.location.assign(activityEndHref);
        return;
      }
      if (hasReason(cause, 'activity_reward_claimed')) {
        setOutcome({ kind: 'already-claimed' });
        return;
      }
      if (hasReason(cause, 'compensation_not_eligible')) {
        setOutcome({ kind: 'not-eligible' });
        return;
      }
      const text = errorText(cause, locale, errorTexts);
      setOutcome(text ? { kind: 'failed', text } : { kind: 'idle' });
    }
  }

  if (session.kind === 'unknown') {
    return (
      <div
        role="status"
        aria-label={t('loading')}
        className="h-24 animate-pulse rounded-2xl bg-muted"
      />
    );
  }
  if (session.kind === 'signed-out') {
    return (
      <div data-testid="compensation-signed-out" className="flex flex-col items-start gap-3">
        <p>{t('signed-out')}</p>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <a href={signInHref}>{t('sign-in')}</a>
        </Button>
      </div>
    );
  }
  const joinedAt = session.profile?.created_at;
  // The profile tells when the member joined: one who joined later is told before any call.
  const shown: Outcome =
    outcome.kind === 'idle' &&
    joinedAt !== undefined &&
    Date.parse(joinedAt) >= Date.parse(offer.joined_before)
      ? { kind: 'not-eligible' }
      : outcome;
  const canClaim = shown.kind === 'idle' || shown.kind === 'claiming' || shown.kind === 'failed';
  return (
    <div className="flex flex-col gap-4" data-testid="compensation-claim" data-state={shown.kind}>
      <MembershipSummary membership={session.membership} />
      {canClaim ? (
        <Button
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          disabled={shown.kind === 'claiming'}
          onClick={() => void claim()}
        >
          {shown.kind === 'claiming' ? t('claiming') : t('claim')}
        </Button>
      ) : null}
      <Result
        outcome={shown}
        notEligible={t('not-eligible', { date: longDate(offer.joined_before) })}
      >
        {shown.kind === 'claimed'
          ? t('claimed', { count: shown.days, date: longDate(shown.expire) })
          : null}
        {shown.kind === 'already-claimed' ? t('already-claimed') : null}
        {shown.kind === 'failed' ? shown.text : null}
      </Result>
      {shown.kind === 'claimed' || shown.kind === 'already-claimed' ? (
        <a
          className="font-medium text-primary underline-offset-4 hover:underline"
          href={accountHref}
        >
          {t('see-membership')}
        </a>
      ) : null}
    </div>
  );
}

function Result({
  outcome,
  notEligible,
  children,
}: {
  outcome: Outcome;
  notEligible: string;
  children: ReactNode;
}) {
  if (outcome.kind === 'idle' || outcome.kind === 'claiming') {
    return null;
  }
  const isGood = outcome.kind === 'claimed';
  return (
    <p
      role={isGood ? 'status' : 'alert'}
      data-testid="compensation-result"
      className={cn(
        'rounded-xl px-4 py-3',
        isGood
          ? 'bg-primary/10 text-foreground'
          : outcome.kind === 'failed'
            ? 'bg-danger/10 text-danger'
            : 'bg-muted text-foreground',
      )}
    >
      {outcome.kind === 'not-eligible' ? notEligible : children}
    </p>
  );
}
