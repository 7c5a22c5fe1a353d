'use client';

import { useEffect, useState } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { dataExportStatus, requestDataExport, type DataExport } from './data-export-api';

/** How often a pending or running export is asked about again. */
const pollMs = 5_000;

const failureReasons = ['drive_changing', 'interrupted', 'error'] as const;

/**
 * "Export my data" on `/drive/account`: the request, the export's progress while the worker
 * builds it (asked again every few seconds), the download link of a ready export with its
 * expiry, and why a failed one failed.
 */
export function DataExportPanel({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('account.export');
  const format = useFormatter();
  const locale = useLocale();
  const [current, setCurrent] = useState<DataExport>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const isUnderWay = current?.phase === 'pending' || current?.phase === 'running';

  useEffect(() => {
    let isLive = true;
    const load = () =>
      dataExportStatus().then(
        (answer) => {
          if (isLive) {
            setCurrent(answer);
          }
        },
        (cause: unknown) => {
          if (isLive) {
            setError(errorText(cause, locale, errorTexts));
          }
        },
      );
    void load();
    if (!isUnderWay) {
      return () => {
        isLive = false;
      };
    }
    const timer = setInterval(() => void load(), pollMs);
    return () => {
      isLive = false;
      clearInterval(timer);
    };
  }, [isUnderWay, locale, errorTexts]);

  async function request(): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      setCurrent(await requestDataExport());
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts));
    } finally {
      setBusy(false);
    }
  }

  const reason = failureReasons.find((known) => known === current?.reason) ?? 'error';

  return (
    <section
      aria-labelledby="data-export-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
      data-testid="data-export"
      data-phase={current?.phase ?? 'loading'}
    >
      <div>
        <h2 id="data-export-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
      </div>
      {current?.phase === 'pending' || current?.phase === 'running' ? (
        <p className="text-sm" role="status" data-testid="data-export-progress">
          {t(current.phase)}
        </p>
      ) : null}
      {current?.phase === 'ready' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="text-sm">
            <p>
              {t('ready', {
                count: current.file_count,
                size: formatBytes(current.size, { locale }),
              })}
            </p>
            <p className="text-muted-foreground">
              {t('expires', {
                date: format.dateTime(new Date(current.expires_at), {
                  dateStyle: 'long',
                  timeStyle: 'short',
                }),
              })}
            </p>
          </div>
          <Button asChild>
            <a href={current.url} download data-testid="data-export-download">
              {t('download')}
            </a>
          </Button>
        </div>
      ) : null}
      {current?.phase === 'failed' ? (
        <FormAlert tone="error">{t('failed', { reason: t(`reason.${reason}`) })}</FormAlert>
      ) : null}
      {current?.phase === 'expired' ? (
        <p className="text-sm text-muted-foreground">{t('expired')}</p>
      ) : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {current && !isUnderWay ? (
        <div>
          <Button
            variant={current.phase === 'ready' ? 'outline' : undefined}
            disabled={busy}
            onClick={() => void request()}
            data-testid="data-export-request"
          >
            {current.phase === 'none' ? t('request') : t('again')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
