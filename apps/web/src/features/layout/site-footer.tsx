import Link from 'next/link';
import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { NimbusLogo } from '@/components/nimbus-logo';
import { AnalysisToggle } from '@/features/analytics/analysis-toggle';
import { policyDocs } from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import type { NavLink } from './nav-link';

export interface SiteFooterProps {
  locale: Locale;
}

function FooterColumn({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 grid gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              prefetch={false}
              className="inline-flex min-h-11 items-center text-sm text-muted-foreground hover:text-foreground md:min-h-8"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The footer of the site: product and support links, every policy document, and the visitor's
 * switch for usage statistics.
 */
export async function SiteFooter({ locale }: SiteFooterProps) {
  const t = await getTranslations({ locale, namespace: 'common' });
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const policy = await getTranslations({ locale, namespace: 'policy' });
  const path = (pathname: string) => localePath(locale, pathname);
  return (
    <footer aria-label={t('footer.label')} className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <NimbusLogo />
          <p className="text-sm text-muted-foreground">{t('tagline')}</p>
        </div>
        <FooterColumn
          title={t('footer.product')}
          links={[
            { href: path('/mobile-app'), label: pages('mobile-app.title') },
            { href: path('/desktop-app'), label: pages('desktop-app.title') },
            { href: path('/tv'), label: pages('tv.title') },
            { href: path('/browser-extension'), label: pages('browser-extension.title') },
          ]}
        />
        <FooterColumn
          title={t('footer.support')}
          links={[
            { href: path('/help-center'), label: pages('help-center.title') },
            { href: path('/help'), label: t('footer.help') },
            { href: path('/faq'), label: pages('faq.title') },
            { href: path('/contact-us'), label: t('footer.contact-us') },
            { href: path('/blog'), label: t('footer.blog') },
          ]}
        />
        <FooterColumn
          title={t('footer.policies')}
          links={[
            ...policyDocs.map((doc) => ({
              href: path(`/policy/${doc}`),
              label: policy(`docs.${doc}.title`),
            })),
            { href: path('/policy/update'), label: policy('update.title') },
          ]}
        />
      </div>
      <div className="mx-auto grid max-w-6xl gap-4 px-4 pb-8 md:grid-cols-[1fr_auto] md:items-end">
        <div className="max-w-xl">
          <AnalysisToggle
            texts={{
              label: t('analysis.label'),
              hint: t('analysis.hint'),
              blocked: t('analysis.blocked'),
            }}
          />
        </div>
        <p className="text-xs text-muted-foreground">
          {t('footer.copyright', { year: new Date().getUTCFullYear() })}
        </p>
      </div>
    </footer>
  );
}
