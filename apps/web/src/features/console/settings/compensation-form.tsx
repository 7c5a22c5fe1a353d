'use client';

import type { FormEvent } from 'react';
import { useState } from 'react';
import type { CompensationOffer, SiteSettingName } from '@nimbus/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '../reason-dialog';
import {
  blankCompensation,
  checkCompensation,
  type CompensationDraft,
  type CompensationProblems,
} from './compensation-draft';

interface Pending {
  type: string;
  offer: CompensationOffer;
  value: Record<string, CompensationOffer>;
}

/**
 * Creates or reschedules a compensation (admins): its type, premium days, the sign-up cut-off
 * and the end of its claims, each checked against the server's schema with a message on the
 * field, then saved with a reason into the setting `activity_operation.compensations`.
 * `onSave` answers whether it was stored.
 */
export function CompensationForm({
  current,
  onSave,
}: {
  current: unknown;
  onSave: (name: SiteSettingName, value: unknown, reason: string) => Promise<boolean>;
}) {
  const t = useTranslations('console.settings.compensations');
  const format = useFormatter();
  const [draft, setDraft] = useState<CompensationDraft>(blankCompensation);
  const [problems, setProblems] = useState<CompensationProblems>({});
  const [pending, setPending] = useState<Pending>();
  const when = (at: string) =>
    format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' });

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const checked = checkCompensation(draft, current);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setPending(checked);
  }

  const field = (key: keyof CompensationDraft) => ({
    value: draft[key],
    error: problems[key] ? t(`form.errors.${problems[key]}`) : undefined,
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <>
      <form
        noValidate
        onSubmit={submit}
        aria-label={t('form.title')}
        className="grid gap-3 rounded-xl border border-border bg-background p-4 sm:grid-cols-2"
      >
        <div className="flex flex-col gap-1 sm:col-span-2">
          <h2 className="text-lg font-semibold">{t('form.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('form.hint')}</p>
        </div>
        <FormField
          label={t('form.type')}
          hint={t('form.typeHint')}
          autoComplete="off"
          spellCheck={false}
          {...field('type')}
        />
        <FormField
          label={t('form.days')}
          type="number"
          inputMode="numeric"
          min={1}
          max={366}
          {...field('days')}
        />
        <FormField
          label={t('form.joinedBefore')}
          hint={t('form.timeHint')}
          type="datetime-local"
          {...field('joinedBefore')}
        />
        <FormField
          label={t('form.endsAt')}
          hint={t('form.timeHint')}
          type="datetime-local"
          {...field('endsAt')}
        />
        <Button type="submit" className="self-start">
          {t('form.create')}
        </Button>
      </form>
      {pending ? (
        <ReasonDialog
          title={t('form.confirmTitle', { type: pending.type })}
          description={t('terms', {
            days: pending.offer.days,
            joined: when(pending.offer.joined_before),
            ends: when(pending.offer.ends_at),
          })}
          confirmLabel={t('form.create')}
          onClose={() => setPending(undefined)}
          onConfirm={async (reason) => {
            if (await onSave('activity_operation.compensations', pending.value, reason)) {
              setDraft(blankCompensation);
            }
          }}
        />
      ) : null}
    </>
  );
}
