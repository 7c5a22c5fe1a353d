import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ActiveLink } from '@/components/active-link';
import { PageFrame } from '@/features/layout/page-frame';
import { policyDocs } from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The policy layout: the list of policy documents beside the document. */
export default async function PolicyLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  return (
    <PageFrame locale={locale} layout="policy">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[15rem_1fr]">
        <nav
          aria-labelledby="policy-documents"
          className="md:sticky md:top-[calc(var(--spacing-header)+2rem)] md:self-start"
        >
          <h2
            id="policy-documents"
            className="px-3 text-xs font-medium uppercase tracking-wide text-muted-foreground"
          >
            {t('label')}
          </h2>
          <ul className="mt-2 grid gap-1">
            {policyDocs.map((doc) => (
              <li key={doc}>
                <ActiveLink
                  href={localePath(locale, `/policy/${doc}`)}
                  prefetch={false}
                  className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9 aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
                >
                  {t(`docs.${doc}.title`)}
                </ActiveLink>
              </li>
            ))}
            <li>
              <ActiveLink
                href={localePath(locale, '/policy/update')}
                prefetch={false}
                className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9 aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
              >
                {t('update.title')}
              </ActiveLink>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </PageFrame>
  );
}
