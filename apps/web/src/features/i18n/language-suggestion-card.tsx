'use client';

import { useState } from 'react';
import { Languages } from 'lucide-react';
import { defaultStorage } from '@nimbus/client';
import type { Locale } from '@nimbus/contracts';
import { buttonVariants } from '@/components/ui/button-variants';
import { isBotUserAgent } from '@/lib/bot';
import { useHydrated } from '@/lib/use-hydrated';
import { localeSwitchHref } from './language-option';
import { declineSuggestion, declinedSuggestions, suggestedLocale } from './language-suggestion';

/** The suggestion's words in one language, written in that language. */
export interface LanguageSuggestionTexts {
  label: string;
  text: string;
  switch: string;
  dismiss: string;
}

/** What the browser is offered on a page in `locale`: nothing inside another site's frame (embedded mode) or for crawlers. */
function offerFor(locale: Locale): Locale | undefined {
  if (window.top !== window.self || isBotUserAgent(navigator.userAgent)) {
    return undefined;
  }
  const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return suggestedLocale(locale, languages, declinedSuggestions(defaultStorage()));
}

/**
 * Offers a visitor the page in their browser's language when the page is in another one (see
 * `language-suggestion.ts`). It speaks the offered language, not the page's, since that is the
 * one the visitor reads; it waits in a corner without covering the page's header or taking the
 * focus, and either answer makes it go for good.
 */
export function LanguageSuggestionCard({
  locale,
  texts,
}: {
  locale: Locale;
  texts: Readonly<Record<Locale, LanguageSuggestionTexts>>;
}) {
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState(false);
  const offered = hydrated && !answered ? offerFor(locale) : undefined;
  if (offered === undefined) {
    return null;
  }
  const said = texts[offered];
  return (
    <section
      aria-label={said.label}
      lang={offered}
      data-testid="language-suggestion"
      className="fixed inset-x-4 bottom-4 z-40 flex flex-col gap-3 rounded-xl border border-border bg-background p-4 text-sm shadow-[var(--shadow-popover)] sm:right-auto sm:max-w-sm"
    >
      <p className="flex items-start gap-2">
        <Languages aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>{said.text}</span>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          onClick={() => {
            declineSuggestion(defaultStorage(), offered);
            setAnswered(true);
          }}
        >
          {said.dismiss}
        </button>
        <button
          type="button"
          className={buttonVariants({ variant: 'primary', size: 'sm' })}
          onClick={() => window.location.assign(localeSwitchHref(window.location, offered))}
        >
          {said.switch}
        </button>
      </div>
    </section>
  );
}
