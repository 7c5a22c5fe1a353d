import { Suspense } from 'react';
import type { Locale } from '@nimbus/contracts';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { errorTextsOf } from '@/lib/auth-messages';
import { DriveShell } from '@/features/drive/drive-shell';
import { localePath } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';
import { TaskList } from './task-list';

/**
 * `/drive/tasks` in the drive's shell: the offline downloads, with the `drive`, `preview`,
 * `upload` and `offline` messages sent to the browser (the viewer opens finished files).
 */
export async function TasksPage({ locale }: { locale: Locale }) {
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
      <DriveShell section="tasks" errorTexts={errorTextsOf(locale)} hrefs={hrefs}>
        <Suspense fallback={null}>
          <TaskList errorTexts={errorTextsOf(locale)} allHref={hrefs.all} />
        </Suspense>
      </DriveShell>
    </NextIntlClientProvider>
  );
}
