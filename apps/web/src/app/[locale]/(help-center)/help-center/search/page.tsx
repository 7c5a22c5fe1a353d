import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { helpArticlePath } from '@/features/help-center/help-center-content';
import { loadVisibleHelpArticles } from '@/features/help-center/help-features';
import { maxHelpQueryLength, searchHelpArticles } from '@/features/help-center/help-search';
import { siteMetadata } from '@/features/site/site-metadata';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

interface HelpSearchProps extends LocaleParams {
  searchParams: Promise<{ q?: string | string[] }>;
}

function queryOf(value: string | string[] | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

/** The search page's metadata; its results are not for search engines. */
export async function generateMetadata({ params }: HelpSearchProps): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'help-center' });
  return {
    ...siteMetadata(locale, '/help-center/search', {
      title: t('search.title'),
      description: t('search.prompt'),
    }),
    robots: { index: false },
  };
}

/**
 * /help-center/search?q=...: the articles shown on this server whose title or text, in the
 * page's language, holds every word of the query (substrings, so Chinese, Japanese and Korean
 * work too), searched on the server.
 */
export default async function HelpSearchPage({ params, searchParams }: HelpSearchProps) {
  const locale = await localeOf(params);
  const [t, texts, visible, query] = await Promise.all([
    getTranslations({ locale, namespace: 'help-center' }),
    getTranslations({ locale, namespace: 'help-articles' }),
    loadVisibleHelpArticles(locale),
    searchParams.then((search) => queryOf(search.q)),
  ]);
  const tooLong = query.length > maxHelpQueryLength;
  const hits = tooLong
    ? []
    : searchHelpArticles(
        query,
        [...visible].map((key) => ({
          key,
          title: texts(`${key}.title`),
          body: texts(`${key}.body`),
        })),
      );
  let summary = t('search.prompt');
  if (tooLong) {
    summary = t('search.too-long', { max: maxHelpQueryLength });
  } else if (query !== '') {
    summary =
      hits.length > 0
        ? t('search.results', { count: hits.length, query })
        : t('search.none', { query });
  }
  return (
    <PageIntro className="mx-0 max-w-none px-0 py-0 sm:py-0" title={t('search.title')}>
      <p
        role="status"
        className="text-base text-muted-foreground"
        data-testid="help-search-summary"
      >
        {summary}
      </p>
      {hits.length > 0 ? (
        <ul className="mt-6 grid gap-3" data-testid="help-search-results">
          {hits.map((hit) => (
            <li key={hit.key}>
              <Link
                href={localePath(locale, helpArticlePath(hit.key))}
                className="block rounded-lg border border-border px-4 py-3 hover:bg-muted"
              >
                <span className="block text-base font-medium">{hit.title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{hit.excerpt}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </PageIntro>
  );
}
