'use client';

import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import { formatBytes, remainingVipDays } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { MembershipInfo } from '@/lib/session/credentials';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { redeemActivationCode } from './membership-api';
import { PremiumBadge } from './premium-badge';

export interface MembershipPanelProps {
  errorTexts: ErrorTexts;
  /** The membership of the last profile refresh; undefined until one succeeded. */
  membership: MembershipInfo | undefined;
}

type Message = { tone: 'error' | 'success'; text: string };

/**
 * The membership part of `/drive/account`: the plan with its badge, when premium ends and the
 * days left (or when it ended), the storage used against the plan's limit, and the form that
 * redeems an activation code.
 */
export function MembershipPanel({ errorTexts, membership }: MembershipPanelProps) {
  const t = useTranslations('account.membership');
  const format = useFormatter();
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();
  const premium = membership?.premium ?? false;
  const expire = membership?.expire ?? '';
  const longDate = (value: string) => format.dateTime(new Date(value), { dateStyle: 'long' });

  async function activate(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await redeemActivationCode(code);
      setCode('');
      setMessage({
        tone: 'success',
        text: t('activated', { days: answer.granted.days, date: longDate(answer.data.expire) }),
      });
    } catch (cause) {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { tone: 'error', text } : undefined);
    } finally {
      setBusy(false);
    }
  }

  const quota = membership?.quota;
  // Counted from the moment the membership was stored, so a fresh grant of 30 days reads 30.
  const daysLeft = useMemo(() => remainingVipDays(expire, new Date()), [expire]);
  return (
    <section
      aria-labelledby="membership-title"
      data-testid="membership-panel"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="membership-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        {membership ? (
          <PremiumBadge premium={premium} label={premium ? t('premium') : t('free')} />
        ) : null}
      </div>
      {/* Until the first profile refresh answers, a skeleton rather than a guess at the plan. */}
      {membership ? null : <div aria-hidden className="h-5 w-48 animate-pulse rounded bg-muted" />}
      {membership ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t('plan')}</dt>
          <dd data-testid="membership-plan">
            {premium && membership?.type === 'platinum' ? t('plan-platinum') : t('plan-free')}
          </dd>
          {premium ? (
            <>
              <dt className="text-muted-foreground">{t('premium-until')}</dt>
              <dd data-testid="membership-expire">
                {longDate(expire)}{' '}
                <span className="text-muted-foreground" data-testid="membership-days-left">
                  ({t('days-left', { count: daysLeft })})
                </span>
              </dd>
            </>
          ) : null}
          {!premium && expire !== '' ? (
            <>
              <dt className="text-muted-foreground">{t('ended-on')}</dt>
              <dd>{longDate(expire)}</dd>
            </>
          ) : null}
          {quota ? (
            <>
              <dt className="text-muted-foreground">{t('storage')}</dt>
              <dd data-testid="membership-storage">
                {t('storage-usage', {
                  usage: formatBytes(quota.usage, { locale }),
                  limit: formatBytes(quota.limit, { locale }),
                })}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {!premium && expire !== '' ? (
        <p className="text-sm text-muted-foreground">{t('lapsed')}</p>
      ) : null}
      {quota?.overStorageLimit ? (
        <p
          role="alert"
          data-testid="over-storage-limit"
          className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          {t('over-limit')}
        </p>
      ) : null}
      <h3 className="text-base font-semibold">{t('activate-title')}</h3>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        aria-label={t('activate-title')}
        onSubmit={(event) => void activate(event)}
      >
        <div className="flex-1">
          <FormField
            label={t('activate-code')}
            name="activation_code"
            data-testid="activation-code"
            aria-describedby="activation-code-hint"
            required
            maxLength={128}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={busy || code.trim() === ''} data-testid="activation-submit">
          {t('activate-submit')}
        </Button>
      </form>
      <p id="activation-code-hint" className="-mt-2 text-sm text-muted-foreground">
        {t('activate-hint')}
      </p>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
    </section>
  );
}
