'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@nimbus/client';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { shareQuotaCache } from '@/lib/session/about-query';
import { readCredentials } from '@/lib/session/credentials';
import type { ErrorTexts } from '@/lib/api/error-text';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { displayModeStore } from '@/features/preferences/display-mode';
import { SharedFilesPrompt } from './upload/shared-files-prompt';
import { useServiceWorker } from '@/features/web-app/use-service-worker';
import { useTakeDriveAction } from './actions/drive-action-store';
import type { QuotaKind } from './actions/quota-dialog';
import { DriveMenu } from './drive-menu';
import { DriveNavExtras, DriveNavLinks } from './drive-nav';
import type { DriveHrefs, ShellSection } from './drive-sections';
import { DriveUploads } from './drive-slots';
import { StorageNotice } from './storage-notice';
import { viewOverridesStore } from './view-overrides';

// Loaded when the member first runs out of storage or traffic.
const QuotaDialog = dynamic(
  () => import('./actions/quota-dialog').then((module) => module.QuotaDialog),
  {
    ssr: false,
  },
);

export type { DriveSection, FileSection, ShellSection } from './drive-sections';

export interface DriveShellProps {
  section: ShellSection;
  /** The shared error messages of the page's locale. */
  errorTexts: ErrorTexts;
  /** The locale-prefixed paths of the sections and of sign-in. */
  hrefs: DriveHrefs;
  /**
   * The member whose session cookie the server saw (it rendered their listing): the page shows
   * the drive for them until the browser has read its stored session.
   */
  member?: string;
  children: ReactNode;
}

let browserQueryClient: QueryClient | undefined;

/**
 * The drive's data cache: one per browser page, shared by every drive section, so a change made
 * in one (a restore in the trash) refreshes the others (the folder it went back to), also when
 * the browser shows a section again from its back/forward cache. A fresh one per server render.
 * The profile refresh reads the quota through it, so the page asks for the quota once.
 */
function driveQueryClient(): QueryClient {
  if (typeof window === 'undefined') {
    return makeQueryClient();
  }
  if (!browserQueryClient) {
    browserQueryClient = makeQueryClient();
    shareQuotaCache(browserQueryClient);
  }
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
 * invite entry (the referral programme's dialog), the feedback link and the storage meter (on a
 * phone, a drawer opened from the drive's header: `DriveMenu`), and
 * the sign-in gate (a visitor without a session is sent to sign in and comes back here
 * afterwards, with any dialog action still in the address). The display-mode preferences are
 * restored for the signed-in member; the installed app's service worker is registered, and files shared from a phone are offered for upload (SharedFilesPrompt). It opens the storage and traffic dialogs the dialog-action
 * host hands over (`?action=show_storage_dialog`, `?action=show_traffic_dialog`).
 */
export function DriveShell({ section, errorTexts, hrefs, member, children }: DriveShellProps) {
  const t = useTranslations('drive');
  const [queryClient] = useState(driveQueryClient);
  const session = useStoredSession();
  const router = useRouter();
  const pathname = usePathname();
  const [quota, setQuota] = useState<QuotaKind>();
  const showDrive =
    session.kind === 'signed-in' || (session.kind === 'unknown' && member !== undefined);
  useServiceWorker();

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

  const signedIn = session.kind === 'signed-in';
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex h-[calc(100dvh-var(--spacing-header))] min-h-0 flex-col md:flex-row">
        <DriveMenu section={section} hrefs={hrefs} signedIn={signedIn} />
        <nav
          aria-label={t('nav.label')}
          className="hidden w-60 shrink-0 flex-col gap-4 border-r border-border px-3 py-4 md:flex"
        >
          <DriveNavLinks section={section} hrefs={hrefs} />
          <div className="mt-auto flex flex-col gap-4">
            <DriveNavExtras hrefs={hrefs} signedIn={signedIn} />
          </div>
        </nav>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          {session.kind === 'signed-in' ? <StorageNotice upgradeHref={hrefs.upgrade} /> : null}
          {showDrive ? (
            <DriveUploads
              owner={readCredentials()?.user_id ?? member ?? ''}
              errorTexts={errorTexts}
            >
              {children}
              {signedIn ? <SharedFilesPrompt /> : null}
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
