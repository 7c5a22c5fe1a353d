import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { siteMetadata } from '@/features/site/site-metadata';
import { HomeApps, HomeHero, HomeTrust } from '@/features/home/home-sections';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The home page's title, description, canonical URL, alternates and link previews. */
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'home' });
  return siteMetadata(locale, '/', {
    title: t('meta.title'),
    description: t('meta.description'),
  });
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
