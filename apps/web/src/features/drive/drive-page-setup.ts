import type { Locale } from '@nimbus/contracts';
import { getMessages } from 'next-intl/server';
import { localePath } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';

/*
 * What every page in the drive's shell is given on the server (the file pages and the task list):
 * the shell's links and the messages sent to the browser. No component here, so a page importing
 * it brings no other page's JavaScript.
 */

/** The links of the drive's shell, in a locale. */
export function driveHrefs(locale: Locale) {
  return {
    all: localePath(locale, '/drive/all'),
    recent: localePath(locale, '/drive/recent'),
    starred: localePath(locale, '/drive/starred'),
    shares: localePath(locale, '/drive/shares'),
    trash: localePath(locale, '/drive/trash'),
    tasks: localePath(locale, '/drive/tasks'),
    signIn: localePath(locale, '/drive/login'),
    upgrade: localePath(locale, '/drive/payment/storage'),
    upgradeTraffic: localePath(locale, '/drive/payment/traffic'),
    feedback: localePath(locale, '/drive/feedback'),
  };
}

/**
 * The messages a drive page sends to the browser: `drive`, `upload`, `preview` (the viewer),
 * `offline` (the Add dialog, the task list) and the drive's invitation prompt.
 */
export async function driveMessages(locale: Locale) {
  const messages: Messages = await getMessages({ locale });
  return {
    drive: messages.drive,
    upload: messages.upload,
    preview: messages.preview,
    offline: messages.offline,
    referral: { drive: messages.referral.drive },
  };
}
