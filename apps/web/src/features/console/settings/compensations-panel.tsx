'use client';

import { useEffect, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import {
  compensationClaims,
  listCompensations,
  type CompensationClaim,
  type ConsoleCompensation,
} from './settings-calls';

interface Claims {
  type: string;
  claims: CompensationClaim[];
  nextPageToken: string;
}

/**
 * The compensations in force (created and scheduled with the setting above) with their claims
 * counted, and who claimed one, newest first. `version` changes when a setting was saved, so a
 * new or rescheduled compensation shows at once.
 */
export function CompensationsPanel({
  version,
  onError,
}: {
  version: string;
  onError: (cause: unknown) => void;
}) {
  const t = useTranslations('console.settings.compensations');
  const format = useFormatter();
  const [compensations, setCompensations] = useState<ConsoleCompensation[]>();
  const [shown, setShown] = useState<Claims>();
  const when = (at: string) =>
    at === '' ? '—' : format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' });

  useEffect(() => {
    listCompensations().then(setCompensations, onError);
  }, [version, onError]);

  async function show(type: string, pageToken: string): Promise<void> {
    try {
      const page = await compensationClaims(type, pageToken);
      setShown((before) => ({
        type,
        claims:
          pageToken === '' || before === undefined
            ? page.claims
            : [...before.claims, ...page.claims],
        nextPageToken: page.nextPageToken,
      }));
    } catch (cause) {
      onError(cause);
    }
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby="compensation-claims">
      <h2 id="compensation-claims" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('hint')}</p>
      {compensations?.length === 0 ? <p className="text-muted-foreground">{t('none')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="compensations">
        {compensations?.map((entry) => (
          <li key={entry.type} className="rounded-xl border border-border bg-background p-4">
            <div className="flex flex-wrap items-center gap-3">
              <div className="min-w-0 flex-1">
                <p className="font-mono font-medium">{entry.type}</p>
                <p className="text-sm text-muted-foreground">
                  {t('terms', {
                    days: entry.days,
                    joined: when(entry.joined_before),
                    ends: when(entry.ends_at),
                  })}
                </p>
                <p className="text-sm">
                  {t('counted', {
                    claims: entry.claims,
                    days: entry.days_granted,
                    last: when(entry.last_claim_at),
                  })}
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => void show(entry.type, '')}>
                {t('show')}
              </Button>
            </div>
            {shown?.type === entry.type ? (
              <div className="mt-3 flex flex-col gap-2">
                {shown.claims.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('noClaims')}</p>
                ) : (
                  <table className="w-full text-left text-sm">
                    <thead>
                      <tr>
                        <th className="py-1 pr-2 font-medium">{t('member')}</th>
                        <th className="py-1 pr-2 font-medium">{t('days')}</th>
                        <th className="py-1 font-medium">{t('claimedAt')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {shown.claims.map((claim) => (
                        <tr key={claim.user_id} className="border-t border-border">
                          <td className="py-1 pr-2 break-all">{claim.email || claim.user_id}</td>
                          <td className="py-1 pr-2">{claim.days}</td>
                          <td className="py-1">{when(claim.created_at)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {shown.nextPageToken === '' ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    onClick={() => void show(entry.type, shown.nextPageToken)}
                  >
                    {t('more')}
                  </Button>
                )}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
