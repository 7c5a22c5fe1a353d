import { Suspense } from 'react';
import type { Locale } from '@nimbus/contracts';
import { NextIntlClientProvider } from 'next-intl';
import { errorTextsOf } from '@/lib/auth-messages';
import { DriveShell } from '@/features/drive/drive-shell';
import { driveHrefs, driveMessages } from '@/features/drive/drive-page-setup';
import { TaskList } from './task-list';

/**
 * `/drive/tasks` in the drive's shell: the offline downloads, with the drive's messages sent to
 * the browser (`driveMessages`: the viewer opens finished files).
 */
export async function TasksPage({ locale }: { locale: Locale }) {
  const hrefs = driveHrefs(locale);
  return (
    <NextIntlClientProvider locale={locale} messages={await driveMessages(locale)}>
      <DriveShell section="tasks" errorTexts={errorTextsOf(locale)} hrefs={hrefs}>
        <Suspense fallback={null}>
          <TaskList errorTexts={errorTextsOf(locale)} allHref={hrefs.all} />
        </Suspense>
      </DriveShell>
    </NextIntlClientProvider>
  );
}
