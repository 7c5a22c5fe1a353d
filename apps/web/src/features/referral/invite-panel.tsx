'use client';

import { RotateCw } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { InviteLinkBox } from './invite-link-box';
import { InviteStats } from './invite-stats';
import type { InvitePageState } from './use-invite-page';

export interface InvitePanelProps {
  state: InvitePageState;
  onRetry: () => void;
}

/**
 * The member's invitation: a skeleton while it loads, a message with "Try again" when it could
 * not be loaded, then the link with its copy and share buttons and the rewards so far.
 */
export function InvitePanel({ state, onRetry }: InvitePanelProps) {
  const t = useTranslations('referral.state');
  if (state.kind === 'error') {
    return (
      <div
        role="alert"
        data-testid="invite-error"
        className="flex flex-col items-start gap-3 rounded-xl bg-danger/10 px-4 py-3 text-sm"
      >
        <p className="text-danger">{t('error')}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden />
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (state.kind !== 'ready') {
    return (
      <div className="flex flex-col gap-3" data-testid="invite-loading" aria-busy="true">
        <span className="sr-only">{t('loading')}</span>
        <div aria-hidden className="h-4 w-40 animate-pulse rounded bg-muted" />
        <div aria-hidden className="h-11 w-full animate-pulse rounded-lg bg-muted" />
        <div aria-hidden className="grid grid-cols-2 gap-3">
          <div className="h-20 animate-pulse rounded-xl bg-muted" />
          <div className="h-20 animate-pulse rounded-xl bg-muted" />
        </div>
      </div>
    );
  }
  const { page } = state;
  return (
    <div className="flex flex-col gap-5" data-testid="invite-panel">
      <InviteLinkBox url={page.invite_url} code={page.invite_code} days={page.free_days} />
      <InviteStats page={page} />
    </div>
  );
}
