import type { ReactNode } from 'react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/features/layout/page-frame';
import { policyDocs } from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The policy layout: the list of policy documents beside the document. */
export default async function PolicyLayout({ children, params }: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  return (
    <PageFrame locale={locale} layout="policy">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-[15rem_1fr]">
        <nav aria-labelledby="policy-documents" className="md:sticky md:top-[calc(var(--spacing-header)+2rem)] md:self-start">
          <h2 id="policy-documents" className="px-3 text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t('label')}
          </h2>
          <ul className="mt-2 grid gap-1">
            {policyDocs.map((doc) => (
              <li key={doc}>
                <Link
                  href={localePath(locale, `/policy/${doc}`)}
                  className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9"
                >
                  {t(`docs.${doc}.title`)}
                </Link>
              </li>
            ))}
            <li>
              <Link
                href={localePath(locale, '/policy/update')}
                className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9"
              >
                {t('update.title')}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">{children}</div>
      </div>
    </PageFrame>
  );
}
