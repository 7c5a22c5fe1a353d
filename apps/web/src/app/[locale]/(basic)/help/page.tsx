import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { helpAnchors } from '@/features/faq/faq-anchors';
import { infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('help', '/help');

/** /help: how-to guides with the linkable anchors of docs/product.md#screens-and-routes (`help#copy-link`, ...). */
export default async function HelpPage() {
  const pages = await getTranslations('pages');
  const t = await getTranslations('help');
  return (
    <PageIntro title={pages('help.title')} description={pages('help.description')}>
      <p className="text-muted-foreground">{t('lead')}</p>
      <div className="mt-6 grid gap-4">
        {helpAnchors.map((id, index) => (
          <section
            key={id}
            id={id}
            aria-labelledby={`${id}-title`}
            className="rounded-xl border border-border p-5 target:border-primary"
          >
            <h2 id={`${id}-title`} className="flex items-center gap-3 text-lg font-semibold">
              <span
                aria-hidden
                className="inline-flex size-8 items-center justify-center rounded-full bg-accent text-sm text-accent-foreground"
              >
                {index + 1}
              </span>
              <a href={`#${id}`} className="hover:underline">
                {t(`sections.${id}.title`)}
              </a>
            </h2>
            <p className="mt-2 text-muted-foreground">{t(`sections.${id}.body`)}</p>
          </section>
        ))}
      </div>
    </PageIntro>
  );
}
