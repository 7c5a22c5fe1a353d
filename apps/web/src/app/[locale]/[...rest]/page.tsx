import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  return { title: t('page-not-found'), robots: { index: false } };
}

/** Any path that matches no route: 404 "Page not found". */
export default function UnmatchedRoute(): never {
  notFound();
}
