'use client';

import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { ApiError } from '@nimbus/client';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input-classes';
import { useHydrated } from '@/lib/use-hydrated';
import { reportShare } from '@/features/share/share-api';
import { shareIdOfLink, takedownLimits, takedownReason } from './takedown-request';

/** The form's texts, formatted on the server (`takedown` of the `policy-texts` messages). */
export interface TakedownTexts {
  title: string;
  description: string;
  link: string;
  linkHint: string;
  name: string;
  email: string;
  work: string;
  workHint: string;
  statement: string;
  submit: string;
  sending: string;
  /** The thank-you, with `{email}` where the claimant's address goes. */
  sent: string;
  another: string;
  invalidLink: string;
  notFound: string;
  tooMany: string;
  failed: string;
}

type State =
  { kind: 'editing'; problem?: string } | { kind: 'sending' } | { kind: 'sent'; email: string };

function problemOf(cause: unknown, texts: TakedownTexts): string {
  if (cause instanceof ApiError) {
    if (cause.error === 'not_found') return texts.notFound;
    if (cause.error === 'too_many_requests' || cause.status === 429) return texts.tooMany;
  }
  return texts.failed;
}

/**
 * The copyright policy's takedown request: a rights holder names a shared link of this site, who
 * they are and the work, and makes the good-faith statement; the request is filed as a share
 * report with the reason `copyright` (`POST /audit.admin/v1/share`), so it lands in the
 * moderators' queue.
 */
export function TakedownForm({ texts }: { texts: TakedownTexts }) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'editing' });
  // Disabled until hydrated, so the form is never submitted natively (to the page itself).
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const shareId = shareIdOfLink(field('link'), window.location.origin);
    if (shareId === undefined) {
      setState({ kind: 'editing', problem: texts.invalidLink });
      return;
    }
    setState({ kind: 'sending' });
    try {
      await reportShare({
        share_id: shareId,
        reason: takedownReason({ name: field('name'), email: field('email'), work: field('work') }),
      });
      setState({ kind: 'sent', email: field('email') });
    } catch (cause) {
      setState({ kind: 'editing', problem: problemOf(cause, texts) });
    }
  }

  if (state.kind === 'sent') {
    return (
      <div data-testid="takedown-sent" role="status" className="grid justify-items-start gap-3">
        <p>{texts.sent.replace('{email}', state.email)}</p>
        <Button variant="outline" onClick={() => setState({ kind: 'editing' })}>
          {texts.another}
        </Button>
      </div>
    );
  }

  const label = 'grid gap-1 text-sm font-medium';
  const hint = 'text-sm font-normal text-muted-foreground';
  return (
    <form
      data-testid="takedown-form"
      className="grid gap-4"
      onSubmit={(event) => void submit(event)}
      aria-describedby={`${id}-problem`}
    >
      <label className={label}>
        {texts.link}
        <input
          name="link"
          required
          maxLength={takedownLimits.link}
          inputMode="url"
          className={inputClasses}
        />
        <span className={hint}>{texts.linkHint}</span>
      </label>
      <label className={label}>
        {texts.name}
        <input
          name="name"
          required
          maxLength={takedownLimits.name}
          autoComplete="name"
          className={inputClasses}
        />
      </label>
      <label className={label}>
        {texts.email}
        <input
          name="email"
          type="email"
          required
          maxLength={takedownLimits.email}
          autoComplete="email"
          className={inputClasses}
        />
      </label>
      <label className={label}>
        {texts.work}
        <textarea
          name="work"
          required
          rows={3}
          maxLength={takedownLimits.work}
          className="rounded-lg border border-border bg-background px-3 py-2 text-base font-normal"
        />
        <span className={hint}>{texts.workHint}</span>
      </label>
      <label className="flex items-start gap-3 text-sm">
        <input name="statement" type="checkbox" required className="mt-1 size-4 shrink-0" />
        <span>{texts.statement}</span>
      </label>
      <p id={`${id}-problem`} role="alert" className="text-sm text-danger empty:hidden">
        {state.kind === 'editing' ? (state.problem ?? '') : ''}
      </p>
      <Button
        type="submit"
        disabled={!hydrated || state.kind === 'sending'}
        className="justify-self-start"
      >
        {state.kind === 'sending' ? texts.sending : texts.submit}
      </Button>
    </form>
  );
}
