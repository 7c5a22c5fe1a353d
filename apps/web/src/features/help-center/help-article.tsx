import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { HelpArticleSlug, Locale } from '@nimbus/contracts';
import { localePath } from '@/i18n/locale-path';
import type { HelpDirectory } from './help-center-content';
import { helpArticlePath, relatedArticles } from './help-center-content';
import { HelpfulVote } from './helpful-vote';

/** An article's text as paragraphs: its messages separate them with a blank line. */
export function articleParagraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export interface HelpArticleProps {
  locale: Locale;
  directory: HelpDirectory;
  article: HelpArticleSlug;
  visible: ReadonlySet<HelpArticleSlug>;
}

/**
 * An article of the help center, rendered on the server: its topic, title and paragraphs, the
 * related articles shown on this server, and "Was this article helpful?".
 */
export async function HelpArticle({ locale, directory, article, visible }: HelpArticleProps) {
  const [t, texts] = await Promise.all([
    getTranslations({ locale, namespace: 'help-center' }),
    getTranslations({ locale, namespace: 'help-articles' }),
  ]);
  const related = relatedArticles(article, visible);
  return (
    <article data-testid="help-article" data-article={article}>
      <Link
        href={localePath(locale, `/help-center/${directory}`)}
        className="text-sm font-medium text-primary hover:underline"
      >
        {t(`directories.${directory}.title`)}
      </Link>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {texts(`${article}.title`)}
      </h1>
      <div className="mt-6 grid max-w-3xl gap-4 text-base leading-7 text-pretty">
        {articleParagraphs(texts(`${article}.body`)).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <HelpfulVote
        article={article}
        locale={locale}
        texts={{
          question: t('helpful.question'),
          yes: t('helpful.yes'),
          no: t('helpful.no'),
          sending: t('helpful.sending'),
          thanks: t('helpful.thanks'),
          failed: t('helpful.failed'),
        }}
      />
      {related.length > 0 ? (
        <nav aria-labelledby="help-related" className="mt-10" data-testid="help-related">
          <h2 id="help-related" className="text-sm font-medium text-muted-foreground">
            {t('related')}
          </h2>
          <ul className="mt-3 grid gap-2">
            {related.map((each) => (
              <li key={each}>
                <Link
                  href={localePath(locale, helpArticlePath(each))}
                  className="flex min-h-11 items-center rounded-lg border border-border px-4 text-base font-medium hover:bg-muted"
                >
                  {texts(`${each}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
