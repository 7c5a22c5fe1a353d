import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { HelpArticle, articleParagraphs } from '@/features/help-center/help-article';
import type { HelpCenterPage } from '@/features/help-center/help-center-content';
import {
  directoryArticles,
  resolveHelpCenterSlug,
} from '@/features/help-center/help-center-content';
import { loadVisibleHelpArticles } from '@/features/help-center/help-features';
import { siteMetadata } from '@/features/site/site-metadata';
import { localePath } from '@/i18n/locale-path';
import { localeOf } from '@/i18n/params';

interface HelpCenterSlugProps {
  params: Promise<{ locale: string; slug: string[] }>;
}

async function pageOf(params: HelpCenterSlugProps['params']) {
  const [{ slug }, locale] = await Promise.all([params, localeOf(params)]);
  const visible = await loadVisibleHelpArticles(locale);
  const page: HelpCenterPage | undefined = resolveHelpCenterSlug(slug, visible);
  return { locale, visible, page };
}

/** The topic's or article's public page metadata, or the 404 title for a malformed slug. */
export async function generateMetadata({ params }: HelpCenterSlugProps): Promise<Metadata> {
  const { locale, page } = await pageOf(params);
  if (!page) {
    const common = await getTranslations('common');
    return { title: common('page-not-found'), robots: { index: false } };
  }
  const [t, articles] = await Promise.all([
    getTranslations({ locale, namespace: 'help-center' }),
    getTranslations({ locale, namespace: 'help-articles' }),
  ]);
  const text =
    page.kind === 'article'
      ? {
          title: articles(`${page.article}.title`),
          description: articleParagraphs(articles(`${page.article}.body`))[0] ?? '',
        }
      : {
          title: t(`directories.${page.directory}.title`),
          description: t(`directories.${page.directory}.description`),
        };
  // An unknown article, or one of a feature this server lacks, shows its topic: that topic is
  // the canonical page.
  const path =
    page.kind === 'article'
      ? `/help-center/${page.directory}/${page.article}`
      : `/help-center/${page.directory}`;
  return siteMetadata(locale, path, text);
}

const intro = 'mx-0 max-w-none px-0 py-0 sm:py-0';

/**
 * /help-center/{topic} lists a topic's articles, /help-center/{topic}/{article} shows one. Slug
 * segments are validated; a malformed slug is a 404 naming the path, an unknown one shows the
 * nearest topic, and so does an article of a feature this server does not offer.
 */
export default async function HelpCenterSlugPage({ params }: HelpCenterSlugProps) {
  const { locale, visible, page } = await pageOf(params);
  if (!page) {
    notFound();
  }
  if (page.kind === 'article') {
    return (
      <HelpArticle
        locale={locale}
        directory={page.directory}
        article={page.article}
        visible={visible}
      />
    );
  }
  const [t, texts] = await Promise.all([
    getTranslations({ locale, namespace: 'help-center' }),
    getTranslations({ locale, namespace: 'help-articles' }),
  ]);
  const directoryPath = `/help-center/${page.directory}`;
  return (
    <PageIntro
      className={intro}
      title={t(`directories.${page.directory}.title`)}
      description={t(`directories.${page.directory}.description`)}
    >
      <h2 className="text-sm font-medium text-muted-foreground">{t('articles')}</h2>
      <ul className="mt-3 grid gap-2" data-testid="help-directory-articles">
        {directoryArticles(page.directory, visible).map((article) => (
          <li key={article}>
            <Link
              href={localePath(locale, `${directoryPath}/${article}`)}
              className="flex min-h-11 items-center rounded-lg border border-border px-4 text-base font-medium hover:bg-muted"
            >
              {texts(`${article}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}
