'use client';

import { useCallback, useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { SiteSettingName } from '@nimbus/contracts';
import { FormAlert } from '@/components/form-alert';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { CompensationForm } from './compensation-form';
import { CompensationsPanel } from './compensations-panel';
import { SettingEditor } from './setting-editor';
import { SettingsHistory } from './settings-history';
import type { SettingChange, SiteSetting } from './settings-calls';
import { listSettings, revertSetting, settingHistory, updateSetting } from './settings-calls';

interface Message {
  tone: 'error' | 'success';
  text: string;
}

/**
 * The site settings (admins): each setting's form, checked with the server's schema before it
 * is sent and saved with a reason, a form that creates or reschedules a compensation, the
 * compensations in force with their claims, and the history of changes with their diff and a
 * revert.
 * A saved value is in force on every node from the next visit.
 */
export function SettingsView({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('console.settings');
  const locale = useLocale();
  const [settings, setSettings] = useState<SiteSetting[]>();
  const [changes, setChanges] = useState<SettingChange[]>([]);
  const [nextPageToken, setNextPageToken] = useState('');
  const [message, setMessage] = useState<Message>();

  const fail = useCallback(
    (cause: unknown) =>
      setMessage({ tone: 'error', text: errorText(cause, locale, errorTexts) ?? '' }),
    [locale, errorTexts],
  );

  const show = useCallback(
    ([list, history]: [SiteSetting[], Awaited<ReturnType<typeof settingHistory>>]) => {
      setSettings(list);
      setChanges(history.changes);
      setNextPageToken(history.nextPageToken);
    },
    [],
  );

  useEffect(() => {
    Promise.all([listSettings(), settingHistory('')]).then(show, fail);
  }, [show, fail]);

  const compensations = settings?.find(
    (setting) => setting.name === 'activity_operation.compensations',
  );

  async function refresh(): Promise<void> {
    show(await Promise.all([listSettings(), settingHistory('')]));
  }

  /** Stores a setting's new value; answers whether it was stored. */
  async function store(name: SiteSettingName, value: unknown, reason: string): Promise<boolean> {
    setMessage(undefined);
    try {
      await updateSetting(name, value, reason);
      await refresh();
      setMessage({ tone: 'success', text: t('saved') });
      return true;
    } catch (cause) {
      fail(cause);
      return false;
    }
  }

  async function save(name: SiteSettingName, value: unknown, reason: string): Promise<void> {
    await store(name, value, reason);
  }

  async function revert(change: SettingChange, reason: string): Promise<void> {
    setMessage(undefined);
    try {
      await revertSetting(change.id, reason);
      await refresh();
      setMessage({ tone: 'success', text: t('reverted') });
    } catch (cause) {
      fail(cause);
    }
  }

  async function more(): Promise<void> {
    try {
      const page = await settingHistory(nextPageToken);
      setChanges((shown) => [...shown, ...page.changes]);
      setNextPageToken(page.nextPageToken);
    } catch (cause) {
      fail(cause);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {settings === undefined ? (
        <p className="text-muted-foreground">{t('loading')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {settings.map((setting) => (
            <SettingEditor
              key={`${setting.name}@${setting.updated_at}`}
              setting={setting}
              onSave={save}
            />
          ))}
        </div>
      )}
      {compensations ? <CompensationForm current={compensations.value} onSave={store} /> : null}
      <CompensationsPanel version={compensations?.updated_at ?? ''} onError={fail} />
      <SettingsHistory
        changes={changes}
        hasMore={nextPageToken !== ''}
        onMore={() => void more()}
        onRevert={revert}
      />
    </div>
  );
}
