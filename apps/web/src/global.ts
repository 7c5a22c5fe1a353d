import type { Locale } from '@nimbus/contracts';
import type { Messages } from './i18n/messages';

/** Types next-intl's locale and message keys from `@nimbus/contracts` and the English messages. */
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
