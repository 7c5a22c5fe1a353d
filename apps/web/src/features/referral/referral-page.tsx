'use client';

import { useSyncExternalStore } from 'react';
import { defaultStorage, inviteCodeOfUrl } from '@nimbus/client';
import { Gift, LogIn, UserPlus } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { useStoredSession } from '@/lib/session/use-stored-session';
import type { InvitePage } from './referral-api';
import { inviteeListLimit } from './referral-api';
import { InvitePanel } from './invite-panel';
import { readPendingInvitation } from './pending-invitation';
import { useInvitePage } from './use-invite-page';

export interface ReferralPageProps {
  /** The locale-prefixed sign-in page; the visitor comes back here afterwards. */
  signInHref: string;
  /** The anti-abuse policy, which the rules link to. */
  policyHref: string;
}

function subscribeNever(): () => void {
  return () => {};
}

/** Whether the visitor came with an invitation: on this address, or kept from an earlier one. */
function isInvited(): boolean {
  return (
    inviteCodeOfUrl(new URL(window.location.href)) !== undefined ||
    readPendingInvitation(defaultStorage(), Date.now()) !== undefined
  );
}

/** The sign-in page with a way back to this page (`redirect`), in sign-up mode when asked. */
function signInLink(base: string, mode?: 'sign-up'): string {
  const params = new URLSearchParams({
    redirect: `${window.location.pathname}${window.location.search}`,
  });
  if (mode) {
    params.set('mode', mode);
  }
  return `${base}?${params.toString()}`;
}

/**
 * `/referral`, below its heading: for a member their invitation link (copy, share), friends
 * joined, days earned and the newest invitees; for a visitor a way to sign in (and, arriving
 * with a friend's invitation, to create an account with it); the rules for everyone.
 */
export function ReferralPage({ signInHref, policyHref }: ReferralPageProps) {
  const t = useTranslations('referral');
  const session = useStoredSession();
  const signedIn = session.kind === 'signed-in';
  const { state, reload } = useInvitePage(signedIn, inviteeListLimit);
  const invited = useSyncExternalStore(subscribeNever, isInvited, () => false);

  const page = state.kind === 'ready' ? state.page : undefined;
  return (
    <div className="flex flex-col gap-10">
      {session.kind === 'unknown' ? (
        <div aria-hidden className="h-40 animate-pulse rounded-2xl bg-muted" />
      ) : null}
      {session.kind === 'signed-out' ? (
        <section
          data-testid="referral-signed-out"
          aria-labelledby="referral-join-title"
          className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
        >
          <Gift aria-hidden className="size-8 text-primary" />
          <h2 id="referral-join-title" className="text-xl font-semibold">
            {invited ? t('invited.title') : t('signed-out.title')}
          </h2>
          <p className="text-muted-foreground">
            {invited ? t('invited.lead') : t('signed-out.lead')}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <a
              href={signInHref}
              data-testid="referral-sign-up"
              onClick={(event) => {
                event.currentTarget.href = signInLink(signInHref, 'sign-up');
              }}
              className={buttonVariants({ variant: invited ? 'primary' : 'outline' })}
            >
              <UserPlus aria-hidden />
              {t('signed-out.sign-up')}
            </a>
            <a
              href={signInHref}
              data-testid="referral-sign-in"
              onClick={(event) => {
                event.currentTarget.href = signInLink(signInHref);
              }}
              className={buttonVariants({ variant: invited ? 'outline' : 'primary' })}
            >
              <LogIn aria-hidden />
              {t('signed-out.sign-in')}
            </a>
          </div>
        </section>
      ) : null}
      {signedIn ? (
        <section
          aria-labelledby="referral-mine-title"
          data-testid="referral-member"
          className="flex flex-col gap-5 rounded-2xl border border-border bg-background p-4 sm:p-6"
        >
          <h2 id="referral-mine-title" className="text-xl font-semibold">
            {page ? t('member.title-days', { days: page.free_days }) : t('member.title')}
          </h2>
          <InvitePanel state={state} onRetry={reload} />
        </section>
      ) : null}
      {page ? <InviteeList page={page} /> : null}
      <ReferralRules page={page} policyHref={policyHref} />
    </div>
  );
}

/** The newest friends who joined, names masked, with the days each brought the member. */
function InviteeList({ page }: { page: InvitePage }) {
  const t = useTranslations('referral.invitees');
  const format = useFormatter();
  return (
    <section aria-labelledby="referral-invitees-title" className="flex flex-col gap-3">
      <h2 id="referral-invitees-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      {page.invitees.length === 0 ? (
        <p className="text-muted-foreground" data-testid="invitees-empty">
          {t('empty')}
        </p>
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          data-testid="invitees"
        >
          {page.invitees.map((invitee) => (
            <li
              key={`${invitee.joined_at}-${invitee.name}`}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
            >
              <span className="font-medium">{invitee.name}</span>
              <span className="text-sm text-muted-foreground">
                {t('joined', {
                  date: format.dateTime(new Date(invitee.joined_at), { dateStyle: 'medium' }),
                })}
              </span>
              <span className="w-full text-sm sm:w-auto">
                {invitee.free_days > 0 ? t('days', { days: invitee.free_days }) : t('no-days')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The rules, with the real days and monthly limit once the member's data is known. */
function ReferralRules({ page, policyHref }: { page: InvitePage | undefined; policyHref: string }) {
  const t = useTranslations('referral.rules');
  const rules = [
    t('share'),
    t('join'),
    page ? t('both-days', { days: page.free_days }) : t('both'),
    page && Number(page.monthly_limit) > 0
      ? t('limit-count', { limit: Number(page.monthly_limit) })
      : t('limit'),
    t('stack'),
    t('new'),
  ];
  return (
    <section
      aria-labelledby="referral-rules-title"
      className="flex flex-col gap-3"
      data-testid="referral-rules"
    >
      <h2 id="referral-rules-title" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <ol className="flex list-decimal flex-col gap-2 pl-6 marker:text-muted-foreground">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <p className="text-sm">
        <a href={policyHref} className="text-primary underline-offset-4 hover:underline">
          {t('policy')}
        </a>
      </p>
    </section>
  );
}
