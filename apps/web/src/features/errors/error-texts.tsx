'use client';

import type { ReactNode } from 'react';
import { createContext, use } from 'react';
import common from '../../../messages/en-US/common.json';

/** What the error page of a locale says, handed down by the root layout. */
export interface ErrorTexts {
  /** The translated `not-found-page-tip`. */
  tip: string;
  backHome: string;
  tryAgain: string;
  /** The home page of the visitor's locale. */
  homeHref: string;
}

/** The default locale's texts, for an error outside the root layout. */
export const defaultErrorTexts: ErrorTexts = {
  tip: common['not-found-page-tip'],
  backHome: common['back-home'],
  tryAgain: common['try-again'],
  homeHref: '/',
};

const ErrorTextsContext = createContext<ErrorTexts>(defaultErrorTexts);

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
  return use(ErrorTextsContext);
}
