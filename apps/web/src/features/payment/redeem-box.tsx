'use client';

import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { redeemActivationCode } from '@/features/membership/membership-api';
import { cn } from '@/lib/cn';
import { openRedeemBoxEvent, registerRedeemBox, takeRedeemBoxAction } from './redeem-box-action';

export interface RedeemBoxProps {
  errorTexts: ErrorTexts;
  /** Where a visitor who is not signed in signs in (and comes back); undefined while unknown. */
  signInHref: string | undefined;
  signedIn: boolean;
  /** Starts folded behind a "Have a code?" button (the in-app shop); unfolds when asked. */
  collapsible?: boolean;
  /** Called after a code was redeemed (the user info is already refreshing). */
  onRedeemed?: () => void;
}

type Message = { tone: 'error' | 'success'; text: string };

/**
 * The "Redeem a code" box (`POST /vip/v1/order/activation-code`): premium days or a storage or
 * traffic pack. Opens, scrolls into view and takes focus on `?action=open_redeem_box` or when
 * `openRedeemBox` is called on the page.
 */
export function RedeemBox({
  errorTexts,
  signInHref,
  signedIn,
  collapsible = false,
  onRedeemed,
}: RedeemBoxProps) {
  const t = useTranslations('payment.redeem');
  const format = useFormatter();
  const locale = useLocale();
  const [open, setOpen] = useState(!collapsible);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [focusAsked, setFocusAsked] = useState(0);
  const section = useRef<HTMLElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const unregister = registerRedeemBox();
    const reveal = () => {
      setOpen(true);
      setFocusAsked((count) => count + 1);
    };
    window.addEventListener(openRedeemBoxEvent, reveal);
    const rest = takeRedeemBoxAction(new URL(window.location.href));
    if (rest) {
      window.history.replaceState(window.history.state, '', rest.href);
      reveal();
    }
    return () => {
      window.removeEventListener(openRedeemBoxEvent, reveal);
      unregister();
    };
  }, []);

  useEffect(() => {
    if (focusAsked === 0) {
      return;
    }
    section.current?.scrollIntoView({ block: 'center' });
    input.current?.focus({ preventScroll: true });
  }, [focusAsked, signedIn]);

  async function redeem(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await redeemActivationCode(code);
      const { granted } = answer;
      const date = format.dateTime(new Date(granted.expires_at), { dateStyle: 'long' });
      setCode('');
      setMessage({
        tone: 'success',
        text:
          granted.bytes === undefined
            ? t('premium-done', {
                days: granted.days,
                date: format.dateTime(new Date(answer.data.expire), { dateStyle: 'long' }),
              })
            : t(granted.type === 'traffic' ? 'traffic-done' : 'storage-done', {
                size: formatBytes(granted.bytes, { locale }),
                date,
              }),
      });
      onRedeemed?.();
    } catch (cause) {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { tone: 'error', text } : undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      ref={section}
      id="redeem"
      aria-labelledby="redeem-title"
      data-testid="redeem-box"
      data-open={open ? 'true' : 'false'}
      className={cn(
        'flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-border bg-background p-5 sm:p-6',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="redeem-title" className="text-lg font-semibold">
          {t('title')}
        </h2>
        {!open ? (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={false}
            aria-controls="redeem-body"
            data-testid="redeem-open"
            onClick={() => {
              setOpen(true);
              setFocusAsked((count) => count + 1);
            }}
          >
            {t('open')}
          </Button>
        ) : null}
      </div>
      {open ? (
        <div id="redeem-body" className="flex flex-col gap-3">
          {signedIn ? (
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              aria-label={t('title')}
              onSubmit={(event) => void redeem(event)}
            >
              <div className="flex-1">
                <FormField
                  ref={input}
                  label={t('label')}
                  hint={t('hint')}
                  name="activation_code"
                  data-testid="redeem-code"
                  required
                  maxLength={128}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              </div>
              <Button
                type="submit"
                className="sm:mb-7"
                disabled={busy || code.trim() === ''}
                aria-busy={busy}
                data-testid="redeem-submit"
              >
                {busy ? t('working') : t('submit')}
              </Button>
            </form>
          ) : (
            <div className="flex flex-col items-start gap-3">
              <p className="text-sm text-muted-foreground">{t('signed-out')}</p>
              {signInHref ? (
                <Button asChild>
                  <a href={signInHref} data-testid="redeem-sign-in">
                    {t('sign-in')}
                  </a>
                </Button>
              ) : null}
            </div>
          )}
          <div aria-live="polite">
            {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
