import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import type { ConsoleSection } from './console-sections';

type SectionKey = ConsoleSection['key'];

/** The `generateMetadata` of a console page: its title, kept out of search engines. */
export function consolePageMetadata(key: SectionKey): (props: LocaleParams) => Promise<Metadata> {
  return async ({ params }) => {
    const t = await getTranslations({ locale: await localeOf(params), namespace: 'console' });
    return { title: `${t(`nav.${key}`)} · ${t('title')}`, robots: { index: false, follow: false } };
  };
}

/** A console page's heading and content. */
export async function ConsolePage({
  locale,
  section,
  children,
}: {
  locale: Awaited<ReturnType<typeof localeOf>>;
  section: SectionKey;
  children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'console' });
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t(`nav.${section}`)}</h1>
      {children}
    </>
  );
}
