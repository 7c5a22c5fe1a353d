'use client';

import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { AppPasswordSummary } from './app-passwords-api';
import {
  createAppPassword,
  listAppPasswords,
  revokeAppPassword,
  webDavAddress,
} from './app-passwords-api';

type Message = { tone: 'error' | 'success'; text: string };

/**
 * The app passwords of `/drive/account`: WebDAV's address, a form that makes a named password
 * (read-only or read-write) and shows it once, and the list with each one's last use and a
 * button that revokes it.
 */
export function AppPasswordsPanel({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('account.app-passwords');
  const format = useFormatter();
  const locale = useLocale();
  const [items, setItems] = useState<AppPasswordSummary[]>();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('write');
  const [shown, setShown] = useState<{ name: string; password: string }>();
  // The panel shows only once the session is read in the browser, so `window` is there.
  const [address] = useState(webDavAddress);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();

  useEffect(() => {
    listAppPasswords().then(setItems, (cause: unknown) => {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { tone: 'error', text } : undefined);
    });
  }, [locale, errorTexts]);

  async function run(action: () => Promise<string | undefined>): Promise<void> {
    setBusy(true);
    setMessage(undefined);
    try {
      const text = await action();
      setMessage(text ? { tone: 'success', text } : undefined);
    } catch (cause) {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { tone: 'error', text } : undefined);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void run(async () => {
      const created = await createAppPassword({ name: name.trim(), scope });
      setShown({ name: created.summary.name, password: created.password });
      setName('');
      setItems(await listAppPasswords());
      return undefined;
    });
  }

  const when = (time: string) =>
    format.dateTime(new Date(time), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section
      aria-labelledby="app-passwords-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
      data-testid="app-passwords"
    >
      <div>
        <h2 id="app-passwords-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
        <p className="mt-2 text-sm">
          {t('address')}{' '}
          <code className="rounded bg-muted px-1.5 py-0.5" data-testid="webdav-address">
            {address}
          </code>
        </p>
      </div>
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit}>
        <div className="flex-1">
          <FormField
            label={t('name')}
            name="app_password_name"
            required
            maxLength={64}
            placeholder={t('name-placeholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('scope')}</span>
          <select
            name="app_password_scope"
            className="h-10 rounded-md border border-border bg-background px-3"
            value={scope}
            onChange={(event) => setScope(event.target.value === 'read' ? 'read' : 'write')}
          >
            <option value="write">{t('scope-write')}</option>
            <option value="read">{t('scope-read')}</option>
          </select>
        </label>
        <Button type="submit" disabled={busy || name.trim() === ''}>
          {t('create')}
        </Button>
      </form>
      {shown ? (
        <FormAlert tone="success">
          <span className="flex flex-col gap-2">
            <span>{t('created', { name: shown.name })}</span>
            <code className="select-all text-base font-semibold" data-testid="new-app-password">
              {shown.password}
            </code>
          </span>
        </FormAlert>
      ) : null}
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {items && items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('empty')}</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-border" data-testid="app-password-list">
        {(items ?? []).map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="text-sm">
              <p className="font-medium">
                {item.name}
                <span className="ml-2 rounded bg-primary/10 px-2 py-0.5 text-xs">
                  {item.scope === 'read' ? t('scope-read') : t('scope-write')}
                </span>
              </p>
              <p className="text-muted-foreground">
                {item.last_used_time === ''
                  ? t('never-used')
                  : `${t('last-used')} ${when(item.last_used_time)} · ${item.last_used_ip}`}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await revokeAppPassword(item.id);
                  setItems(await listAppPasswords());
                  return t('revoked');
                })
              }
            >
              {t('revoke')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
