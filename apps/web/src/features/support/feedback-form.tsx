'use client';

import type { ClipboardEvent, FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { feedbackCategories, feedbackLimits, type FeedbackCategory } from '@nimbus/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { cn } from '@/lib/cn';
import { FeedbackAttachments } from './feedback-attachments';
import { addFiles, type FileProblem } from './feedback-files';
import { FeedbackSent } from './feedback-sent';
import { sendFeedback } from './support-api';

export interface FeedbackFormProps {
  errorTexts: ErrorTexts;
  signInHref: string;
  driveHref: string;
  helpCenterHref: string;
  /** The web app's version, sent along. */
  appVersion: string;
}

type Sending = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; id: string };

/**
 * `/drive/feedback`: a signed-in member's feedback — a category, the message, an optional
 * reply address and up to three screenshots or files (picked, or pasted into the message) —
 * sent with the app version, language and browser. Visitors get a link to sign in that comes
 * back here.
 */
export function FeedbackForm({
  errorTexts,
  signInHref,
  driveHref,
  helpCenterHref,
  appVersion,
}: FeedbackFormProps) {
  const t = useTranslations('support.feedback');
  const locale = useLocale();
  const format = useFormatter();
  const session = useStoredSession();
  const ids = useId();
  const messageInput = useRef<HTMLTextAreaElement>(null);
  const [category, setCategory] = useState<FeedbackCategory>('bug');
  const [message, setMessage] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblems, setFileProblems] = useState<FileProblem[]>([]);
  const [messageProblem, setMessageProblem] = useState(false);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState<Sending>({ kind: 'editing' });

  function take(added: File[]): void {
    const result = addFiles(files, added);
    setFiles(result.files);
    setFileProblems(result.problems);
  }

  function pasteFiles(event: ClipboardEvent<HTMLTextAreaElement>): void {
    const pasted = [...event.clipboardData.files];
    if (pasted.length > 0) {
      event.preventDefault();
      take(pasted);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setError(undefined);
    if ([...message.trim()].length < feedbackLimits.messageMinChars) {
      setMessageProblem(true);
      messageInput.current?.focus();
      return;
    }
    setSending({ kind: 'sending' });
    try {
      const answer = await sendFeedback({
        category,
        message,
        contactEmail,
        locale,
        appVersion,
        files,
      });
      setSending({ kind: 'sent', id: answer.id });
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts));
      setSending({ kind: 'editing' });
    }
  }

  function restart(): void {
    setMessage('');
    setFiles([]);
    setFileProblems([]);
    setSending({ kind: 'editing' });
  }

  if (session.kind === 'unknown') {
    return (
      <div
        role="status"
        aria-label={t('loading')}
        className="h-96 animate-pulse rounded-2xl bg-muted"
      />
    );
  }
  if (session.kind === 'signed-out') {
    return (
      <div className="flex flex-col items-start gap-4" data-testid="feedback-signed-out">
        <p>{t('signed-out')}</p>
        <Button asChild size="lg" className="w-full sm:w-auto">
          <a href={signInHref}>{t('sign-in')}</a>
        </Button>
      </div>
    );
  }
  if (sending.kind === 'sent') {
    return <FeedbackSent id={sending.id} driveHref={driveHref} onRestart={restart} />;
  }

  const busy = sending.kind === 'sending';
  const count = [...message].length;
  const messageHintId = `${ids}-message-hint`;
  const messageErrorId = `${ids}-message-error`;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-busy={busy}
      data-testid="feedback-form"
      className="flex flex-col gap-6 rounded-2xl border border-border bg-background p-4 sm:p-8"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-medium">{t('category')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {feedbackCategories.map((value) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                category === value ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="category"
                value={value}
                checked={category === value}
                onChange={() => setCategory(value)}
                className="size-4 accent-[var(--color-primary)]"
              />
              {t(`categories.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-message`} className="text-sm font-medium">
          {t('message')}
        </label>
        <textarea
          id={`${ids}-message`}
          ref={messageInput}
          name="message"
          required
          rows={7}
          maxLength={feedbackLimits.messageMaxChars}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setMessageProblem(false);
          }}
          onPaste={pasteFiles}
          aria-invalid={messageProblem || undefined}
          aria-describedby={messageProblem ? `${messageErrorId} ${messageHintId}` : messageHintId}
          className={cn(
            'w-full min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-base text-foreground',
            'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring',
            'aria-invalid:border-danger',
          )}
        />
        <div className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:justify-between">
          <p id={messageHintId}>{t('message-hint')}</p>
          <p className="shrink-0 tabular-nums">
            {t('message-count', {
              count: format.number(count),
              max: format.number(feedbackLimits.messageMaxChars),
            })}
          </p>
        </div>
        {messageProblem ? (
          <p id={messageErrorId} role="alert" className="text-sm text-danger">
            {t('message-too-short', { min: feedbackLimits.messageMinChars })}
          </p>
        ) : null}
      </div>

      <FormField
        label={t('contact')}
        hint={t('contact-hint')}
        name="contact_email"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={contactEmail}
        onChange={(event) => setContactEmail(event.target.value)}
      />

      <FeedbackAttachments
        files={files}
        problems={fileProblems}
        onAdd={take}
        onRemove={(file) => setFiles(files.filter((each) => each !== file))}
      />

      <p className="text-sm text-muted-foreground">
        {t('details', { version: appVersion, locale })}
      </p>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Button
          type="submit"
          size="lg"
          disabled={busy}
          className="w-full sm:w-auto"
          data-testid="feedback-send"
        >
          {busy ? t('sending') : t('send')}
        </Button>
        <a
          href={helpCenterHref}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('help-center')}
        </a>
      </div>
    </form>
  );
}
