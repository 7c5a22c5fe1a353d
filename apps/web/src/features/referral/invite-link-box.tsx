'use client';

import { useEffect, useRef, useState } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { writeClipboard } from '@/lib/clipboard';
import { useHydrated } from '@/lib/use-hydrated';

/** How long the copy button says "Copied". */
const copiedForMs = 2500;

type CopyState = 'idle' | 'copied' | 'failed';

export interface InviteLinkBoxProps {
  url: string;
  code: string;
  /** Premium days an invitation grants each member, for the shared text. */
  days: number;
}

/**
 * The member's invitation link: a read-only field (selected on focus, for copying by hand), a
 * copy button that says it copied, and a share button where the device can share
 * (`navigator.share`, mostly phones).
 */
export function InviteLinkBox({ url, code, days }: InviteLinkBoxProps) {
  const t = useTranslations('referral.link');
  const [copy, setCopy] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator.share === 'function';

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copyLink(): Promise<void> {
    const copied = await writeClipboard(url);
    setCopy(copied ? 'copied' : 'failed');
    window.clearTimeout(timer.current);
    if (copied) {
      timer.current = window.setTimeout(() => setCopy('idle'), copiedForMs);
    }
  }

  async function shareLink(): Promise<void> {
    try {
      await navigator.share({ title: t('share-title'), text: t('share-text', { days }), url });
    } catch {
      // Dismissed by the member, or refused by the device: the copy button remains.
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid="invite-link-box">
      <label htmlFor="invite-link" className="text-sm font-medium">
        {t('label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="invite-link"
          data-testid="invite-link"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm sm:flex-1"
          aria-describedby="invite-code"
        />
        <div className="flex gap-2">
          <Button
            type="button"
            className="flex-1 sm:flex-none"
            data-testid="invite-copy"
            data-copied={copy === 'copied' ? 'true' : 'false'}
            onClick={() => void copyLink()}
          >
            {copy === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copy === 'copied' ? t('copied') : t('copy')}
          </Button>
          {canShare ? (
            <Button
              type="button"
              variant="outline"
              className="flex-1 sm:flex-none"
              data-testid="invite-share"
              onClick={() => void shareLink()}
            >
              <Share2 aria-hidden />
              {t('share')}
            </Button>
          ) : null}
        </div>
      </div>
      <p id="invite-code" className="text-sm text-muted-foreground">
        {t('code', { code })}
      </p>
      <p role="status" aria-live="polite" className="text-sm" data-testid="invite-copy-status">
        {copy === 'copied' ? <span className="sr-only">{t('copied-status')}</span> : null}
        {copy === 'failed' ? <span className="text-danger">{t('copy-failed')}</span> : null}
      </p>
    </div>
  );
}
