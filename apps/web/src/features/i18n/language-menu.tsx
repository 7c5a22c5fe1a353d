'use client';

import type { ReactNode } from 'react';
import { defaultStorage } from '@nimbus/client';
import { canonicalLocale } from '@nimbus/contracts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { LanguageOption } from './language-option';
import { localeSwitchHref } from './language-option';
import { rememberLanguageChoice } from './language-suggestion';

export interface LanguageMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentLocale: string;
  languages: readonly LanguageOption[];
  label: string;
  menuLabel: string;
  triggerClassName: string;
  children: ReactNode;
}

/**
 * The language menu: every language in its own name; choosing one reloads the page in it, and
 * the browser's language is no longer suggested over the one chosen.
 */
export default function LanguageMenu(props: LanguageMenuProps) {
  return (
    <DropdownMenu open={props.open} onOpenChange={props.onOpenChange} modal={false}>
      <DropdownMenuTrigger aria-label={props.label} className={props.triggerClassName}>
        {props.children}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{props.menuLabel}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={props.currentLocale}
          onValueChange={(locale) => {
            const chosen = canonicalLocale(locale);
            if (chosen !== undefined && locale !== props.currentLocale) {
              rememberLanguageChoice(defaultStorage(), chosen, navigator.languages);
              window.location.assign(localeSwitchHref(window.location, locale));
            }
          }}
        >
          {props.languages.map((language) => (
            <DropdownMenuRadioItem
              key={language.locale}
              value={language.locale}
              lang={language.locale}
            >
              {language.name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
