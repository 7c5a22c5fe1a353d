import type { ReactNode } from 'react';
import type { Locale } from '@nimbus/contracts';
import { sharedMessages } from '@nimbus/contracts';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Messages } from '@/i18n/messages';

export interface AuthMessagesProps {
  locale: Locale;
  /** The namespaces the client components below need. */
  namespaces: readonly ('auth' | 'account' | 'activity' | 'support' | 'payment' | 'console')[];
  children: ReactNode;
}

/**
 * Gives the client components of the identity pages their messages: only the namespaces
 * named, so the rest of the site's messages stay on the server.
 */
export async function AuthMessages({ locale, namespaces, children }: AuthMessagesProps) {
  const messages: Messages = await getMessages({ locale });
  const picked: Partial<Messages> = {};
  for (const namespace of namespaces) {
    Object.assign(picked, { [namespace]: messages[namespace] });
  }
  return (
    <NextIntlClientProvider locale={locale} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}

/** The shared error messages of a locale, for `pickErrorMessage`. */
export function errorTextsOf(locale: Locale): Readonly<Record<string, string>> {
  return sharedMessages[locale].errors;
}
