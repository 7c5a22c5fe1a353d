'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound, Link2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { DriveFile } from '@nimbus/contracts';
import { copyWithToast } from '@/lib/clipboard';
import type { CreatedShare } from './share-api';
import { createShare } from './share-api';
import {
  ChoiceGroup,
  ExpiryField,
  LabeledInput,
  PassCodeInput,
  RestoreLimitField,
} from './share-fields';
import type { PassCodeMode, ShareForm } from './share-options';
import {
  createShareBody,
  defaultShareForm,
  linkWithPassCode,
  maxTitleLength,
  shareFormErrors,
} from './share-options';
import { sharesQueryKey } from './share-query-keys';
import { useShareForm } from './use-share-form';

export interface CreateShareDialogProps {
  items: readonly Pick<DriveFile, 'id' | 'name'>[];
  describeError: (cause: unknown) => string | undefined;
  onClose: () => void;
}

/**
 * Shares one or many items: the pass code (generated, the member's own or none), expiry,
 * restore limit and an optional title; then the link, its pass code, copy buttons (with and
 * without `?s_code=`) and the message to send.
 */
export function CreateShareDialog({ items, describeError, onClose }: CreateShareDialogProps) {
  const t = useTranslations('drive');
  const [created, setCreated] = useState<CreatedShare>();
  const first = items[0];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={t('dialog.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        data-testid="create-share-dialog"
      >
        <DialogTitle>
          {created
            ? t('share.created.title')
            : t('share.title', { count: items.length, name: first?.name ?? '' })}
        </DialogTitle>
        {created ? (
          <CreatedView created={created} onClose={onClose} />
        ) : (
          <>
            <DialogDescription>{t('share.description')}</DialogDescription>
            <ShareFormView
              items={items}
              describeError={describeError}
              onCreated={setCreated}
              onCancel={onClose}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ShareFormView({
  items,
  describeError,
  onCreated,
  onCancel,
}: {
  items: readonly Pick<DriveFile, 'id' | 'name'>[];
  describeError: (cause: unknown) => string | undefined;
  onCreated: (created: CreatedShare) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('drive');
  const queryClient = useQueryClient();
  const {
    fields: form,
    update,
    shown,
    busy,
    failure,
    handleSubmit,
  } = useShareForm<ShareForm>({
    initial: () => ({ ...defaultShareForm }),
    validate: shareFormErrors,
    describeError,
    genericError: t('error.generic'),
  });

  const submit = handleSubmit(async () => {
    const answer = await createShare(
      createShareBody(
        items.map((item) => item.id),
        form,
      ),
    );
    void queryClient.invalidateQueries({ queryKey: sharesQueryKey });
    onCreated(answer);
  });

  const passCodeChoices: { value: PassCodeMode; label: string }[] = [
    { value: 'generated', label: t('share.pass-code.generated') },
    { value: 'custom', label: t('share.pass-code.custom') },
    { value: 'none', label: t('share.pass-code.none') },
  ];

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={submit}>
      <LabeledInput
        label={t('share.title-field.label')}
        hint={t('share.title-field.hint')}
        error={shown.title ? t(`share.error.${shown.title}`) : undefined}
      >
        {({ id, describedBy }) => (
          <Input
            id={id}
            name="title"
            autoComplete="off"
            value={form.title}
            placeholder={items[0]?.name}
            maxLength={maxTitleLength + 20}
            aria-invalid={shown.title ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => update({ title: event.target.value })}
          />
        )}
      </LabeledInput>
      <div className="flex flex-col gap-3">
        <ChoiceGroup
          legend={t('share.pass-code.label')}
          name="pass_code_mode"
          testId="share-pass-code-field"
          value={form.passCodeMode}
          choices={passCodeChoices}
          onChange={(passCodeMode) => update({ passCodeMode })}
        />
        {form.passCodeMode === 'custom' ? (
          <PassCodeInput
            label={t('share.pass-code.custom-label')}
            value={form.customPassCode}
            error={shown.passCode}
            onChange={(customPassCode) => update({ customPassCode })}
          />
        ) : null}
      </div>
      <ExpiryField
        value={form.expirationDays}
        onChange={(expirationDays) => update({ expirationDays })}
      />
      <RestoreLimitField
        limited={form.limitRestores}
        count={form.restoreLimit}
        error={shown.restoreLimit}
        onChange={(limitRestores, restoreLimit) => update({ limitRestores, restoreLimit })}
      />
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          <Link2 aria-hidden />
          {busy ? t('share.creating') : t('share.submit')}
        </Button>
      </div>
    </form>
  );
}

function CreatedView({ created, onClose }: { created: CreatedShare; onClose: () => void }) {
  const t = useTranslations('drive');
  const [copied, setCopied] = useState<'link' | 'with-code' | 'text'>();
  const withCode = linkWithPassCode(created.share_url, created.pass_code);
  const copy = (what: 'link' | 'with-code' | 'text', text: string) => {
    void copyWithToast(text, {
      copied: t('share.created.copied'),
      failed: t('share.created.copy-failed'),
    }).then(() => setCopied(what));
  };
  const icon = (what: 'link' | 'with-code' | 'text') =>
    copied === what ? <Check aria-hidden /> : <Copy aria-hidden />;
  return (
    <div className="flex flex-col gap-4" data-testid="share-created">
      <DialogDescription>{t('share.created.description')}</DialogDescription>
      <LabeledInput label={t('share.created.link')}>
        {({ id }) => (
          <Input
            id={id}
            readOnly
            value={created.share_url}
            data-testid="share-link"
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm"
          />
        )}
      </LabeledInput>
      {created.pass_code ? (
        <p className="flex items-center gap-2 text-sm">
          <KeyRound aria-hidden className="size-4 text-muted-foreground" />
          <span>{t('share.created.pass-code')}</span>
          <strong className="font-mono text-base" data-testid="share-pass-code">
            {created.pass_code}
          </strong>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('share.created.no-pass-code')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => copy('link', created.share_url)} autoFocus>
          {icon('link')}
          {t('share.created.copy-link')}
        </Button>
        {created.pass_code ? (
          <Button type="button" variant="outline" onClick={() => copy('with-code', withCode)}>
            {icon('with-code')}
            {t('share.created.copy-with-code')}
          </Button>
        ) : null}
      </div>
      <LabeledInput label={t('share.created.text')}>
        {({ id }) => (
          <textarea
            id={id}
            readOnly
            rows={3}
            value={created.share_text}
            data-testid="share-text"
            onFocus={(event) => event.currentTarget.select()}
            className="w-full resize-none rounded-lg border border-border bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          />
        )}
      </LabeledInput>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => copy('text', created.share_text)}>
          {icon('text')}
          {t('share.created.copy-text')}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t('share.created.done')}
        </Button>
      </div>
    </div>
  );
}
