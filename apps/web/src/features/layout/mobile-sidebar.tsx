'use client';

import Link from 'next/link';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { localeSwitchHref } from '@/features/i18n/language-option';
import type { MobileMenuProps } from './mobile-menu';

export interface MobileSidebarProps extends MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The sidebar drawer of the mobile layout: the site navigation and the languages. */
export default function MobileSidebar({
  open,
  onOpenChange,
  links,
  languages,
  currentLocale,
  labels,
}: MobileSidebarProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent placement="left" closeLabel={labels.close} aria-describedby={undefined}>
        <DialogTitle>{labels.title}</DialogTitle>
        <nav aria-label={labels.title}>
          <ul className="grid gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={close}
                  className="flex min-h-11 items-center rounded-lg px-3 text-base font-medium hover:bg-muted"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="mobile-sidebar-languages" className="mt-2 border-t pt-4">
          <h2
            id="mobile-sidebar-languages"
            className="px-3 pb-2 text-xs font-medium text-muted-foreground"
          >
            {labels.language}
          </h2>
          <ul className="grid gap-1">
            {languages.map((language) => (
              <li key={language.locale}>
                <button
                  type="button"
                  lang={language.locale}
                  aria-current={language.locale === currentLocale ? 'true' : undefined}
                  onClick={() =>
                    window.location.assign(localeSwitchHref(window.location, language.locale))
                  }
                  className="flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm hover:bg-muted aria-[current=true]:bg-accent aria-[current=true]:font-medium aria-[current=true]:text-accent-foreground"
                >
                  {language.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </DialogContent>
    </Dialog>
  );
}
