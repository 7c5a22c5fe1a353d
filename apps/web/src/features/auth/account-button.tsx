'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { LogIn } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { Profile } from '@/lib/session/credentials';
import { readCredentials } from '@/lib/session/credentials';
import { useStoredSession } from '@/lib/session/use-stored-session';
import type { AccountMenuLabels } from './account-menu';

const loadMenu = () => import('./account-menu');
const AccountMenu = dynamic(loadMenu, { ssr: false });

export interface AccountButtonProps {
  signInHref: string;
  driveHref: string;
  accountHref: string;
  labels: AccountMenuLabels & { signIn: string };
}

/** The first letter of a name or address, for the avatar. */
export function initialOf(profile: Pick<Profile, 'name' | 'email'>): string {
  const source = profile.name.trim() || profile.email.trim() || '?';
  return Array.from(source)[0]?.toUpperCase() ?? '?';
}

/**
 * The header's account entry: "Sign in" for visitors; for members an avatar button whose menu
 * (Radix) loads on first use. The profile refresh of docs/product.md#states runs once per page load,
 * loading the API client only when stored credentials exist.
 */
export function AccountButton({ signInHref, driveHref, accountHref, labels }: AccountButtonProps) {
  const session = useStoredSession();
  const profile = session.kind === 'signed-in' ? session.profile : undefined;
  const membership = session.kind === 'signed-in' ? session.membership : undefined;
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (readCredentials()) {
      void import('@/lib/session/session').then((module) =>
        module.refreshProfile({ reuseQuota: true }),
      );
    }
  }, []);

  if (!profile) {
    return (
      <a
        href={signInHref}
        onClick={(event) => {
          // Come back to this page after signing in: the link's activation reads href after this.
          const here = `${window.location.pathname}${window.location.search}`;
          event.currentTarget.href = `${signInHref}?${new URLSearchParams({ redirect: here }).toString()}`;
        }}
        data-testid="header-sign-in"
        aria-label={labels.signIn}
        className={`${buttonVariants({ variant: 'primary', size: 'sm' })} max-sm:size-11 max-sm:px-0 max-[359px]:hidden`}
      >
        <LogIn aria-hidden className="sm:hidden" />
        <span className="max-sm:sr-only">{labels.signIn}</span>
      </a>
    );
  }

  const avatar = profile.picture ? (
    // eslint-disable-next-line @next/next/no-img-element -- a member's avatar URL, any host
    <img src={profile.picture} alt="" className="size-8 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden
      className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
    >
      {initialOf(profile)}
    </span>
  );
  const triggerClass = buttonVariants({ variant: 'ghost', size: 'icon' });

  if (!armed) {
    return (
      <button
        type="button"
        aria-label={labels.open}
        aria-haspopup="menu"
        aria-expanded={false}
        data-testid="account-button"
        className={triggerClass}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => {
          setArmed(true);
          setOpen(true);
        }}
      >
        {avatar}
      </button>
    );
  }
  return (
    <AccountMenu
      open={open}
      onOpenChange={setOpen}
      profile={profile}
      membership={membership}
      driveHref={driveHref}
      accountHref={accountHref}
      labels={labels}
      triggerClassName={triggerClass}
    >
      {avatar}
    </AccountMenu>
  );
}
