import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { isValidParentIds, isValidShareId } from '@/features/share/share-route';

interface ShareFolderPageProps {
  params: Promise<{ locale: string; shareId: string; parentIds: string[] }>;
}

async function isValid(params: ShareFolderPageProps['params']): Promise<boolean> {
  const { shareId, parentIds } = await params;
  return isValidShareId(shareId) && isValidParentIds(parentIds);
}

/** The shared folder's title, or the 404 title for malformed ids; never indexed. */
export async function generateMetadata({ params }: ShareFolderPageProps): Promise<Metadata> {
  const t = await getTranslations();
  return (await isValid(params))
    ? {
        title: t('pages.share.folder-title'),
        description: t('pages.share.folder-description'),
        robots: { index: false },
      }
    : { title: t('common.page-not-found'), robots: { index: false } };
}

/**
 * /s/{shareId}/{parentId}/...: a folder inside a shared link, at any depth; every id of the
 * path is validated.
 */
export default async function ShareFolderPage({ params }: ShareFolderPageProps) {
  if (!(await isValid(params))) {
    notFound();
  }
  const t = await getTranslations('pages');
  return <PageIntro title={t('share.folder-title')} description={t('share.folder-description')} />;
}
