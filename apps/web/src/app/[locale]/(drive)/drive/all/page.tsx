import { DrivePage } from '@/features/drive/drive-page';
import { loadDriveFirstLoad } from '@/features/drive/drive-server';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-all');

interface DriveAllPageProps extends LocaleParams {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * /drive/all: every file of the drive, folder by folder. A folder's first page (not a search's,
 * nor one with a dialog action) comes rendered from the server when the visitor's session cookie
 * is there.
 */
export default async function DriveAllPage({ params, searchParams }: DriveAllPageProps) {
  const locale = await localeOf(params);
  const { folder, q, action } = await searchParams;
  // A dialog action (`?action=`) may open another folder or page at once: the browser lists.
  const firstLoad =
    (q === undefined || q === '') && action === undefined
      ? await loadDriveFirstLoad(typeof folder === 'string' ? folder : '', locale)
      : undefined;
  return <DrivePage locale={locale} section="all" firstLoad={firstLoad} />;
}
