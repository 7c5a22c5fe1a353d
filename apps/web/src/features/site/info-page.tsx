import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import type { Messages } from '@/i18n/messages';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { siteMetadata } from './site-metadata';

type Pages = Messages['pages'];

/** The pages of the `pages` messages that have a title and a description. */
export type InfoPageKey = {
  [K in keyof Pages]: Pages[K] extends { title: string; description: string } ? K : never;
}[keyof Pages];

/**
 * The `generateMetadata` of a page: its title ("Title | Nimbus") and description; a public page
 * (`publicPath`, its path without locale prefix) also gets its canonical URL, alternates and link
 * previews.
 */
export function infoPageMetadata(
  page: InfoPageKey,
  publicPath?: string,
): (props: LocaleParams) => Promise<Metadata> {
  return async ({ params }) => {
    const locale = await localeOf(params);
    const t = await getTranslations({ locale, namespace: 'pages' });
    const text = { title: t(`${page}.title`), description: t(`${page}.description`) };
    return publicPath ? siteMetadata(locale, publicPath, text) : text;
  };
}

export interface InfoPageProps {
  page: InfoPageKey;
  children?: ReactNode;
}

/**
 * A page whose feature is described but not built here: its real title and a translated
 * description of what it offers, inside the route group's layout.
 */
export async function InfoPage({ page, children }: InfoPageProps) {
  const t = await getTranslations('pages');
  return (
    <PageIntro title={t(`${page}.title`)} description={t(`${page}.description`)}>
      {children}
    </PageIntro>
  );
}
