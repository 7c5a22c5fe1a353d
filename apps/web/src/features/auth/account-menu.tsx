'use client';

import type { ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Profile } from './credentials';
import { signOut } from './session';

/** The texts of the account menu. */
export interface AccountMenuLabels {
  open: string;
  drive: string;
  account: string;
  signOut: string;
}

export interface AccountMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile;
  driveHref: string;
  accountHref: string;
  labels: AccountMenuLabels;
  triggerClassName: string;
  children: ReactNode;
}

/** The account menu of the header: name, e-mail, "My drive", "Account" and "Sign out". */
export default function AccountMenu(props: AccountMenuProps) {
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
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href={props.driveHref}>{props.labels.drive}</a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={props.accountHref}>{props.labels.account}</a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="sign-out"
          onSelect={() => {
            void signOut().finally(() => window.location.reload());
          }}
        >
          {props.labels.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
