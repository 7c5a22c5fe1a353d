import { BookOpen, FolderInput, Link2, Newspaper, Search, Smartphone, Tv } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { FavoriteLinks } from '@/features/apps/favorite-links';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { Messages } from '@/i18n/messages';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('favorite-links-hub', '/favorite-links-hub');

/** The starting points every visitor sees, with where each leads. */
const startingPoints = [
  {
    key: 'first-link',
    path: '/help-center/getting-started/save-your-first-link',
    icon: FolderInput,
  },
  { key: 'share', path: '/help-center/sharing/create-a-share-link', icon: Link2 },
  { key: 'check', path: '/url-checker', icon: Search },
  { key: 'apps', path: '/mobile-app', icon: Smartphone },
  { key: 'tv', path: '/tv', icon: Tv },
  { key: 'blog', path: '/blog', icon: Newspaper },
] as const;

/**
 * /favorite-links-hub: a signed-in member's latest share links and files (loaded in the
 * browser), and for everyone the good places to start: help articles, the link checker, the
 * apps, the TV and the blog.
 */
export default async function FavoriteLinksHubPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [t, pages] = await Promise.all([
    getTranslations({ locale, namespace: 'apps.hub' }),
    getTranslations({ locale, namespace: 'pages' }),
  ]);
  const messages: Messages = await getMessages({ locale });
  return (
    <PageIntro
      title={pages('favorite-links-hub.title')}
      description={pages('favorite-links-hub.description')}
    >
      <div className="space-y-10">
        <NextIntlClientProvider locale={locale} messages={{ apps: { hub: messages.apps.hub } }}>
          <FavoriteLinks
            hrefs={{
              signIn: `${localePath(locale, '/drive/login')}?${new URLSearchParams({ redirect: localePath(locale, '/favorite-links-hub') }).toString()}`,
              shares: localePath(locale, '/drive/shares'),
              recent: localePath(locale, '/drive/recent'),
            }}
          />
        </NextIntlClientProvider>
        <section aria-labelledby="hub-start" className="space-y-4">
          <h2 id="hub-start" className="flex items-center gap-2 text-lg font-semibold">
            <BookOpen aria-hidden className="size-5 text-primary" />
            {t('start-title')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {startingPoints.map(({ key, path, icon: Icon }) => (
              <li key={key}>
                <a
                  href={localePath(locale, path)}
                  className="flex h-full gap-3 rounded-xl border border-border p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                  <span>
                    <span className="block font-medium">{t(`start.${key}.title`)}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">
                      {t(`start.${key}.body`)}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageIntro>
  );
}
