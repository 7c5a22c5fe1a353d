'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { ConsoleRole } from './console-api';
import type { MemberAction, MemberDetail } from './console-calls';
import { actOnMember, changePremium } from './console-calls';
import { roleAllows, useConsoleMe } from './console-context';
import { ReasonDialog } from './reason-dialog';

type Action = MemberAction | 'premium';

/** Each action with the roles besides `admin` that may take it (the server checks again). */
const actions: readonly { action: Action; roles: readonly ConsoleRole[]; danger: boolean }[] = [
  { action: 'block', roles: ['moderator'], danger: true },
  { action: 'unblock', roles: ['moderator'], danger: false },
  { action: 'signOut', roles: ['moderator'], danger: true },
  { action: 'premium', roles: [], danger: false },
  { action: 'resendVerification', roles: ['support'], danger: false },
  { action: 'resetTwoFactor', roles: ['support'], danger: true },
  { action: 'requestDeletion', roles: [], danger: true },
];

interface Message {
  tone: 'error' | 'success';
  text: string;
}

/**
 * The actions on a member the operator's role allows, each confirmed in a dialog that asks for
 * the reason (and for premium, the days to add or take away).
 */
export function MemberActions({
  member,
  errorTexts,
  onDone,
}: {
  member: MemberDetail['member'];
  errorTexts: ErrorTexts;
  onDone: () => void;
}) {
  const t = useTranslations('console');
  const locale = useLocale();
  const me = useConsoleMe();
  const [open, setOpen] = useState<(typeof actions)[number]>();
  const [days, setDays] = useState('30');
  const [message, setMessage] = useState<Message>();
  const allowed = actions.filter(
    (one) =>
      roleAllows(me.role, one.roles) &&
      !(one.action === 'block' && member.status === 'blocked') &&
      !(one.action === 'unblock' && member.status !== 'blocked') &&
      // The server refuses it for accounts that cannot sign in.
      !(
        one.action === 'resendVerification' &&
        (member.status === 'blocked' || member.status === 'under_review')
      ),
  );

  async function run(action: Action, reason: string): Promise<void> {
    try {
      if (action === 'premium') {
        await changePremium(member.id, Number(days), reason);
      } else {
        await actOnMember(action, member.id, reason);
      }
      setMessage({ tone: 'success', text: t(`member.actions.${action}.done`) });
      onDone();
    } catch (cause) {
      setMessage({ tone: 'error', text: errorText(cause, locale, errorTexts) ?? '' });
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <h2 className="font-medium">{t('member.actionsTitle')}</h2>
      <div className="flex flex-wrap gap-2">
        {allowed.map((one) => (
          <Button
            key={one.action}
            variant="outline"
            size="sm"
            className={one.danger ? 'text-danger' : undefined}
            onClick={() => {
              setMessage(undefined);
              setOpen(one);
            }}
          >
            {t(`member.actions.${one.action}.label`)}
          </Button>
        ))}
      </div>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      {open ? (
        <ReasonDialog
          title={t(`member.actions.${open.action}.title`, { email: member.email })}
          description={t(`member.actions.${open.action}.hint`)}
          confirmLabel={t(`member.actions.${open.action}.label`)}
          danger={open.danger}
          onClose={() => setOpen(undefined)}
          onConfirm={(reason) => run(open.action, reason)}
        >
          {open.action === 'premium' ? (
            <FormField
              label={t('member.actions.premium.days')}
              hint={t('member.actions.premium.daysHint')}
              type="number"
              min={-3650}
              max={3650}
              required
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          ) : null}
        </ReasonDialog>
      ) : null}
    </section>
  );
}
