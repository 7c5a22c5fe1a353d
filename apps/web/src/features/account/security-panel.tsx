'use client';

import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { SessionSummary } from './security-api';
import { changePassword, listSessions, revokeSession } from './security-api';
import { describeUserAgent } from './user-agent';

interface Message {
  where: 'password' | 'sessions';
  tone: 'error' | 'success';
  text: string;
}

export interface SecurityPanelProps {
  errorTexts: ErrorTexts;
  /** Whether the account has a password (the profile's `password` is `"SET"`). */
  hasPassword: boolean;
}

/**
 * The password and signed-in devices of `/drive/account`: change the password (the server signs
 * the other devices out) and sign out any one device.
 */
export function SecurityPanel({ errorTexts, hasPassword }: SecurityPanelProps) {
  const t = useTranslations('account');
  const format = useFormatter();
  const locale = useLocale();
  const [sessions, setSessions] = useState<SessionSummary[]>();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();

  useEffect(() => {
    listSessions().then(setSessions, (cause: unknown) => {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { where: 'sessions', tone: 'error', text } : undefined);
    });
  }, [locale, errorTexts]);

  async function run(where: Message['where'], action: () => Promise<string>): Promise<void> {
    setBusy(true);
    setMessage(undefined);
    try {
      setMessage({ where, tone: 'success', text: await action() });
    } catch (cause) {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { where, tone: 'error', text } : undefined);
    } finally {
      setBusy(false);
    }
  }

  function alertFor(where: Message['where']) {
    return message?.where === where ? (
      <FormAlert tone={message.tone}>{message.text}</FormAlert>
    ) : null;
  }

  function submitPassword(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void run('password', async () => {
      await changePassword({ oldPassword, newPassword });
      setOldPassword('');
      setNewPassword('');
      setSessions(await listSessions());
      return t('password.saved');
    });
  }

  return (
    <>
      <section
        aria-labelledby="password-title"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
      >
        <h2 id="password-title" className="text-xl font-semibold">
          {t('password.title')}
        </h2>
        <form className="flex flex-col gap-3" onSubmit={submitPassword}>
          {hasPassword ? (
            <FormField
              label={t('password.current')}
              name="old_password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              value={oldPassword}
              onChange={(event) => setOldPassword(event.target.value)}
            />
          ) : null}
          <FormField
            label={t('password.new')}
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <div>
            <Button type="submit" disabled={busy}>
              {t('password.save')}
            </Button>
          </div>
        </form>
        {alertFor('password')}
      </section>
      <section
        aria-labelledby="sessions-title"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
      >
        <div>
          <h2 id="sessions-title" className="text-xl font-semibold">
            {t('sessions.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('sessions.description')}</p>
        </div>
        {alertFor('sessions')}
        <ul className="flex flex-col divide-y divide-border" data-testid="session-list">
          {(sessions ?? []).map((session) => (
            <li
              key={session.id}
              data-current={session.current}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="text-sm">
                <p className="font-medium">
                  {describeUserAgent(session.user_agent)}
                  <span className="ml-2 text-muted-foreground">{session.client_id}</span>
                  {session.current ? (
                    <span className="ml-2 rounded bg-primary/10 px-2 py-0.5 text-xs">
                      {t('sessions.this-device')}
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {session.ip} · {t('sessions.last-used')}{' '}
                  {format.dateTime(new Date(session.last_used_time), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    void run('sessions', async () => {
                      await revokeSession(session.id);
                      setSessions(await listSessions());
                      return t('sessions.signed-out');
                    })
                  }
                >
                  {t('sessions.sign-out')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
