'use client';

import type { InviteAnswer, Locale } from '@nimbus/contracts';
import type { AbstractIntlMessages } from 'next-intl';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { Gift } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { InvitePanel } from './invite-panel';
import { useInvitePage } from './use-invite-page';

/** Which dialog the host shows. */
export type ReferralDialog = { kind: 'invite' } | { kind: 'claimed'; answer: InviteAnswer };

/** Where the dialogs link to, locale-prefixed. */
export interface ReferralDialogHrefs {
  referral: string;
  signIn: string;
  drive: string;
}

export interface ReferralDialogsProps {
  locale: Locale;
  /** The `referral` messages the dialogs use. */
  messages: AbstractIntlMessages;
  dialog: ReferralDialog;
  hrefs: ReferralDialogHrefs;
  onClose: () => void;
}

/**
 * The referral dialogs, loaded only when one opens: the invite dialog (`show_invite_dialog`)
 * and the welcome that tells a new member the days their invitation brought.
 */
export default function ReferralDialogs({
  locale,
  messages,
  dialog,
  hrefs,
  onClose,
}: ReferralDialogsProps) {
  return (
    <NextIntlClientProvider locale={locale} messages={{ referral: messages }}>
      <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
        {dialog.kind === 'invite' ? (
          <InviteDialogBody hrefs={hrefs} />
        ) : (
          <ClaimedDialogBody answer={dialog.answer} hrefs={hrefs} onClose={onClose} />
        )}
      </Dialog>
    </NextIntlClientProvider>
  );
}

function InviteDialogBody({ hrefs }: { hrefs: ReferralDialogHrefs }) {
  const t = useTranslations('referral');
  const session = useStoredSession();
  const signedIn = session.kind === 'signed-in';
  const { state, reload } = useInvitePage(signedIn, 0);
  const days = state.kind === 'ready' ? state.page.free_days : undefined;
  return (
    <DialogContent
      closeLabel={t('dialog.close')}
      data-testid="invite-dialog"
      className="max-h-[90dvh] overflow-y-auto"
    >
      <DialogTitle>{t('dialog.title')}</DialogTitle>
      <DialogDescription>
        {days !== undefined ? t('member.title-days', { days }) : t('dialog.lead')}
      </DialogDescription>
      {signedIn ? <InvitePanel state={state} onRetry={reload} /> : null}
      {session.kind === 'signed-out' ? (
        <a
          href={`${hrefs.signIn}?${new URLSearchParams({ redirect: hrefs.referral }).toString()}`}
          className={buttonVariants()}
        >
          {t('signed-out.title')}
        </a>
      ) : null}
      <a
        href={hrefs.referral}
        data-testid="invite-dialog-more"
        className="text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('dialog.more')}
      </a>
    </DialogContent>
  );
}

function ClaimedDialogBody({
  answer,
  hrefs,
  onClose,
}: {
  answer: InviteAnswer;
  hrefs: ReferralDialogHrefs;
  onClose: () => void;
}) {
  const t = useTranslations('referral');
  const days = answer.free_days;
  const text =
    days === 0
      ? t('claim.none')
      : answer.invited
        ? t('claim.granted', { days })
        : t('claim.trial', { days });
  return (
    <DialogContent closeLabel={t('dialog.close')} data-testid="invite-claimed" data-days={days}>
      <Gift aria-hidden className="size-10 text-primary" />
      <DialogTitle>{days > 0 ? t('claim.title') : t('claim.none-title')}</DialogTitle>
      <DialogDescription className="text-base text-foreground">{text}</DialogDescription>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onClose}>
          {t('claim.close')}
        </button>
        <a href={hrefs.drive} className={buttonVariants()} onClick={onClose}>
          {t('claim.open-drive')}
        </a>
      </div>
    </DialogContent>
  );
}
