import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import type { HelpCenterPage } from '@/features/help-center/help-center-content';
import {
  helpArticleKey,
  helpCenterDirectories,
  resolveHelpCenterSlug,
} from '@/features/help-center/help-center-content';
import { siteMetadata } from '@/features/site/site-metadata';
import { localePath } from '@/i18n/locale-path';
import { localeOf } from '@/i18n/params';

interface HelpCenterSlugProps {
  params: Promise<{ locale: string; slug: string[] }>;
}

async function pageOf(params: HelpCenterSlugProps['params']): Promise<HelpCenterPage | undefined> {
  const { slug } = await params;
  return resolveHelpCenterSlug(slug);
}

/** The topic's or article's public page metadata, or the 404 title for a malformed slug. */
export async function generateMetadata({ params }: HelpCenterSlugProps): Promise<Metadata> {
  const page = await pageOf(params);
  if (!page) {
    const common = await getTranslations('common');
    return { title: common('page-not-found'), robots: { index: false } };
  }
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'help-center' });
  const text =
    page.kind === 'article'
      ? { title: t(`${page.messageKey}.title`), description: t(`${page.messageKey}.body`) }
      : {
          title: t(`directories.${page.directory}.title`),
          description: t(`directories.${page.directory}.description`),
        };
  // An unknown article shows its topic, so the topic is its canonical page.
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
 * nearest topic.
 */
export default async function HelpCenterSlugPage({ params }: HelpCenterSlugProps) {
  const page = await pageOf(params);
  if (!page) {
    notFound();
  }
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'help-center' });
  const directoryPath = `/help-center/${page.directory}`;
  if (page.kind === 'article') {
    return (
      <article>
        <PageIntro
          className={intro}
          title={t(`${page.messageKey}.title`)}
          description={t(`${page.messageKey}.body`)}
        >
          <Link
            href={localePath(locale, directoryPath)}
            className="text-sm font-medium text-primary hover:underline"
          >
            {t(`directories.${page.directory}.title`)}
          </Link>
        </PageIntro>
      </article>
    );
  }
  const articles: readonly string[] =
    helpCenterDirectories.find((entry) => entry.slug === page.directory)?.articles ?? [];
  return (
    <PageIntro
      className={intro}
      title={t(`directories.${page.directory}.title`)}
      description={t(`directories.${page.directory}.description`)}
    >
      <h2 className="text-sm font-medium text-muted-foreground">{t('articles')}</h2>
      <ul className="mt-3 grid gap-2">
        {articles.map((article) => (
          <li key={article}>
            <Link
              href={localePath(locale, `${directoryPath}/${article}`)}
              className="flex min-h-11 items-center rounded-lg border border-border px-4 text-base font-medium hover:bg-muted"
            >
              {t(`${helpArticleKey(page.directory, article)}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}
