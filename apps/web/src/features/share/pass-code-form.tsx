'use client';

import type { FormEvent } from 'react';
import { useState } from 'react';
import { LockKeyhole } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { buttonVariants } from '@/components/ui/button-variants';
import { inputClasses } from '@/components/ui/input-classes';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { storePassCodeToken } from './pass-code-cookie';
import { openShare } from './share-api';

/**
 * The pass-code entry of a protected share, pre-filled from `?s_code=`. The browser asks the
 * API itself (the wrong-code limit counts this visitor, the captcha modal can step in), keeps the
 * answered token in the share's cookie and renders the page again on the server.
 */
export function PassCodeForm({
  shareId,
  initialPassCode,
  wrong,
  errorTexts,
}: {
  shareId: string;
  initialPassCode: string;
  wrong: boolean;
  errorTexts: ErrorTexts;
}) {
  const t = useTranslations('share');
  const locale = useLocale();
  const router = useRouter();
  const [passCode, setPassCode] = useState(initialPassCode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(wrong ? t('pass-code.wrong') : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = passCode.trim();
    if (!code) {
      setError(t('pass-code.empty'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      // A challenge asked for is one about this share: the captcha init names it (`share:<id>`),
      // so the shield judges the share's wrong codes and binds the token to it.
      const answer = await openShare(
        { share_id: shareId, pass_code: code, limit: 1 },
        { captchaMeta: { username: `share:${shareId}` } },
      );
      if (answer.share_status === 'PASS_CODE_ERROR' || answer.share_status === 'PASS_CODE_EMPTY') {
        setError(answer.share_status_text || t('pass-code.wrong'));
        setBusy(false);
        return;
      }
      if (answer.pass_code_token) {
        storePassCodeToken(shareId, answer.pass_code_token);
      }
      router.refresh();
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts) ?? '');
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto flex w-full max-w-sm flex-col items-center gap-4 px-4 py-20 text-center">
      <LockKeyhole aria-hidden className="size-10 text-primary" />
      <h1 className="text-2xl font-semibold">{t('pass-code.title')}</h1>
      <p className="text-muted-foreground">{t('pass-code.description')}</p>
      <form
        className="flex w-full flex-col gap-3"
        onSubmit={(event) => void submit(event)}
        data-testid="share-pass-code-form"
      >
        <label className="flex flex-col gap-1 text-left text-sm font-medium">
          {t('pass-code.label')}
          <input
            type="text"
            className={inputClasses}
            name="pass_code"
            value={passCode}
            autoComplete="off"
            autoFocus
            maxLength={64}
            onChange={(event) => setPassCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'share-pass-code-error' : undefined}
          />
        </label>
        {error ? (
          <p id="share-pass-code-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <button type="submit" className={buttonVariants()} disabled={busy}>
          {t('pass-code.submit')}
        </button>
      </form>
    </section>
  );
}
