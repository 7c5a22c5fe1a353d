import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HomeApps, HomeHero, HomeTrust } from '@/features/home/home-sections';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The home page's title and description. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('home');
  return { title: t('meta.title'), description: t('meta.description') };
}

/** The home page: the promise, the link box, the apps and trust. */
export default async function HomePage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <>
      <HomeHero locale={locale} />
      <HomeApps locale={locale} />
      <HomeTrust locale={locale} />
    </>
  );
}
