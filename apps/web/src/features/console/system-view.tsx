'use client';

import { useEffect, useState } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { SystemState } from './console-api';
import { systemState } from './console-api';
import { SystemNodes } from './system-nodes';

const cell = 'px-2 py-1 text-start';

/**
 * The console's system page (admins): the nodes seen lately, the queues of background work with their oldest waiting
 * item, the latest failures and their reasons, the periodic jobs and the blob store.
 */
export function SystemView({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('console.system');
  const format = useFormatter();
  const locale = useLocale();
  const [state, setState] = useState<SystemState>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    systemState().then(setState, (cause: unknown) =>
      setError(errorText(cause, locale, errorTexts) ?? ''),
    );
  }, [locale, errorTexts]);

  const time = (at: string) =>
    at === '' ? '—' : format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' });
  const bytes = (value: string) => formatBytes(Number(value), { locale });

  if (error !== undefined) {
    return <FormAlert tone="error">{error}</FormAlert>;
  }
  if (state === undefined) {
    return <p className="text-muted-foreground">{t('loading')}</p>;
  }
  const saved = Math.max(0, Number(state.blobs.logical_bytes) - Number(state.blobs.physical_bytes));
  return (
    <div className="flex flex-col gap-8">
      <p className="text-sm text-muted-foreground">
        {t('checkedAt', { time: time(state.checked_at) })}
      </p>
      <SystemNodes state={state} />
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-medium">{t('blobs.title')}</h2>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="system-blobs">
          {(
            [
              ['count', format.number(state.blobs.count)],
              ['physical', bytes(state.blobs.physical_bytes)],
              ['logical', bytes(state.blobs.logical_bytes)],
              ['saved', formatBytes(saved, { locale })],
              ['unverified', format.number(state.blobs.unverified)],
              ['lastVerified', time(state.blobs.last_verified_at)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-xl border border-border p-4">
              <dt className="text-sm text-muted-foreground">{t(`blobs.${key}`)}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-medium">{t('queues.title')}</h2>
        {state.queues.length === 0 ? (
          <p className="text-muted-foreground">{t('queues.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm tabular-nums" data-testid="system-queues">
              <thead>
                <tr>
                  {(['kind', 'waiting', 'running', 'failed', 'oldest'] as const).map((key) => (
                    <th key={key} scope="col" className={`${cell} font-medium`}>
                      {t(`queues.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {state.queues.map((queue) => (
                  <tr key={queue.kind} className="border-t border-border">
                    <th scope="row" className={`${cell} font-normal`}>
                      <code>{queue.kind}</code>
                    </th>
                    <td className={cell}>{format.number(queue.waiting)}</td>
                    <td className={cell}>{format.number(queue.running)}</td>
                    <td className={cell}>{format.number(queue.failed)}</td>
                    <td className={cell}>{time(queue.oldest_waiting_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-medium">{t('failed.title')}</h2>
        {state.failed.length === 0 ? (
          <p className="text-muted-foreground">{t('failed.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="system-failed">
            {state.failed.map((job) => (
              <li
                key={`${job.kind}:${job.id}`}
                className="rounded-lg border border-border p-3 text-sm"
              >
                <code>{job.kind}</code> · {job.id} · {time(job.at)}
                <p className="mt-1 break-words text-danger">
                  {job.reason === '' ? '—' : job.reason}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-medium">{t('jobs.title')}</h2>
        {state.jobs.length === 0 ? (
          <p className="text-muted-foreground">{t('jobs.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {state.jobs.map((job) => (
              <li key={job.name}>
                {t('jobs.row', {
                  name: job.name,
                  holder: job.holder === '' ? '—' : job.holder,
                  next: time(job.next_run_at),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
