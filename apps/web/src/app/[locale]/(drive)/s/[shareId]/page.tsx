import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { isValidShareId } from '@/features/share/share-route';

interface SharePageProps {
  params: Promise<{ locale: string; shareId: string }>;
}

/** The share page's title, or the 404 title for a malformed share id; never indexed. */
export async function generateMetadata({ params }: SharePageProps): Promise<Metadata> {
  const valid = isValidShareId((await params).shareId);
  const t = await getTranslations();
  return valid
    ? {
        title: t('pages.share.title'),
        description: t('pages.share.description'),
        robots: { index: false },
      }
    : { title: t('common.page-not-found'), robots: { index: false } };
}

/**
 * /s/{shareId}: a shared link (served without locale prefix). The share id is validated
 * (`^[A-Za-z0-9_-]{1,64}$`); a malformed id is a 404 naming the path.
 */
export default async function SharePage({ params }: SharePageProps) {
  if (!isValidShareId((await params).shareId)) {
    notFound();
  }
  const t = await getTranslations('pages');
  return <PageIntro title={t('share.title')} description={t('share.description')} />;
}
