import type { Locale } from '@nimbus/contracts';
import type {} from 'next-intl';
import type { Messages } from './i18n/messages';

/*
 * Types next-intl's locale and message keys from `@nimbus/contracts` and the English messages.
 * The empty type import above puts next-intl in the program for this file, which the
 * augmentation needs when no client component imports the package's main entry.
 */
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
