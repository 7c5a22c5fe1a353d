import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ActiveLink } from '@/components/active-link';
import { helpCenterDirectories } from '@/features/help-center/help-center-content';
import { PageFrame } from '@/features/layout/page-frame';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The help-center layout: the list of topics beside the article. */
export default async function HelpCenterLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'help-center' });
  return (
    <PageFrame locale={locale} layout="help-center">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[14rem_1fr]">
        <nav
          aria-labelledby="help-center-topics"
          className="md:sticky md:top-[calc(var(--spacing-header)+2rem)] md:self-start"
        >
          <h2
            id="help-center-topics"
            className="px-3 text-xs font-medium uppercase tracking-wide text-muted-foreground"
          >
            {t('topics')}
          </h2>
          <ul className="mt-2 grid gap-1">
            {helpCenterDirectories.map((directory) => (
              <li key={directory.slug}>
                <ActiveLink
                  href={localePath(locale, `/help-center/${directory.slug}`)}
                  prefetch={false}
                  className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9 aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
                >
                  {t(`directories.${directory.slug}.title`)}
                </ActiveLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </PageFrame>
  );
}
