'use client';

import type { ReactNode } from 'react';
import { Gift } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { emitAppEvent } from '@/lib/app-events';
import { PremiumBadge } from '@/features/membership/premium-badge';
import { openInviteDialog } from '@/features/referral/invite-dialog-event';
import type { MembershipInfo, Profile } from '@/lib/session/credentials';
import { signOut } from '@/lib/session/session';

/** The texts of the account menu. */
export interface AccountMenuLabels {
  open: string;
  drive: string;
  account: string;
  /** Opens the invite dialog (the referral programme). */
  invite: string;
  signOut: string;
  premium: string;
  free: string;
  /** "Until {date}": when premium ends. */
  premiumUntil: string;
}

/** The end of premium for the menu, in the page's language: `Until 31 January 2031`. */
export function premiumUntilText(template: string, expire: string, locale: string): string {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(expire));
  return template.replace('{date}', date);
}

export interface AccountMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile;
  /** The membership of the last profile refresh, when one succeeded. */
  membership: MembershipInfo | undefined;
  driveHref: string;
  accountHref: string;
  labels: AccountMenuLabels;
  triggerClassName: string;
  children: ReactNode;
}

/**
 * The account menu of the header: name, e-mail, the plan (premium badge and its end, or the free
 * plan), "My drive", "Account", "Invite friends" (the invite dialog) and "Sign out".
 */
export default function AccountMenu(props: AccountMenuProps) {
  const membership = props.membership;
  return (
    <DropdownMenu open={props.open} onOpenChange={props.onOpenChange} modal={false}>
      <DropdownMenuTrigger
        aria-label={props.labels.open}
        data-testid="account-button"
        className={props.triggerClassName}
      >
        {props.children}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" data-testid="account-menu">
        <DropdownMenuLabel>
          <span className="block font-semibold text-foreground">{props.profile.name}</span>
          <span className="block text-xs font-normal">{props.profile.email}</span>
          {membership ? (
            <span className="mt-1.5 flex flex-wrap items-center gap-2 text-xs font-normal">
              <PremiumBadge
                premium={membership.premium}
                label={membership.premium ? props.labels.premium : props.labels.free}
              />
              {membership.premium && membership.expire ? (
                <span data-testid="menu-premium-until">
                  {premiumUntilText(
                    props.labels.premiumUntil,
                    membership.expire,
                    document.documentElement.lang || 'en-US',
                  )}
                </span>
              ) : null}
            </span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href={props.driveHref}>{props.labels.drive}</a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={props.accountHref}>{props.labels.account}</a>
        </DropdownMenuItem>
        <DropdownMenuItem data-testid="menu-invite" onSelect={() => openInviteDialog()}>
          <Gift aria-hidden className="size-4" />
          {props.labels.invite}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="sign-out"
          onSelect={() => {
            void signOut()
              .then(() => emitAppEvent('logout-success', {}))
              .finally(() => window.location.reload());
          }}
        >
          {props.labels.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
