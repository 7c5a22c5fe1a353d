'use client';

import { Clock, Download, Gift, HardDrive, Link2, MessageSquare, Star, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { openInviteDialog } from '@/features/referral/invite-dialog-event';
import { cn } from '@/lib/cn';
import type { DriveHrefs, ShellSection } from './drive-sections';
import { StorageMeter } from './storage-meter';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The drive's sections in the order the sidebar and the phone's drawer list them. */
export function useDriveSections(): { key: ShellSection; icon: typeof HardDrive; label: string }[] {
  const t = useTranslations('drive');
  const offline = useTranslations('offline');
  return [
    { key: 'all', icon: HardDrive, label: t('nav.all') },
    { key: 'recent', icon: Clock, label: t('nav.recent') },
    { key: 'starred', icon: Star, label: t('nav.starred') },
    { key: 'shares', icon: Link2, label: t('nav.shares') },
    { key: 'tasks', icon: Download, label: offline('nav') },
    { key: 'trash', icon: Trash2, label: t('nav.trash') },
  ];
}

export interface DriveNavProps {
  section: ShellSection;
  hrefs: DriveHrefs;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

/** The links to the drive's sections, the current one marked. */
export function DriveNavLinks({ section, hrefs, onNavigate }: DriveNavProps) {
  return (
    <ul className="flex flex-col gap-1">
      {useDriveSections().map(({ key, icon: Icon, label }) => (
        <li key={key}>
          <Link
            href={hrefs[key]}
            onClick={onNavigate}
            aria-current={section === key ? 'page' : undefined}
            className={cn(
              'flex min-h-11 items-center gap-3 whitespace-nowrap rounded-lg px-3 text-sm font-medium hover:bg-muted md:min-h-10',
              focusRing,
              section === key ? 'bg-muted text-foreground' : 'text-muted-foreground',
            )}
          >
            <Icon aria-hidden className="size-5" />
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Below the sections: the invitation (signed in), the feedback link and the storage meter. */
export function DriveNavExtras({
  hrefs,
  signedIn,
  onNavigate,
}: Omit<DriveNavProps, 'section'> & { signedIn: boolean }) {
  const t = useTranslations('drive');
  const referral = useTranslations('referral.drive');
  return (
    <>
      {signedIn ? (
        <button
          type="button"
          data-testid="drive-invite"
          onClick={() => {
            onNavigate?.();
            openInviteDialog();
          }}
          className={cn(
            'flex min-h-10 items-center gap-3 rounded-lg px-3 text-left text-sm hover:bg-muted',
            focusRing,
          )}
        >
          <Gift aria-hidden className="size-5 shrink-0 text-primary" />
          <span className="flex flex-col">
            <span className="font-medium">{referral('entry')}</span>
            <span className="text-xs text-muted-foreground">{referral('hint')}</span>
          </span>
        </button>
      ) : null}
      <Link
        href={hrefs.feedback}
        onClick={onNavigate}
        data-testid="drive-feedback"
        className={cn(
          'flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm text-muted-foreground hover:bg-muted hover:text-foreground',
          focusRing,
        )}
      >
        <MessageSquare aria-hidden className="size-5 shrink-0" />
        {t('nav.feedback')}
      </Link>
      {signedIn ? <StorageMeter upgradeHref={hrefs.upgrade} /> : null}
    </>
  );
}
