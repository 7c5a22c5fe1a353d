import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@nimbus/contracts';
import { cn } from '@/lib/cn';
import { announcementCookie } from './announcement-cookie';
import { AnnouncementBox } from './announcement-box';
import { loadAnnouncement } from './load-announcement';

/**
 * The operator's announcement (docs/site.md#announcement-banner), at the top of every page of
 * the site and the drive in the page's language, until the visitor closes it (a cookie keeps
 * that, so a closed banner is not drawn again). Nothing when there is no text in the language.
 */
export async function AnnouncementBanner({ locale }: { locale: Locale }) {
  const announcement = await loadAnnouncement(locale);
  if (announcement === undefined) {
    return null;
  }
  if ((await cookies()).get(announcementCookie)?.value === announcement.id) {
    return null;
  }
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    <AnnouncementBox
      id={announcement.id}
      label={t('announcement.label')}
      closeLabel={t('announcement.close')}
      className={cn(
        'flex items-start gap-3 px-4 py-2 text-sm text-foreground',
        announcement.tone === 'warning' ? 'bg-danger/10' : 'bg-primary/10',
      )}
    >
      <p className="mx-auto max-w-6xl flex-1 whitespace-pre-line">{announcement.text}</p>
    </AnnouncementBox>
  );
}
