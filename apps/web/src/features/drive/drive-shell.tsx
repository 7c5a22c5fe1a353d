'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@nimbus/client';
import { Clock, Download, Gift, HardDrive, Link2, MessageSquare, Star, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { readCredentials } from '@/lib/session/credentials';
import type { ErrorTexts } from '@/lib/api/error-text';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { displayModeStore } from '@/features/preferences/display-mode';
import { openInviteDialog } from '@/features/referral/invite-dialog-event';
import { cn } from '@/lib/cn';
import { useTakeDriveAction } from './actions/drive-action-store';
import type { QuotaKind } from './actions/quota-dialog';
import { DriveUploads } from './drive-slots';
import { StorageMeter } from './storage-meter';
import { StorageNotice } from './storage-notice';
import { viewOverridesStore } from './view-overrides';

// Loaded when the member first runs out of storage or traffic.
const QuotaDialog = dynamic(
  () => import('./actions/quota-dialog').then((module) => module.QuotaDialog),
  {
    ssr: false,
  },
);

export type DriveSection = 'all' | 'recent' | 'starred' | 'shares' | 'trash';

/** The sections that list files (the shared links have a list of their own). */
export type FileSection = Exclude<DriveSection, 'shares'>;

/** The sidebar's entries: the listings and the offline downloads (`/drive/tasks`). */
export type ShellSection = DriveSection | 'tasks';

export interface DriveShellProps {
  section: ShellSection;
  /** The shared error messages of the page's locale. */
  errorTexts: ErrorTexts;
  /** The locale-prefixed paths of the sections and of sign-in. */
  hrefs: Record<ShellSection | 'signIn' | 'upgrade' | 'upgradeTraffic' | 'feedback', string>;
  children: ReactNode;
}

let browserQueryClient: QueryClient | undefined;

/**
 * The drive's data cache: one per browser page, shared by every drive section, so a change made
 * in one (a restore in the trash) refreshes the others (the folder it went back to), also when
 * the browser shows a section again from its back/forward cache. A fresh one per server render.
 */
function driveQueryClient(): QueryClient {
  if (typeof window === 'undefined') {
    return makeQueryClient();
  }
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // The API client retries transport failures itself; answers such as not_found are final.
        retry: (count, error) => !(error instanceof ApiError) && count < 1,
      },
    },
  });
}

/**
 * The frame of the drive pages: the member's data cache, the sidebar with the sections, the
 * invite entry (the referral programme's dialog), the feedback link and the storage meter, and
 * the sign-in gate (a visitor without a session is sent to sign in and comes back here
 * afterwards, with any dialog action still in the address). The display-mode preferences are
 * restored for the signed-in member. It opens the storage and traffic dialogs the dialog-action
 * host hands over (`?action=show_storage_dialog`, `?action=show_traffic_dialog`).
 */
export function DriveShell({ section, errorTexts, hrefs, children }: DriveShellProps) {
  const t = useTranslations('drive');
  const offline = useTranslations('offline');
  const referral = useTranslations('referral.drive');
  const [queryClient] = useState(driveQueryClient);
  const session = useStoredSession();
  const router = useRouter();
  const pathname = usePathname();
  const [quota, setQuota] = useState<QuotaKind>();

  useEffect(() => {
    if (session.kind === 'signed-out') {
      const back = `${pathname}${window.location.search}`;
      router.replace(`${hrefs.signIn}?${new URLSearchParams({ redirect: back }).toString()}`);
    }
  }, [session.kind, router, pathname, hrefs.signIn]);

  useEffect(() => {
    const userId = session.kind === 'signed-in' ? readCredentials()?.user_id : undefined;
    if (userId) {
      void displayModeStore.getState().restore(userId);
      void viewOverridesStore.getState().restore(userId);
    }
  }, [session.kind]);

  useTakeDriveAction(
    ['show_storage_dialog', 'show_traffic_dialog'],
    session.kind === 'signed-in',
    (request) => setQuota(request.action === 'show_storage_dialog' ? 'storage' : 'traffic'),
  );

  const sections: { key: ShellSection; icon: typeof HardDrive; label: string }[] = [
    { key: 'all', icon: HardDrive, label: t('nav.all') },
    { key: 'recent', icon: Clock, label: t('nav.recent') },
    { key: 'starred', icon: Star, label: t('nav.starred') },
    { key: 'shares', icon: Link2, label: t('nav.shares') },
    { key: 'tasks', icon: Download, label: offline('nav') },
    { key: 'trash', icon: Trash2, label: t('nav.trash') },
  ];
  const nav = (
    <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
      {sections.map(({ key, icon: Icon, label }) => (
        <li key={key}>
          <Link
            href={hrefs[key]}
            aria-current={section === key ? 'page' : undefined}
            className={cn(
              'flex min-h-11 items-center gap-3 whitespace-nowrap rounded-lg px-3 text-sm font-medium hover:bg-muted md:min-h-10',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
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

  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex h-[calc(100dvh-var(--spacing-header))] min-h-0 flex-col md:flex-row">
        <nav
          aria-label={t('nav.label')}
          className="flex shrink-0 flex-col gap-4 border-b border-border px-2 py-2 md:w-60 md:border-b-0 md:border-r md:px-3 md:py-4"
        >
          {nav}
          <div className="mt-auto hidden flex-col gap-4 md:flex">
            {session.kind === 'signed-in' ? (
              <button
                type="button"
                data-testid="drive-invite"
                onClick={openInviteDialog}
                className="flex min-h-10 items-center gap-3 rounded-lg px-3 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
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
              data-testid="drive-feedback"
              className="flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <MessageSquare aria-hidden className="size-5 shrink-0" />
              {t('nav.feedback')}
            </Link>
            {session.kind === 'signed-in' ? <StorageMeter upgradeHref={hrefs.upgrade} /> : null}
          </div>
        </nav>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          {session.kind === 'signed-in' ? <StorageNotice upgradeHref={hrefs.upgrade} /> : null}
          {session.kind === 'signed-in' ? (
            <DriveUploads owner={readCredentials()?.user_id ?? ''} errorTexts={errorTexts}>
              {children}
            </DriveUploads>
          ) : (
            <div className="p-6" data-testid="drive-checking-session">
              <div className="h-6 w-48 animate-pulse rounded bg-muted" />
            </div>
          )}
        </div>
      </div>
      {quota && session.kind === 'signed-in' ? (
        <QuotaDialog
          kind={quota}
          upgradeHref={quota === 'storage' ? hrefs.upgrade : hrefs.upgradeTraffic}
          onClose={() => setQuota(undefined)}
        />
      ) : null}
    </QueryClientProvider>
  );
}
