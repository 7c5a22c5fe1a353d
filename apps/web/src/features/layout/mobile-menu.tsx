'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Menu } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { LanguageOption } from '@/features/i18n/language-option';
import { useLayoutStore } from '@/lib/layout-store';
import type { NavLink } from './nav-link';

const loadSidebar = () => import('./mobile-sidebar');
const MobileSidebar = dynamic(loadSidebar, { ssr: false });

export interface MobileMenuProps {
  links: readonly NavLink[];
  languages: readonly LanguageOption[];
  currentLocale: string;
  labels: { open: string; close: string; title: string; language: string };
}

/**
 * The menu button of the mobile header and its sidebar drawer. The drawer (a Radix dialog) is
 * loaded the first time the button is used or the layout state asks for it
 * (`?action=show_mobile_sidebar`).
 */
export function MobileMenu({ links, languages, currentLocale, labels }: MobileMenuProps) {
  const visible = useLayoutStore((state) => state.sidebarMobileVisible);
  const setVisible = useLayoutStore((state) => state.setSidebarMobileVisible);
  const [armed, setArmed] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={labels.open}
        aria-haspopup="dialog"
        aria-expanded={visible}
        className={`${buttonVariants({ variant: 'ghost', size: 'icon' })} md:hidden`}
        onPointerEnter={() => void loadSidebar()}
        onFocus={() => void loadSidebar()}
        onClick={() => {
          setArmed(true);
          setVisible(true);
        }}
      >
        <Menu aria-hidden />
      </button>
      {armed || visible ? (
        <MobileSidebar
          open={visible}
          onOpenChange={setVisible}
          links={links}
          languages={languages}
          currentLocale={currentLocale}
          labels={labels}
        />
      ) : null}
    </>
  );
}
