'use client';

import { useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ReasonDialog } from '../reason-dialog';
import { settingDiff } from './setting-diff';
import { messageKeyOf } from './setting-draft';
import type { SettingChange } from './settings-calls';

const marks = { same: ' ', removed: '−', added: '+' } as const;

/** The history of the site settings, newest first: who, when, why, the diff, and a revert. */
export function SettingsHistory({
  changes,
  hasMore,
  onMore,
  onRevert,
}: {
  changes: SettingChange[];
  hasMore: boolean;
  onMore: () => void;
  onRevert: (change: SettingChange, reason: string) => Promise<void>;
}) {
  const t = useTranslations('console.settings');
  const format = useFormatter();
  const [reverting, setReverting] = useState<SettingChange>();
  const nameOf = (change: SettingChange) => t(`name.${messageKeyOf(change.name)}`);

  return (
    <section className="flex flex-col gap-3" aria-labelledby="settings-history">
      <h2 id="settings-history" className="text-lg font-semibold">
        {t('history')}
      </h2>
      {changes.length === 0 ? <p className="text-muted-foreground">{t('noHistory')}</p> : null}
      <ul className="flex flex-col gap-3" data-testid="setting-history">
        {changes.map((change) => (
          <li key={change.id} className="rounded-xl border border-border bg-background p-4">
            <div className="flex flex-wrap items-center gap-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{nameOf(change)}</p>
                <p className="text-sm text-muted-foreground">
                  {t(change.reverts === '' ? 'changeLine' : 'revertLine', {
                    who: change.actor_email || change.actor_id,
                    date: format.dateTime(new Date(change.created_at), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                    reason: change.reason,
                  })}
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setReverting(change)}>
                {t('revert')}
              </Button>
            </div>
            <pre className="mt-3 max-h-64 overflow-auto rounded-lg bg-muted p-2 text-xs">
              {settingDiff(change.before, change.after).map((line, index) => (
                <div
                  key={index}
                  className={cn(
                    line.kind === 'removed' && 'bg-danger/10 text-danger',
                    line.kind === 'added' && 'bg-primary/10',
                  )}
                >
                  {`${marks[line.kind]} ${line.text}`}
                </div>
              ))}
            </pre>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button variant="outline" className="self-start" onClick={onMore}>
          {t('more')}
        </Button>
      ) : null}
      {reverting ? (
        <ReasonDialog
          title={t('revertTitle', { name: nameOf(reverting) })}
          description={t(reverting.before === null ? 'revertToConfigured' : 'revertHint')}
          confirmLabel={t('revert')}
          onClose={() => setReverting(undefined)}
          onConfirm={(reason) => onRevert(reverting, reason)}
        />
      ) : null}
    </section>
  );
}
