'use client';

import type { FormEvent } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatBytes } from '@nimbus/contracts';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { BatchCode, CodeBatch, MintedBatch } from './console-calls';
import { batchCodes, batchExportHref, listBatches, revokeBatch } from './console-calls';
import { useConsoleMe } from './console-context';
import { MintForm } from './mint-form';
import { ReasonDialog } from './reason-dialog';

interface Message {
  tone: 'error' | 'success';
  text: string;
}

/**
 * Activation codes: admins mint a batch (its codes shown this once) and revoke a batch's unused
 * codes; support reads the batches, each batch's codes with who redeemed them, and the CSV.
 */
export function CodesView({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('console');
  const format = useFormatter();
  const locale = useLocale();
  const me = useConsoleMe();
  const [q, setQ] = useState('');
  const [batches, setBatches] = useState<CodeBatch[]>();
  const [minted, setMinted] = useState<MintedBatch>();
  const [open, setOpen] = useState<{ batchId: string; codes?: BatchCode[] }>();
  const [revoking, setRevoking] = useState<CodeBatch>();
  const [message, setMessage] = useState<Message>();

  const fail = useCallback(
    (cause: unknown) =>
      setMessage({ tone: 'error', text: errorText(cause, locale, errorTexts) ?? '' }),
    [locale, errorTexts],
  );
  const reload = useCallback((query: string) => listBatches(query).then(setBatches, fail), [fail]);

  useEffect(() => void reload(''), [reload]);

  function search(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void reload(q);
  }

  function showCodes(batchId: string): void {
    if (open?.batchId === batchId) {
      setOpen(undefined);
      return;
    }
    setOpen({ batchId });
    batchCodes(batchId).then((codes) => setOpen({ batchId, codes }), fail);
  }

  const what = (batch: CodeBatch) =>
    batch.type === 'platinum'
      ? t('codes.premiumDays', { days: batch.days })
      : t('codes.pack', {
          type: t(`codes.type.${batch.type as 'storage' | 'traffic'}`),
          size: formatBytes(batch.bytes, { locale }),
          days: batch.days,
        });

  return (
    <div className="flex flex-col gap-6">
      {me.role === 'admin' ? (
        <MintForm
          onError={fail}
          onMinted={(batch) => {
            setMinted(batch);
            setMessage(undefined);
            void reload('');
          }}
        />
      ) : null}
      {minted ? (
        <section className="flex flex-col gap-2 rounded-xl border border-border p-4">
          <FormAlert tone="success">{t('codes.minted', { count: minted.codes.length })}</FormAlert>
          <textarea
            readOnly
            aria-label={t('codes.mintedCodes')}
            data-testid="minted-codes"
            className="h-40 w-full rounded-lg border border-border bg-muted p-2 font-mono text-sm"
            value={minted.codes.join('\n')}
          />
        </section>
      ) : null}
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      <form onSubmit={search} role="search" className="flex flex-wrap items-end gap-2">
        <FormField label={t('codes.search')} value={q} onChange={(e) => setQ(e.target.value)} />
        <Button type="submit">{t('members.search')}</Button>
      </form>
      {batches === undefined ? (
        <p className="text-muted-foreground">{t('gate.loading')}</p>
      ) : batches.length === 0 ? (
        <p className="text-muted-foreground">{t('codes.empty')}</p>
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          data-testid="batches"
        >
          {batches.map((batch) => (
            <li key={batch.id} className="flex flex-col gap-2 px-4 py-3" data-testid="batch">
              <div className="flex flex-wrap items-center gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium [overflow-wrap:anywhere]">
                    {batch.note || batch.id} · {what(batch)}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {t('codes.batchLine', {
                      count: batch.count,
                      redeemed: batch.redeemed,
                      revoked: batch.revoked,
                      date: format.dateTime(new Date(batch.created_at), { dateStyle: 'medium' }),
                    })}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => showCodes(batch.id)}>
                  {t('codes.codes')}
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a href={batchExportHref(batch.id)} download>
                    {t('audit.export')}
                  </a>
                </Button>
                {me.role === 'admin' ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-danger"
                    onClick={() => setRevoking(batch)}
                  >
                    {t('codes.revoke')}
                  </Button>
                ) : null}
              </div>
              {open?.batchId === batch.id ? (
                open.codes === undefined ? (
                  <p className="text-sm text-muted-foreground">{t('gate.loading')}</p>
                ) : (
                  <ul className="text-sm" data-testid="batch-codes">
                    {open.codes.map((code) => (
                      <li key={code.id} className="[overflow-wrap:anywhere]">
                        {code.id} · {t(`codes.status.${code.status}`)}
                        {code.redemptions.map((one) => ` · ${one.email}`).join('')}
                      </li>
                    ))}
                  </ul>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {revoking ? (
        <ReasonDialog
          title={t('codes.revokeTitle')}
          description={t('codes.revokeHint')}
          confirmLabel={t('codes.revoke')}
          danger
          onClose={() => setRevoking(undefined)}
          onConfirm={async (reason) => {
            try {
              const count = await revokeBatch(revoking.id, reason);
              setMessage({ tone: 'success', text: t('codes.revoked', { count }) });
              await reload(q);
            } catch (cause) {
              fail(cause);
            }
          }}
        />
      ) : null}
    </div>
  );
}
