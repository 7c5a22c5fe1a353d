import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SharePageBody, shareMetadata } from '@/features/share/share-page';
import { isValidParentIds, isValidShareId } from '@/features/share/share-route';
import { localeOf } from '@/i18n/params';

interface ShareFolderPageProps {
  params: Promise<{ locale: string; shareId: string; parentIds: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

async function isValid(params: ShareFolderPageProps['params']): Promise<boolean> {
  const { shareId, parentIds } = await params;
  return isValidShareId(shareId) && isValidParentIds(parentIds);
}

/** The shared folder's title and cards, or the 404 title for malformed ids; never indexed. */
export async function generateMetadata({ params }: ShareFolderPageProps): Promise<Metadata> {
  if (!(await isValid(params))) {
    const t = await getTranslations();
    return { title: t('common.page-not-found'), robots: { index: false } };
  }
  const { shareId, parentIds } = await params;
  return shareMetadata(await localeOf(params), shareId, parentIds);
}

/**
 * /s/{shareId}/{parentId}/...: a folder inside a shared link, at any depth; every id of the
 * path is validated, and every folder must lie inside the share.
 */
export default async function ShareFolderPage({ params, searchParams }: ShareFolderPageProps) {
  if (!(await isValid(params))) {
    notFound();
  }
  const { shareId, parentIds } = await params;
  const code = (await searchParams).s_code;
  return (
    <SharePageBody
      locale={await localeOf(params)}
      shareId={shareId}
      parentIds={parentIds}
      passCode={typeof code === 'string' ? code : ''}
    />
  );
}
