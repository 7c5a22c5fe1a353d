import type { ReactNode } from 'react';
import { ActiveLink } from '@/components/active-link';

export interface SideNavLink {
  href: string;
  label: string;
}

export interface SideNavLayoutProps {
  /** Id of the list's heading, which names the navigation for assistive technology. */
  headingId: string;
  heading: string;
  links: readonly SideNavLink[];
  children: ReactNode;
}

/**
 * A page with a list of sibling pages beside it (help-center topics, policy documents): a
 * sticky column on wide screens, a list above the content on phones.
 */
export function SideNavLayout({ headingId, heading, links, children }: SideNavLayoutProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[15rem_1fr]">
      <nav
        aria-labelledby={headingId}
        className="md:sticky md:top-[calc(var(--spacing-header)+2rem)] md:self-start"
      >
        <h2
          id={headingId}
          className="px-3 text-xs font-medium uppercase tracking-wide text-muted-foreground"
        >
          {heading}
        </h2>
        <ul className="mt-2 grid gap-1">
          {links.map((link) => (
            <li key={link.href}>
              <ActiveLink
                href={link.href}
                prefetch={false}
                className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9 aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
              >
                {link.label}
              </ActiveLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
