'use client';

import { formatBytes } from '@nimbus/contracts';
import { Link2, FileClock } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { type DriveFile, listRecent } from '@/features/drive/drive-api';
import { listShares, type ShareSummary } from '@/features/share/owner/share-api';
import { useMemberData } from './use-member-data';

/** How many shares and recent files the hub shows. */
const shownCount = 5;

interface MemberLinks {
  shares: ShareSummary[];
  recent: DriveFile[];
}

async function loadMemberLinks(signal: AbortSignal): Promise<MemberLinks> {
  const [shares, recent] = await Promise.all([
    listShares(undefined, shownCount, undefined, signal),
    listRecent(undefined, shownCount, signal),
  ]);
  return { shares: shares.data, recent: recent.files };
}

export interface FavoriteLinksProps {
  hrefs: { signIn: string; shares: string; recent: string };
}

const linkClass =
  'block rounded-lg px-3 py-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring min-h-11';

/**
 * The member's part of /favorite-links-hub: their latest share links (`GET
 * /drive/v1/share/list`) and the latest files of their drive (`GET /drive/v1/events`); a
 * visitor who is not signed in is asked to sign in.
 */
export function FavoriteLinks({ hrefs }: FavoriteLinksProps) {
  const t = useTranslations('apps.hub');
  const locale = useLocale();
  const session = useStoredSession();
  const isSignedIn = session.kind === 'signed-in';
  const { state, reload } = useMemberData(isSignedIn, loadMemberLinks);

  if (session.kind === 'unknown') {
    return <p className="text-muted-foreground">{t('loading')}</p>;
  }
  if (!isSignedIn) {
    return (
      <section
        aria-labelledby="hub-sign-in"
        className="rounded-xl border border-border p-5"
        data-hub="signed-out"
      >
        <h2 id="hub-sign-in" className="text-lg font-semibold">
          {t('sign-in-title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('sign-in-body')}</p>
        <a href={hrefs.signIn} className={`${buttonVariants({ variant: 'primary' })} mt-4`}>
          {t('sign-in')}
        </a>
      </section>
    );
  }
  if (state.kind === 'loading') {
    return (
      <p className="text-muted-foreground" role="status">
        {t('loading')}
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <p className="flex items-center gap-3" role="alert">
        {t('error')}
        <button
          type="button"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          onClick={reload}
        >
          {t('retry')}
        </button>
      </p>
    );
  }
  const { shares, recent } = state.data;
  return (
    <div className="grid gap-6 md:grid-cols-2" data-hub="signed-in">
      <section aria-labelledby="hub-shares" className="rounded-xl border border-border p-4">
        <h2 id="hub-shares" className="flex items-center gap-2 px-3 text-lg font-semibold">
          <Link2 aria-hidden className="size-5 text-primary" />
          {t('shares')}
        </h2>
        {shares.length === 0 ? (
          <p className="mt-2 px-3 text-muted-foreground">{t('no-shares')}</p>
        ) : (
          <ul className="mt-2">
            {shares.map((share) => (
              <li key={share.share_id}>
                <a href={share.share_url} className={linkClass}>
                  <span className="block truncate font-medium">{share.title}</span>
                  <span className="block text-sm text-muted-foreground">
                    {t('files', { count: Number(share.file_num) || 0 })}
                    {share.file_size
                      ? ` · ${formatBytes(share.file_size, { locale, fractionDigits: 1 })}`
                      : ''}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <a
          href={hrefs.shares}
          className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} mt-2`}
        >
          {t('all-shares')}
        </a>
      </section>
      <section aria-labelledby="hub-recent" className="rounded-xl border border-border p-4">
        <h2 id="hub-recent" className="flex items-center gap-2 px-3 text-lg font-semibold">
          <FileClock aria-hidden className="size-5 text-primary" />
          {t('saved')}
        </h2>
        {recent.length === 0 ? (
          <p className="mt-2 px-3 text-muted-foreground">{t('no-recent')}</p>
        ) : (
          <ul className="mt-2">
            {recent.map((file, index) => (
              <li key={`${file.id}-${index}`}>
                <a href={hrefs.recent} className={linkClass}>
                  <span className="block truncate font-medium">{file.name}</span>
                  <span className="block text-sm text-muted-foreground">
                    {new Intl.DateTimeFormat(locale, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }).format(new Date(file.created_time))}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <a
          href={hrefs.recent}
          className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} mt-2`}
        >
          {t('all-recent')}
        </a>
      </section>
    </div>
  );
}
