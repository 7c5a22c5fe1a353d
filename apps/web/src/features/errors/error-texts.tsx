'use client';

import type { ReactNode } from 'react';
import { createContext, use } from 'react';

/** What the error page of a locale says, handed down by the root layout. */
export interface ErrorTexts {
  /** The translated `not-found-page-tip`. */
  tip: string;
  backHome: string;
  tryAgain: string;
  /** The home page of the visitor's locale. */
  homeHref: string;
}

// No default: every page is inside the root shell's provider, and a default would bring the
// default locale's whole `common` messages into every page's JavaScript.
const ErrorTextsContext = createContext<ErrorTexts | null>(null);

/**
 * Makes the error page's texts available to `error.tsx`, which receives no props from the
 * server. Three strings, instead of a message runtime in every page's JavaScript.
 */
export function ErrorTextsProvider({
  texts,
  children,
}: {
  texts: ErrorTexts;
  children: ReactNode;
}) {
  return <ErrorTextsContext value={texts}>{children}</ErrorTextsContext>;
}

/** The error page's texts in the visitor's locale. */
export function useErrorTexts(): ErrorTexts {
  const texts = use(ErrorTextsContext);
  if (texts === null) {
    throw new Error('useErrorTexts needs the root shell’s ErrorTextsProvider');
  }
  return texts;
}
