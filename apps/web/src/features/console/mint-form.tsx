'use client';

import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input-classes';
import type { MintInput, MintedBatch } from './console-calls';
import { mintBatch } from './console-calls';

const blank: MintInput = {
  type: 'platinum',
  days: 30,
  gib: 100,
  count: 10,
  maxUses: 1,
  expires: '',
  note: '',
  reason: '',
};

/**
 * Mints a batch of activation codes (admins): premium days or a storage or traffic pack, how
 * many codes, redemptions per code, the last day they work, a note and the reason.
 */
export function MintForm({
  onMinted,
  onError,
}: {
  onMinted: (minted: MintedBatch) => void;
  onError: (cause: unknown) => void;
}) {
  const t = useTranslations('console');
  const typeId = useId();
  const [draft, setDraft] = useState<MintInput>(blank);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      onMinted(await mintBatch({ ...draft, reason: draft.reason.trim() }));
      setDraft(blank);
    } catch (cause) {
      onError(cause);
    } finally {
      setBusy(false);
    }
  }

  const number = (key: 'days' | 'gib' | 'count' | 'maxUses', max: number) => (
    <FormField
      label={t(`codes.fields.${key}`)}
      type="number"
      min={1}
      max={max}
      required
      value={String(draft[key])}
      onChange={(event) => setDraft({ ...draft, [key]: Number(event.target.value) })}
    />
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-xl border border-border p-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={t('codes.mintTitle')}
    >
      <h2 className="font-medium sm:col-span-2 lg:col-span-4">{t('codes.mintTitle')}</h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={typeId} className="text-sm font-medium">
          {t('codes.fields.type')}
        </label>
        <select
          id={typeId}
          className={inputClasses}
          value={draft.type}
          onChange={(event) =>
            setDraft({ ...draft, type: event.target.value as MintInput['type'] })
          }
        >
          {(['platinum', 'storage', 'traffic'] as const).map((type) => (
            <option key={type} value={type}>
              {t(`codes.type.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {number('days', 3650)}
      {draft.type === 'platinum' ? null : number('gib', 1_000_000)}
      {number('count', 10_000)}
      {number('maxUses', 1_000_000)}
      <FormField
        label={t('codes.fields.expires')}
        hint={t('codes.fields.expiresHint')}
        type="date"
        value={draft.expires}
        onChange={(event) => setDraft({ ...draft, expires: event.target.value })}
      />
      <FormField
        label={t('codes.fields.note')}
        maxLength={200}
        value={draft.note}
        onChange={(event) => setDraft({ ...draft, note: event.target.value })}
      />
      <FormField
        label={t('reason')}
        required
        value={draft.reason}
        onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
      />
      <div className="flex items-end">
        <Button type="submit" disabled={busy}>
          {t('codes.mint')}
        </Button>
      </div>
    </form>
  );
}
