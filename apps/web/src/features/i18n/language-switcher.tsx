'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { ChevronDown, Globe } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useLayoutStore } from '@/lib/layout-store';
import type { LanguageOption } from './language-option';

const loadMenu = () => import('./language-menu');
const LanguageMenu = dynamic(loadMenu, { ssr: false });

export interface LanguageSwitcherProps {
  currentLocale: string;
  languages: readonly LanguageOption[];
  /** The button's accessible name. */
  label: string;
  /** The heading of the menu. */
  menuLabel: string;
}

/**
 * The language switcher of the header. The button is rendered at once; the menu (Radix) is
 * loaded on first use, so it costs nothing on pages where nobody changes the language.
 */
export function LanguageSwitcher({
  currentLocale,
  languages,
  label,
  menuLabel,
}: LanguageSwitcherProps) {
  const open = useLayoutStore((state) => state.i18nMenuPopoverVisible);
  const setOpen = useLayoutStore((state) => state.setI18nMenuPopoverVisible);
  const [armed, setArmed] = useState(false);
  const currentName =
    languages.find((language) => language.locale === currentLocale)?.name ?? currentLocale;
  // The name a screen reader reads holds the text the button shows (the language's name), so
  // a voice user can say what they see.
  const buttonLabel = `${currentName} · ${label}`;
  const buttonClass = buttonVariants({ variant: 'ghost', size: 'sm' });
  const buttonContent = (
    <>
      <Globe aria-hidden />
      <span className="hidden sm:inline">{currentName}</span>
      <ChevronDown aria-hidden className="hidden sm:inline" />
    </>
  );

  if (!armed) {
    return (
      <button
        type="button"
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={false}
        className={buttonClass}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => {
          setArmed(true);
          setOpen(true);
        }}
      >
        {buttonContent}
      </button>
    );
  }
  return (
    <LanguageMenu
      open={open}
      onOpenChange={setOpen}
      currentLocale={currentLocale}
      languages={languages}
      label={buttonLabel}
      menuLabel={menuLabel}
      triggerClassName={buttonClass}
    >
      {buttonContent}
    </LanguageMenu>
  );
}
