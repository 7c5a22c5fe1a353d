import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SharePageBody, shareMetadata } from '@/features/share/share-page';
import { isValidShareId } from '@/features/share/share-route';
import { localeOf } from '@/i18n/params';

interface SharePageProps {
  params: Promise<{ locale: string; shareId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The share's title, size and thumbnail as OpenGraph/Twitter cards, or the 404 title; never indexed. */
export async function generateMetadata({ params }: SharePageProps): Promise<Metadata> {
  const { shareId } = await params;
  if (!isValidShareId(shareId)) {
    const t = await getTranslations();
    return { title: t('common.page-not-found'), robots: { index: false } };
  }
  return shareMetadata(await localeOf(params), shareId, []);
}

/**
 * /s/{shareId}: a shared link (served without locale prefix, in the visitor's language). The
 * share id is validated (`^[A-Za-z0-9_-]{1,64}$`); a malformed id is a 404 naming the path.
 */
export default async function SharePage({ params, searchParams }: SharePageProps) {
  const { shareId } = await params;
  if (!isValidShareId(shareId)) {
    notFound();
  }
  const code = (await searchParams).s_code;
  return (
    <SharePageBody
      locale={await localeOf(params)}
      shareId={shareId}
      parentIds={[]}
      passCode={typeof code === 'string' ? code : ''}
    />
  );
}
