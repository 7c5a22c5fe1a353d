'use client';

import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { Profile } from '@/lib/session/credentials';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { refreshProfile, updateName } from '@/lib/session/session';
import { useStoredSession } from '@/lib/session/use-stored-session';
import type { AnalysisToggleTexts } from '@/features/analytics/analysis-toggle';
import { AnalysisToggle } from '@/features/analytics/analysis-toggle';
import { MembershipPanel } from '@/features/membership/membership-panel';
import { AppPasswordsPanel } from './app-passwords-panel';
import { AvatarField } from './avatar-field';
import { DataExportPanel } from './data-export-panel';
import { DeletionPanel, DeletionPending } from './deletion-panel';
import { rememberDeletion, useRememberedDeletion } from './deletion-memory';
import { EmailPanel } from './email-panel';
import { SecurityPanel } from './security-panel';
import { TwoFactorPanel } from './two-factor-panel';

export interface AccountPageProps {
  errorTexts: ErrorTexts;
  signInHref: string;
  /** The sign-in page that withdraws a deletion request and comes back here. */
  cancelDeletionHref: string;
  /** The usage statistics switch, with its section's title. */
  analysisTexts: AnalysisToggleTexts & { title: string };
}

type LoadState = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'ready'; profile: Profile };

/**
 * `/drive/account`: the member's profile (picture, name), sign-in facts, e-mail address,
 * membership (plan, expiry, days left, activation codes), password, devices, two-step
 * verification, app passwords, usage statistics, the export of the member's data and deleting
 * the account.
 * Visitors without a session get a link to sign in that comes back here; a member who just asked
 * for deletion (and was signed out by it) sees the day of the purge and "Cancel deletion".
 */
export function AccountPage({
  errorTexts,
  signInHref,
  cancelDeletionHref,
  analysisTexts,
}: AccountPageProps) {
  const t = useTranslations('account');
  const format = useFormatter();
  const locale = useLocale();
  const session = useStoredSession();
  const [edited, setEdited] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const remembered = useRememberedDeletion();
  const signedIn = session.kind === 'signed-in';
  // The deletion this browser asked for, until a sign-in (the drive's banner forgets it then).
  const purgeAfter = session.kind === 'signed-out' ? remembered : undefined;

  useEffect(() => {
    if (signedIn) {
      void refreshProfile();
    }
  }, [signedIn]);

  const state: LoadState =
    session.kind === 'signed-out'
      ? { kind: 'signed-out' }
      : session.kind === 'signed-in' && session.profile
        ? { kind: 'ready', profile: session.profile }
        : { kind: 'loading' };
  const name = edited ?? (state.kind === 'ready' ? state.profile.name : '');
  const setName = setEdited;

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await updateName(name);
      setEdited(undefined);
      setSaved(true);
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts));
    } finally {
      setBusy(false);
    }
  }

  if (purgeAfter) {
    return <DeletionPending purgeAfter={purgeAfter} cancelHref={cancelDeletionHref} />;
  }
  if (state.kind === 'loading') {
    return <p className="text-muted-foreground">{t('loading')}</p>;
  }
  if (state.kind === 'signed-out') {
    return (
      <div className="flex flex-col items-start gap-4" data-testid="account-signed-out">
        <p>{t('signed-out')}</p>
        <Button asChild>
          <a href={signInHref}>{t('sign-in')}</a>
        </Button>
      </div>
    );
  }
  const { profile } = state;
  return (
    <div className="flex flex-col gap-8" data-testid="account-page">
      <section
        aria-labelledby="profile-title"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
      >
        <h2 id="profile-title" className="text-xl font-semibold">
          {t('profile.title')}
        </h2>
        <AvatarField profile={profile} errorTexts={errorTexts} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t('profile.email')}</dt>
          <dd data-testid="profile-email">{profile.email}</dd>
          <dt className="text-muted-foreground">{t('profile.password')}</dt>
          <dd>
            {profile.password === 'SET' ? t('profile.password-set') : t('profile.password-not-set')}
          </dd>
          <dt className="text-muted-foreground">{t('profile.member-since')}</dt>
          <dd>{format.dateTime(new Date(profile.created_at), { dateStyle: 'long' })}</dd>
        </dl>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => void save(event)}
        >
          <div className="flex-1">
            <FormField
              label={t('profile.name')}
              name="name"
              required
              maxLength={64}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={busy}>
            {t('profile.save')}
          </Button>
        </form>
        {saved ? <FormAlert tone="success">{t('profile.saved')}</FormAlert> : null}
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      </section>
      <EmailPanel
        errorTexts={errorTexts}
        currentEmail={profile.email}
        hasPassword={profile.password === 'SET'}
      />
      <MembershipPanel
        errorTexts={errorTexts}
        membership={session.kind === 'signed-in' ? session.membership : undefined}
      />
      <SecurityPanel errorTexts={errorTexts} hasPassword={profile.password === 'SET'} />
      <TwoFactorPanel errorTexts={errorTexts} />
      <AppPasswordsPanel errorTexts={errorTexts} />
      <DataExportPanel errorTexts={errorTexts} />
      <section
        aria-labelledby="analysis-title"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
      >
        <h2 id="analysis-title" className="text-xl font-semibold">
          {analysisTexts.title}
        </h2>
        <AnalysisToggle texts={analysisTexts} />
      </section>
      <DeletionPanel
        errorTexts={errorTexts}
        hasPassword={profile.password === 'SET'}
        onRequested={rememberDeletion}
      />
    </div>
  );
}
