'use client';

import { useId, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { planLimitsSettingSchema, type SiteSettingName } from '@nimbus/contracts';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input-classes';
import { cn } from '@/lib/cn';
import { ReasonDialog } from '../reason-dialog';
import { AnnouncementField } from './announcement-field';
import { checkDraft, fieldOf, jsonText, messageKeyOf, type DraftProblem } from './setting-draft';
import type { SiteSetting } from './settings-calls';

/** The draft a setting's form starts from: its value in force, as the field edits it. */
function draftOf(setting: SiteSetting): unknown {
  switch (fieldOf(setting.name)) {
    case 'json':
      return jsonText(setting.name, setting.value);
    case 'switch':
      return setting.value === true;
    case 'text':
      return typeof setting.value === 'string' ? setting.value : '';
    case 'announcement':
      return setting.value ?? { tone: 'info', text: {} };
  }
}

/** The JSON keys the hints name, kept out of the translated texts. */
const hintValues = {
  free: 'free',
  premium: 'premium',
  limits: Object.keys(planLimitsSettingSchema.shape).join(', '),
};

export interface SettingEditorProps {
  setting: SiteSetting;
  onSave: (name: SiteSettingName, value: unknown, reason: string) => Promise<void>;
}

/**
 * One site setting: its field, whether the value is stored or configuration's, and a save that
 * first checks the draft against the setting's schema (the server's), then asks for a reason.
 */
export function SettingEditor({ setting, onSave }: SettingEditorProps) {
  const t = useTranslations('console.settings');
  const format = useFormatter();
  const fieldId = useId();
  const [draft, setDraft] = useState<unknown>(() => draftOf(setting));
  const [problem, setProblem] = useState<DraftProblem>();
  const [pending, setPending] = useState<{ value: unknown }>();
  const field = fieldOf(setting.name);
  const key = messageKeyOf(setting.name);

  function save(): void {
    const checked = checkDraft(setting.name, draft);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    setPending(checked);
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4"
      data-testid={`setting-${setting.name}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={fieldId} className="font-medium">
          {t(`name.${key}`)}
        </label>
        <span className="text-sm text-muted-foreground">
          {setting.stored
            ? t('storedAt', {
                date: format.dateTime(new Date(setting.updated_at), {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })
            : t('configured')}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{t(`hint.${key}`, hintValues)}</p>
      {field === 'json' ? (
        <textarea
          id={fieldId}
          className={cn(inputClasses, 'min-h-48 py-2 font-mono text-sm')}
          spellCheck={false}
          aria-invalid={problem !== undefined}
          value={String(draft)}
          onChange={(event) => setDraft(event.target.value)}
        />
      ) : null}
      {field === 'text' ? (
        <input
          id={fieldId}
          className={inputClasses}
          aria-invalid={problem !== undefined}
          value={String(draft)}
          onChange={(event) => setDraft(event.target.value)}
        />
      ) : null}
      {field === 'switch' ? (
        <input
          id={fieldId}
          type="checkbox"
          className="size-5 self-start"
          checked={draft === true}
          onChange={(event) => setDraft(event.target.checked)}
        />
      ) : null}
      {field === 'announcement' ? (
        <AnnouncementField id={fieldId} value={draft} onChange={setDraft} />
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem.kind === 'json'
            ? t('invalidJson')
            : problem.path === ''
              ? t('invalidValue')
              : t('invalidAt', { path: problem.path })}
        </p>
      ) : null}
      <Button type="button" variant="outline" className="self-start" onClick={save}>
        {t('save')}
      </Button>
      {pending ? (
        <ReasonDialog
          title={t('saveTitle', { name: t(`name.${key}`) })}
          description={t('saveHint')}
          confirmLabel={t('save')}
          onClose={() => setPending(undefined)}
          onConfirm={(reason) => onSave(setting.name, pending.value, reason)}
        />
      ) : null}
    </section>
  );
}
