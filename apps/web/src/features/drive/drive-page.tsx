import type { ReactNode } from 'react';
import { Suspense } from 'react';
import type { Locale } from '@nimbus/contracts';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { errorTextsOf } from '@/lib/auth-messages';
import { localePath } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';
import type { DriveSection } from './drive-shell';
import { DriveShell } from './drive-shell';
import { FileBrowser } from './file-browser';

export interface DrivePageProps {
  locale: Locale;
  section: DriveSection;
  /**
   * The shares page's listing, which that page passes itself: each page's JavaScript then holds
   * only the listing it shows.
   */
  listing?: ReactNode;
}

/**
 * A drive page (`/drive/all`, `/drive/recent`, `/drive/shares`, `/drive/trash`): the shell and the
 * listing (of files, or of the member's share links), with only the `drive`, `upload` and
 * `preview` messages sent to the browser.
 */
export async function DrivePage({ locale, section, listing }: DrivePageProps) {
  const messages: Messages = await getMessages({ locale });
  const hrefs = {
    all: localePath(locale, '/drive/all'),
    recent: localePath(locale, '/drive/recent'),
    shares: localePath(locale, '/drive/shares'),
    trash: localePath(locale, '/drive/trash'),
    tasks: localePath(locale, '/drive/tasks'),
    signIn: localePath(locale, '/drive/login'),
    upgrade: localePath(locale, '/drive/payment/storage'),
    upgradeTraffic: localePath(locale, '/drive/payment/traffic'),
    feedback: localePath(locale, '/drive/feedback'),
  };
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{
        drive: messages.drive,
        upload: messages.upload,
        preview: messages.preview,
        offline: messages.offline,
        referral: { drive: messages.referral.drive },
      }}
    >
      <DriveShell section={section} errorTexts={errorTextsOf(locale)} hrefs={hrefs}>
        <Suspense fallback={null}>
          {section === 'shares' ? (
            listing
          ) : (
            <FileBrowser section={section} errorTexts={errorTextsOf(locale)} />
          )}
        </Suspense>
      </DriveShell>
    </NextIntlClientProvider>
  );
}
