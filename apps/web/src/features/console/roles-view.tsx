'use client';

import type { FormEvent } from 'react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { consoleRoles } from '@nimbus/contracts';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input-classes';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { ConsoleRole, RoleHolder } from './console-api';
import { grantRole, listRoles, revokeRole } from './console-api';
import { useConsoleMe } from './console-context';
import { ReasonDialog } from './reason-dialog';

interface Message {
  tone: 'error' | 'success';
  text: string;
}

/**
 * Who holds a console role (admins only): grant a role to a member by e-mail, or take one away
 * after a confirmation; both name a reason, which the audit log keeps.
 */
export function RolesView({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('console');
  const format = useFormatter();
  const locale = useLocale();
  const me = useConsoleMe();
  const roleFieldId = useId();
  const [holders, setHolders] = useState<RoleHolder[]>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ConsoleRole>('support');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [revoking, setRevoking] = useState<RoleHolder>();

  const fail = useCallback(
    (cause: unknown) =>
      setMessage({ tone: 'error', text: errorText(cause, locale, errorTexts) ?? '' }),
    [locale, errorTexts],
  );

  useEffect(() => {
    listRoles().then(setHolders, fail);
  }, [fail]);

  async function grant(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      const granted = await grantRole(email.trim(), role, reason.trim());
      setHolders(await listRoles());
      setMessage({
        tone: 'success',
        text: t('roles.granted', { email: granted.email, role: t(`role.${granted.role}`) }),
      });
      setEmail('');
      setReason('');
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={(event) => void grant(event)} className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={t('roles.email')}
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={roleFieldId} className="text-sm font-medium">
            {t('roles.role')}
          </label>
          <select
            id={roleFieldId}
            className={inputClasses}
            value={role}
            onChange={(event) => setRole(event.target.value as ConsoleRole)}
          >
            {consoleRoles.map((name) => (
              <option key={name} value={name}>
                {t(`role.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <FormField
            label={t('reason')}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy} className="self-start">
          {t('roles.grant')}
        </Button>
      </form>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {holders === undefined ? (
        <p className="text-muted-foreground">{t('gate.loading')}</p>
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          data-testid="role-holders"
        >
          {holders.map((holder) => (
            <li key={holder.user_id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{holder.email}</p>
                <p className="text-sm text-muted-foreground">
                  {t('roles.holder', {
                    role: t(`role.${holder.role}`),
                    date: format.dateTime(new Date(holder.granted_at), { dateStyle: 'medium' }),
                  })}
                </p>
              </div>
              {holder.user_id === me.user_id ? null : (
                <Button variant="outline" size="sm" onClick={() => setRevoking(holder)}>
                  {t('roles.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {revoking ? (
        <ReasonDialog
          title={t('roles.revokeTitle', { email: revoking.email })}
          description={t('roles.revokeHint')}
          confirmLabel={t('roles.revoke')}
          danger
          onClose={() => setRevoking(undefined)}
          onConfirm={async (why) => {
            try {
              await revokeRole(revoking.email, why);
              setHolders(await listRoles());
              setMessage({ tone: 'success', text: t('roles.revoked', { email: revoking.email }) });
            } catch (cause) {
              fail(cause);
            }
          }}
        />
      ) : null}
    </div>
  );
}
