import type { ReactNode } from 'react';
import { Suspense } from 'react';
import type { Locale } from '@nimbus/contracts';
import { NextIntlClientProvider } from 'next-intl';
import { errorTextsOf } from '@/lib/auth-messages';
import { driveHrefs, driveMessages } from './drive-page-setup';
import type { DriveFirstLoad } from './drive-server';
import { FirstListing } from './first-listing';
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
  /** The member and the listing's first page, when the server could load them. */
  firstLoad?: DriveFirstLoad | undefined;
}

/**
 * A drive page (`/drive/all`, `/drive/recent`, `/drive/starred`, `/drive/shares`, `/drive/trash`): the shell and the
 * listing (of files, or of the member's share links), with only the drive's messages sent to
 * the browser (`driveMessages`).
 */
export async function DrivePage({ locale, section, listing, firstLoad }: DrivePageProps) {
  const hrefs = driveHrefs(locale);
  return (
    <NextIntlClientProvider locale={locale} messages={await driveMessages(locale)}>
      <DriveShell
        section={section}
        errorTexts={errorTextsOf(locale)}
        hrefs={hrefs}
        {...(firstLoad ? { member: firstLoad.userId } : {})}
      >
        <Suspense fallback={null}>
          {section === 'shares' ? (
            listing
          ) : (
            <FirstListing state={firstLoad?.state}>
              <FileBrowser
                section={section}
                errorTexts={errorTextsOf(locale)}
                mobileHint={firstLoad?.mobile ?? false}
              />
            </FirstListing>
          )}
        </Suspense>
      </DriveShell>
    </NextIntlClientProvider>
  );
}
