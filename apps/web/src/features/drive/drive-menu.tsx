'use client';

import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import type { DriveNavProps } from './drive-nav';
import { useDriveSections } from './drive-nav';

const loadDrawer = () => import('./drive-drawer');
const DriveDrawer = dynamic(loadDrawer, { ssr: false });

/**
 * The drive's header on a phone: a menu button, named by the section shown, that opens the
 * drive's sections in a drawer (loaded the first time it is wanted). The drawer closes when a
 * link in it is followed, on Escape, and whenever the address changes.
 */
export function DriveMenu({
  section,
  hrefs,
  signedIn,
}: Omit<DriveNavProps, 'onNavigate'> & { signedIn: boolean }) {
  const t = useTranslations('drive');
  const pathname = usePathname();
  // The address the drawer was opened at: it is open only while the address stays the same.
  const [openAt, setOpenAt] = useState<string>();
  const open = openAt === pathname;
  const setOpen = (next: boolean) => setOpenAt(next ? pathname : undefined);
  // Mounted once wanted, so that closing it gives the focus back to the button.
  const [armed, setArmed] = useState(false);
  const current = useDriveSections().find(({ key }) => key === section);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <div className="flex shrink-0 items-center border-b border-border px-2 py-1 md:hidden">
      <button
        ref={button}
        type="button"
        aria-label={t('nav.open', { section: current?.label ?? '' })}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="drive-menu-button"
        className={buttonVariants({ variant: 'ghost' })}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setArmed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden className="size-5" />
        <span className="font-medium">{current?.label}</span>
      </button>
      {armed ? (
        <DriveDrawer
          open={open}
          onOpenChange={setOpen}
          section={section}
          hrefs={hrefs}
          signedIn={signedIn}
          returnFocus={() => button.current?.focus()}
        />
      ) : null}
    </div>
  );
}
