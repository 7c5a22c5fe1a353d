'use client';

import { useCallback, useEffect, useState } from 'react';
import { MailCheck, MailX } from 'lucide-react';
import type { UnsubscribeAnswer } from '@nimbus/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText, hasReason } from '@/lib/api/error-text';
import { readSubscription, subscribeAgain, unsubscribe } from './support-api';

/** The mail kinds (scenes) the page names in words; any other is named as it is. */
export const knownScenes = [
  'activity',
  'membership_reminder',
  'newsletter',
  'product',
  'tips',
] as const;

export interface UnsubscribePanelProps {
  /** The signed address of the link (`d`), when the page was opened with one. */
  d: string | undefined;
  errorTexts: ErrorTexts;
  homeHref: string;
}

/** What a link names: the masked address and the kind of mail. */
type Named = Pick<UnsubscribeAnswer, 'email' | 'scene'>;

type State =
  | { kind: 'missing' }
  | { kind: 'loading' }
  | { kind: 'invalid'; text: string }
  | { kind: 'unreachable'; text: string }
  | ({ kind: 'subscribed' | 'already' | 'unsubscribed' | 'resubscribed' } & Named);

type Busy = 'unsubscribing' | 'resubscribing' | undefined;

/**
 * `/unsubscribe?d=`: shows which address and which mail the link of an email names (read
 * without changing anything, so a mail scanner that opens the link unsubscribes nobody), and
 * unsubscribes only when the member presses the button; afterwards the same link subscribes
 * again. A link that does not check gets the translated error and what to do.
 */
export function UnsubscribePanel({ d, errorTexts, homeHref }: UnsubscribePanelProps) {
  const t = useTranslations('support.unsubscribe');
  const locale = useLocale();
  const [state, setState] = useState<State>(
    d === undefined ? { kind: 'missing' } : { kind: 'loading' },
  );
  const [busy, setBusy] = useState<Busy>();
  const [actionError, setActionError] = useState<string>();

  const describe = useCallback(
    (cause: unknown): State => {
      const text = errorText(cause, locale, errorTexts) ?? '';
      return hasReason(cause, 'unsubscribe_link_invalid') || hasReason(cause, 'invalid_argument')
        ? { kind: 'invalid', text }
        : { kind: 'unreachable', text };
    },
    [locale, errorTexts],
  );

  /** What the link names now (read only), as the state to show. */
  const readState = useCallback(
    async (link: string): Promise<State> => {
      try {
        const answer = await readSubscription(link);
        return {
          kind: answer.subscribed ? 'subscribed' : 'already',
          email: answer.email,
          scene: answer.scene,
        };
      } catch (cause) {
        return describe(cause);
      }
    },
    [describe],
  );

  useEffect(() => {
    if (d === undefined) {
      return undefined;
    }
    let live = true;
    void readState(d).then((next) => {
      if (live) {
        setState(next);
      }
    });
    return () => {
      live = false;
    };
  }, [d, readState]);

  async function retry(): Promise<void> {
    if (d === undefined) {
      return;
    }
    setState({ kind: 'loading' });
    setState(await readState(d));
  }

  async function act(action: 'unsubscribe' | 'resubscribe'): Promise<void> {
    if (d === undefined) {
      return;
    }
    setBusy(action === 'unsubscribe' ? 'unsubscribing' : 'resubscribing');
    setActionError(undefined);
    try {
      const answer = action === 'unsubscribe' ? await unsubscribe(d) : await subscribeAgain(d);
      setState({
        kind: action === 'unsubscribe' ? 'unsubscribed' : 'resubscribed',
        email: answer.email,
        scene: answer.scene,
      });
    } catch (cause) {
      setActionError(errorText(cause, locale, errorTexts));
    } finally {
      setBusy(undefined);
    }
  }

  function sceneName(scene: string): string {
    return (knownScenes as readonly string[]).includes(scene)
      ? t(`scenes.${scene as (typeof knownScenes)[number]}`)
      : t('scene-other', { scene });
  }

  if (state.kind === 'loading') {
    return (
      <div role="status" data-testid="unsubscribe-loading" className="flex flex-col gap-3">
        <span className="sr-only">{t('loading')}</span>
        <div aria-hidden className="h-6 w-2/3 animate-pulse rounded bg-muted" />
        <div aria-hidden className="h-24 animate-pulse rounded-2xl bg-muted" />
      </div>
    );
  }
  if (state.kind === 'missing' || state.kind === 'invalid' || state.kind === 'unreachable') {
    return (
      <div
        className="flex flex-col items-start gap-4"
        data-testid="unsubscribe-problem"
        data-state={state.kind}
      >
        {state.kind === 'missing' ? (
          <p>{t('missing')}</p>
        ) : (
          <>
            <FormAlert tone="error">{state.text}</FormAlert>
            {state.kind === 'invalid' ? (
              <p className="text-muted-foreground">{t('invalid-hint')}</p>
            ) : null}
          </>
        )}
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          {state.kind === 'unreachable' ? (
            <Button onClick={() => void retry()}>{t('retry')}</Button>
          ) : null}
          <Button asChild variant="outline">
            <a href={homeHref}>{t('home')}</a>
          </Button>
        </div>
      </div>
    );
  }

  const isOut = state.kind === 'unsubscribed' || state.kind === 'already';
  return (
    <section
      className="flex flex-col gap-5 rounded-2xl border border-border bg-background p-4 sm:p-8"
      data-testid="unsubscribe-panel"
      data-state={state.kind}
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
        <dt className="text-muted-foreground">{t('address')}</dt>
        <dd className="font-medium break-all" data-testid="unsubscribe-email">
          {state.email}
        </dd>
        <dt className="mt-2 text-muted-foreground sm:mt-0">{t('kind')}</dt>
        <dd className="font-medium" data-testid="unsubscribe-scene">
          {sceneName(state.scene)}
        </dd>
      </dl>
      {state.kind === 'subscribed' ? (
        <>
          <h2 className="text-xl font-semibold">{t('question')}</h2>
          <p className="text-sm text-muted-foreground">{t('note')}</p>
          <Button
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            disabled={busy !== undefined}
            onClick={() => void act('unsubscribe')}
            data-testid="unsubscribe-confirm"
          >
            <MailX aria-hidden />
            {busy === 'unsubscribing' ? t('working') : t('confirm')}
          </Button>
        </>
      ) : null}
      {isOut ? (
        <>
          <div role="status" className="flex flex-col gap-2">
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <MailCheck aria-hidden className="size-6 shrink-0 text-primary" />
              {state.kind === 'unsubscribed' ? t('done-title') : t('already')}
            </h2>
            {state.kind === 'unsubscribed' ? (
              <p className="text-pretty text-muted-foreground">{t('done')}</p>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">{t('note')}</p>
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:self-start"
            disabled={busy !== undefined}
            onClick={() => void act('resubscribe')}
            data-testid="unsubscribe-resubscribe"
          >
            {busy === 'resubscribing' ? t('resubscribing') : t('resubscribe')}
          </Button>
        </>
      ) : null}
      {state.kind === 'resubscribed' ? (
        <div role="status" className="flex flex-col gap-2">
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <MailCheck aria-hidden className="size-6 shrink-0 text-primary" />
            {t('resubscribed-title')}
          </h2>
          <p className="text-pretty text-muted-foreground">{t('resubscribed')}</p>
        </div>
      ) : null}
      {actionError ? <FormAlert tone="error">{actionError}</FormAlert> : null}
      {state.kind === 'resubscribed' || state.kind === 'unsubscribed' ? (
        <a
          href={homeHref}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('home')}
        </a>
      ) : null}
    </section>
  );
}
